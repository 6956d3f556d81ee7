import XCTest

@testable import BowQ

/// An ordered index of strings answers ranges, `BEGINSWITH`, equality and sorting whenever
/// its order is the engine's: while every string it holds there, and the probe, is in NFC —
/// accented Latin, other scripts and characters beyond U+FFFF included. A string in another
/// spelling (a combining mark after its letter) sends the statement back to the scan, and
/// `[c]` and `[d]` are always scanned. Every answer is the scan's, through edits, undo and
/// rollback.
final class IndexStringOrderTests: XCTestCase {
  private static let model = """
    entity Tie {
      name: String?, rating: Int16?
      index name
      index byRatingName (rating, name)
    }
    """

  /// Names in NFC: case and diacritic variants, a letter Unicode folds to two, other
  /// scripts, a character beyond U+FFFF and one just below, whose UTF-16 order differs from
  /// their scalar order.
  private static let names = [
    "Crème Brûlée", "Creme", "crème", "CRÈME", "Crèmes", "Ångström", "Angstrom", "Zebra",
    "émile", "Émile", "Emile", "Straße", "STRASSE", "日本", "日本語", "🎀 Bow", "\u{FF5E} tilde",
    "Ünter", "a", "B", "Ωmega", "ωmega",
  ]

  private func makeInterpreter(indexed: Bool) throws -> Interpreter {
    try Interpreter.generated(Self.model, indexed: indexed, count: 200, seed: 17) { _, random in
      let name = random.chance(8) ? "nil" : "'\(random.pick(Self.names))'"
      return "insert Tie name = \(name), rating = \(random.int(in: 0...3))"
    }
  }

  func testStringsInNFCAreSearchedInTheIndex() throws {
    let interpreter = try makeInterpreter(indexed: true)
    for (predicate, index) in [
      ("name > 'Crème'", "name"), ("name BEGINSWITH 'Crè'", "name"),
      ("name BETWEEN {'Émile', '日本'}", "name"), ("name == 'Ωmega'", "name"),
      ("rating == 2 AND name >= '🎀'", "byRatingName[2]"),
    ] {
      XCTAssertEqual(
        try interpreter.shape("fetch Tie where \(predicate)").first, "indexLookup(\(index))",
        predicate)
    }
    XCTAssertEqual(
      try interpreter.shape("fetch Tie sort by name desc limit 3"),
      ["indexWalk(name, 3)", "page(0, 3)"])
    for predicate in [
      "name >[c] 'crème'", "name BEGINSWITH[d] 'Creme'", "name ==[cd] 'creme'",
      "name == 'Cre\u{300}me'", "name < 'E\u{301}mile'",
    ] {
      XCTAssertEqual(
        try interpreter.shape("fetch Tie where \(predicate)"), ["scan(200)", "filter"],
        "\(predicate) is the scan's to answer")
    }
    _ = try interpreter.run("insert Tie name = 'Cre\u{300}me', rating = 2")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where name > 'Crème'"), ["scan(201)", "filter"],
      "a string in another spelling leaves the order inexact")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where rating == 2 AND name > 'Crème'"),
      ["indexLookup(byRatingName)", "filter"])
    _ = try interpreter.run("undo")
    XCTAssertEqual(
      try interpreter.shape("fetch Tie where name > 'Crème'"), ["indexLookup(name)"])
  }

  func testStringSearchesAnswerAsTheScanDoes() throws {
    let predicates = [
      "name > 'Crème'", "name >= 'Crème'", "name < 'É'", "name <= 'Émile'",
      "name BETWEEN {'C', 'Ö'}", "name BETWEEN {'Émile', '日本'}", "name BEGINSWITH 'Cr'",
      "name BEGINSWITH 'Crè'", "name BEGINSWITH 'É'", "name BEGINSWITH '日本'",
      "name BEGINSWITH '🎀'", "name BEGINSWITH 'E'", "name == 'Crème Brûlée'",
      "name == 'Cre\u{300}me Brûlée'", "name IN {'Straße', 'émile', 'E\u{301}mile'}",
      "name >= '🎀'", "name < '\u{FF5E}'", "name > '\u{FF5E}'", "name == 'Ωmega'",
      "name >[c] 'crème'", "name ==[c] 'CRÈME'", "name BEGINSWITH[cd] 'creme'",
      "name ==[d] 'Creme'", "name <[cd] 'emile'", "name BEGINSWITH 'e\u{301}'",
      "rating == 3 AND name > 'Crème'", "rating == 1 AND name BEGINSWITH 'É'",
      "rating IN {0, 2} AND name < 'Ω'", "rating == 2 AND name ==[c] 'émile'",
    ]
    let sorted = [
      "sort by name limit 7", "sort by name desc limit 7", "sort by name",
      "where rating == 2 sort by name limit 5", "where rating == 1 sort by name desc limit 5",
      "where name > 'C' sort by name limit 9", "sort by rating desc, name desc limit 11",
    ]
    let indexed = try makeInterpreter(indexed: true)
    let plain = try makeInterpreter(indexed: false)
    let edits = [
      "insert Tie name = 'Cre\u{300}me', rating = 2", "delete Tie where name == 'Creme'",
      "undo", "undo", "update Tie where rating == 3 set name = 'Ωmega 2'", "rollback",
      "update Tie where name == 'Zebra' set name = 'E\u{301}mile'", "save",
      "delete Tie where name BEGINSWITH 'E'", "redo",
    ]
    for round in 0...edits.count {
      try Interpreter.assertSameAnswers(indexed, plain, for: predicates, round: round)
      for request in sorted {
        XCTAssertEqual(
          try indexed.fetchedKeys("fetch Tie \(request)"),
          try plain.fetchedKeys("fetch Tie \(request)"), "\(request), round \(round)")
      }
      guard round < edits.count else { break }
      _ = try indexed.run(edits[round])
      _ = try plain.run(edits[round])
      IndexMaintenanceTests.assertIndexesMatchTheObjects(indexed.context.graph, "Tie", edits[round])
    }
  }

  func testTheOrderTellsStringsInNFC() {
    XCTAssertTrue(IndexOrder.isNFC("Crème Brûlée"))
    XCTAssertTrue(IndexOrder.isNFC("日本語 🎀"))
    XCTAssertFalse(IndexOrder.isNFC("Cre\u{300}me"))
    XCTAssertFalse(IndexOrder.isNFC("\u{212B}"), "the Ångström sign composes to Å")
    XCTAssertEqual(IndexOrder.compare("Crème", toStringsBeginningWith: "Cr"), .orderedSame)
    XCTAssertEqual(IndexOrder.compare("Cq", toStringsBeginningWith: "Cr"), .orderedAscending)
    XCTAssertEqual(IndexOrder.compare("Cs", toStringsBeginningWith: "Crè"), .orderedDescending)
  }
}
