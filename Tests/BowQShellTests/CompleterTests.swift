import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// Tab completion without a terminal: what each context of a line offers, and that no line
/// can make the completer fail.
final class CompleterTests: XCTestCase {
  /// BowTie, and a Person who owns ties through `ties` and has an `address`.
  static let model = Model(entities: [
    Entity(
      name: "BowTie",
      attributes: [
        Attribute(name: "name", type: .string), Attribute(name: "searchKey", type: .string),
        Attribute(name: "rating", type: .double), Attribute(name: "timesWorn", type: .int32),
      ],
      relationships: [Relationship(name: "owner", destination: "Person", isToMany: false)]),
    Entity(
      name: "Person", attributes: [Attribute(name: "surname", type: .string)],
      relationships: [
        Relationship(name: "ties", destination: "BowTie", isToMany: true),
        Relationship(name: "address", destination: "Address", isToMany: false),
      ]),
    Entity(name: "Address", attributes: [Attribute(name: "city", type: .string)]),
  ])

  let completer = Completer(model: CompleterTests.model, workingDirectory: "/nonexistent")

  private func candidates(_ line: String) -> [String] {
    completer.complete(line).candidates
  }

  func testStatementKeywordsCompleteInTheCaseTyped() {
    XCTAssertEqual(completer.complete("fet").insertion, "ch ")
    XCTAssertEqual(completer.complete("FET").insertion, "CH ")
    XCTAssertEqual(completer.complete("Fet").insertion, "ch ")
    XCTAssertEqual(candidates("e"), ["entity", "explain", "export"])
    XCTAssertEqual(candidates("explain an"), ["analyze"])
  }

  func testAnEmptyLineOffersStatementsAndDotCommands() {
    let offered = candidates("")
    XCTAssertTrue(offered.contains("fetch"))
    XCTAssertTrue(offered.contains(".mode"))
    XCTAssertEqual(candidates("   "), offered)
  }

  func testEntityNamesFollowTheStatementsThatNameOne() {
    for statement in ["fetch", "count", "insert", "update", "delete", "export", "FETCH"] {
      XCTAssertEqual(completer.complete("\(statement) Bow").insertion, "Tie ", statement)
    }
    XCTAssertEqual(candidates("fetch "), ["Address", "BowTie", "Person"])
    XCTAssertEqual(candidates("import \"x.plist\" into P"), ["Person"])
  }

  func testPropertiesFollowWhereSelectSortBySetAndConnectives() {
    XCTAssertEqual(completer.complete("fetch BowTie where ra").insertion, "ting ")
    XCTAssertEqual(completer.complete("fetch bowtie where rating > 3 and time").insertion, "sWorn ")
    XCTAssertEqual(candidates("fetch BowTie select name, r"), ["rating"])
    XCTAssertEqual(candidates("fetch BowTie sort by r"), ["rating"])
    XCTAssertEqual(candidates("fetch BowTie sort "), ["by"])
    XCTAssertEqual(candidates("update BowTie where name == \"x\" set ra"), ["rating"])
    XCTAssertEqual(candidates("insert BowTie na"), ["name"])
    XCTAssertEqual(candidates("fetch BowTie where (r"), ["rating"])
    XCTAssertEqual(candidates("fetch BowTie where s"), ["searchKey", "self", "some", "subquery"])
  }

  func testKeyPathsFollowRelationships() {
    XCTAssertEqual(candidates("fetch BowTie where owner."), ["address", "surname", "ties"])
    XCTAssertEqual(candidates("fetch BowTie where owner.address.c"), ["city"])
    XCTAssertEqual(candidates("fetch BowTie where name.x"), [])
  }

  func testOperatorsAndModifiersFollowAKey() {
    XCTAssertEqual(completer.complete("fetch BowTie where name CON").insertion, "TAINS ")
    XCTAssertEqual(completer.complete("fetch BowTie where name con").insertion, "tains ")
    XCTAssertEqual(candidates("fetch BowTie where name CONTAINS["), ["c]", "cd]", "d]"])
    XCTAssertEqual(
      candidates("fetch BowTie where name == \"x\" "),
      ["and", "group", "having", "limit", "offset", "or", "sort"])
    XCTAssertEqual(candidates("fetch BowTie sort by rating "), ["asc", "desc", "limit", "offset"])
    XCTAssertEqual(candidates("export BowTie to \"a.json\" as js"), ["json", "jsonl"])
  }

  func testDotCommandsAndTheirArguments() {
    XCTAssertEqual(completer.complete(".mo").insertion, "de ")
    XCTAssertEqual(candidates(".mode j"), ["json", "jsonl"])
    XCTAssertEqual(candidates(".schema B"), ["BowTie"])
    XCTAssertEqual(
      candidates(".SCHEMA "), ["--diagram", "--format", "Address", "BowTie", "Person"])
    XCTAssertEqual(candidates(".format c"), ["csv"])
    XCTAssertEqual(candidates(".param u"), ["unset"])
    XCTAssertEqual(candidates(".quit x"), [])
  }

  func testFileNamesInsideTheQuotesOfImportExportAndRead() throws {
    let folder = try makeTemporaryFolder("bowq-completer")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
    for name in ["ties.plist", "data/more.json", ".hidden"] {
      try Data().write(to: folder.appendingPathComponent(name))
    }
    let files = Completer(model: Self.model, workingDirectory: folder.path)

    XCTAssertEqual(files.complete("import \"t").insertion, "ies.plist\" ")
    XCTAssertEqual(files.complete("import \"").candidates, ["\"data/", "\"ties.plist"])
    XCTAssertEqual(files.complete("import \"").listed, ["data/", "ties.plist"])
    XCTAssertEqual(files.complete("export BowTie to 'data/m").insertion, "ore.json' ")
    XCTAssertEqual(files.complete(".read d").insertion, "ata/")
    XCTAssertEqual(files.complete(".read \"data/").listed, ["more.json"])
    XCTAssertEqual(files.complete("import \".h").candidates, ["\".hidden"])
    XCTAssertEqual(files.complete("fetch BowTie where name == \"t").candidates, [])
  }

  func testHostileLinesCompleteToNothingWithoutFailing() {
    let lines = [
      "fetch BowTie where name == \"unclosed", "import \"/nonexistent/dir/x",
      String(repeating: "fetch BowTie where rating > 1 and ", count: 300),
      String(repeating: "(", count: 10_000), "fetch \u{FFFD}", "\u{FFFD}", "   ", ".",
      "fetch BowTie where owner.", "...", "explain", "; ;", "#", "$", "fetch BowTie where 3 .",
    ]
    for line in lines {
      _ = completer.complete(line)
      _ = completer.complete(line).insertion
    }
    XCTAssertEqual(candidates("fetch \u{FFFD}"), [])
    XCTAssertEqual(candidates("fetch BowTie where name == \"unclosed"), [])
  }

  func testASecondTabListsCandidatesInColumns() {
    let list = CandidateList(["searchKey", "self", "some", "subquery"])
    XCTAssertEqual(list.lines(width: 80), "searchKey  self       some       subquery\n")
    XCTAssertEqual(list.lines(width: 24), "searchKey  some\nself       subquery\n")
    XCTAssertEqual(list.lines(width: 3), "searchKey\nself\nsome\nsubquery\n")
  }
}
