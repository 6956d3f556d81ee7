import Foundation
import XCTest

@testable import BowQ

/// Indexes kept in the store file: a save writes the indexes built, an open takes them into
/// use without building them, and one that does not fit the objects — written for others,
/// damaged, or changed by another program — is never used but built again, so answers are
/// always the scan's.
final class StoredIndexTests: XCTestCase {
  private static let model = """
    entity Tie {
      name: String, rating: Int16, worn: Double?, key: String, code: String unique
      index key using hash
      index byRating (rating, name)
      index name
      index worn
      index byWornKey (worn desc, key) using hash
    }
    """

  private var folder: String!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-stored-index").path
  }

  /// An interpreter on `ties` generated ties, two of them worn NaN (which the ordered and
  /// hash indexes keep apart), with the indexes of ``model`` or none.
  private func makeInterpreter(indexed: Bool = true, ties: Int = 300) throws -> Interpreter {
    let interpreter = try Interpreter.generated(
      Self.model, indexed: indexed, count: ties, seed: 11
    ) { i, random in
      let worn = random.chance(20) ? "nil" : "\(Double(random.int(in: -4...8)) / 2)"
      return "insert Tie name = \"\(random.pick(["Blue", "Red", "Green", "Paisley"])) \(i % 10)\", "
        + "rating = \(random.int(in: 0...5)), worn = \(worn), "
        + "key = \"\(random.pick(["R", "G", "B", "Y"]))\", code = \"c\(i)\""
    }
    var graph = interpreter.context.graph
    for key: Int64 in [3, 7] {
      graph.update(ObjectID(entity: "Tie", key: key), attribute: 2, to: .double(.nan))
    }
    interpreter.context = Context(graph: graph)
    return interpreter
  }

  /// The names of the indexes of Tie the store file kept and `graph` has not used yet.
  private func storedNames(_ graph: ObjectGraph) -> Set<String> {
    Set(graph.indexes["Tie"]?.stored.map(\.definition.name) ?? [])
  }

  /// Checks that each index of Tie the file kept and `graph` has not used yet would be
  /// taken into use, and then holds what one built from the objects now holds.
  private func assertStoredIndexesFit(
    _ graph: ObjectGraph, _ context: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let entity = graph.model.entity(named: "Tie") else { return XCTFail("no Tie") }
    var taken = ObjectGraph(model: graph.model)
    taken.tables = graph.tables
    for stored in graph.indexes["Tie"]?.stored ?? [] {
      guard let index = BuiltIndex(stored, of: entity, table: graph.table("Tie")) else {
        XCTFail("\(stored.definition.name) no longer fits, \(context)", file: file, line: line)
        continue
      }
      taken.indexes["Tie", default: EntityIndexes(indexes: [])].indexes.append(index)
    }
    IndexMaintenanceTests.assertIndexesMatchTheObjects(
      taken, "Tie", "kept in the file, " + context, file: file, line: line)
  }

  func testASaveWritesTheBuiltIndexesAndAnOpenTakesThemIntoUse() throws {
    let interpreter = try makeInterpreter()
    let path = folder + "/ties.bowq"
    try StoreFile.save(interpreter.context.graph, to: path)
    XCTAssertEqual(
      storedNames(try StoreFile.load(from: path)), [], "an index never built is not written")

    _ = try interpreter.run("count Tie where key == 'R'; fetch Tie where worn > 1")
    try StoreFile.save(interpreter.context.graph, to: path)
    var loaded = try StoreFile.load(from: path)
    XCTAssertEqual(
      storedNames(loaded), ["key", "worn", "byWornKey"], "the indexes built are written")
    XCTAssertEqual(loaded.table("Tie").keys, interpreter.context.graph.table("Tie").keys)
    assertStoredIndexesFit(loaded, "as read")

    loaded.prepareIndexes(for: "Tie")
    XCTAssertEqual(storedNames(loaded), [])
    XCTAssertEqual(loaded.builtIndexes(of: "Tie").count, 6)
    IndexMaintenanceTests.assertIndexesMatchTheObjects(loaded, "Tie", "taken into use")
    try StoreFile.save(loaded, to: path)
    XCTAssertEqual(
      storedNames(try StoreFile.load(from: path)),
      ["key", "byRating", "name", "worn", "byWornKey", "unique(code)"])
  }

  /// Answers through indexes read from the file are the scan's, through edits, undo, redo,
  /// rollback and saves, the store reopened after each; the indexes the file kept and no
  /// statement used yet fit the objects after every edit, or are let go.
  func testIndexesReadFromTheFileAnswerAsTheScanDoes() throws {
    let predicates = [
      "key == 'R'", "key IN {'R', 'B'}", "rating == 2", "rating > 2 AND name BEGINSWITH 'Blue'",
      "worn == nil", "worn > -1", "worn == 1.5 AND key == 'B'", "name > 'P'", "code == 'c9'",
    ]
    // Each round opens the store, runs its statements and saves.
    let rounds = [
      ["update Tie where rating == 3 set key = 'Y', worn = 2.5"], ["delete Tie where key == 'G'"],
      ["insert Tie name = 'Blue 11', rating = 4, key = 'R', code = 'x1'", "undo"],
      ["update Tie where name beginswith 'Red' set rating = 1", "rollback"],
      ["update Tie set worn = 0", "undo", "redo"],
      ["update Tie where key == 'R' set name = 'Red 1'"],
      ["update Tie where key == 'B' set worn = nil", "fetch Tie where worn == nil", "undo"],
    ]
    let plain = try makeInterpreter(indexed: false)
    let path = folder + "/ties.bowq"
    let seeded = try makeInterpreter()
    seeded.context.prepareIndexes(for: "Tie")
    try StoreFile.save(seeded.context.graph, to: path)
    for (round, statements) in rounds.enumerated() {
      let handle = try StoreHandle(openingForWriting: path)
      defer { handle.release() }
      let indexed = Interpreter(context: Context(graph: try handle.load()), store: .file(handle))
      XCTAssertEqual(storedNames(indexed.context.graph).count, 6, "round \(round)")
      assertStoredIndexesFit(indexed.context.graph, "opened in round \(round)")
      try Interpreter.assertSameAnswers(indexed, plain, for: predicates, round: round)
      for statement in statements {
        _ = try indexed.run(statement)
        _ = try plain.run(statement)
        assertStoredIndexesFit(indexed.context.graph, statement)
        assertStoredIndexesFit(indexed.context.committed, "committed, " + statement)
        try Interpreter.assertSameAnswers(indexed, plain, for: predicates, round: round)
        IndexMaintenanceTests.assertIndexesMatchTheObjects(indexed.context.graph, "Tie", statement)
      }
      indexed.context.prepareIndexes(for: "Tie")
      _ = try indexed.run("save")
      _ = try plain.run("save")
    }
  }

  /// A session reads a kept index's positions from the file only when it takes the index
  /// into use, from the version it opened; and reads those of every index not used yet
  /// before it lets the file go, once every column is decoded.
  func testAKeptIndexIsReadFromTheFileWhenUsedAndBeforeTheFileIsLetGo() throws {
    let interpreter = try makeInterpreter()
    interpreter.context.prepareIndexes(for: "Tie")
    let path = folder + "/ties.bowq"
    try StoreFile.save(interpreter.context.graph, to: path)

    let replaced = try StoreOpening(path: path, readOnly: true).open().interpreter
    XCTAssertEqual(storedNames(replaced.context.graph).count, 6)
    try StoreFile.save(interpreter.context.graph, to: path)
    XCTAssertEqual(
      replaced.context.graph.indexes["Tie"]?.stored.compactMap { $0.entries() }.count, 0,
      "positions are read when used, and never from another version of the file")

    let session = try StoreOpening(path: path, readOnly: true).open().interpreter
    try session.decodeEveryColumn()
    XCTAssertNil(session.storeFile, "every column is decoded")
    try FileManager.default.removeItem(atPath: path)
    var graph = session.context.graph
    guard let entity = graph.model.entity(named: "Tie") else { return XCTFail("no Tie") }
    for stored in graph.indexes["Tie"]?.stored ?? [] {
      XCTAssertNotNil(
        BuiltIndex(stored, of: entity, table: graph.table("Tie")),
        "\(stored.definition.name) was read before the file was let go")
    }
    graph.prepareIndexes(for: "Tie")
    IndexMaintenanceTests.assertIndexesMatchTheObjects(graph, "Tie", "taken into use")
  }

  /// A file whose objects another program changed while keeping the index: the index no
  /// longer fits, is not used, and is built again; answers are the scan's.
  func testAnIndexLeftStaleByAnotherProgramIsBuiltAgain() throws {
    let interpreter = try makeInterpreter()
    interpreter.context.prepareIndexes(for: "Tie")
    let path = folder + "/ties.bowq"
    try StoreFile.save(interpreter.context.graph, to: path)
    let edited = folder + "/edited.bowq"
    // Swaps two ratings and two names of different rows, which keeps every group's size
    // and every row listed, but not the order or the groups.
    try runCommand([
      "python3", "-c",
      """
      import plistlib, sys
      with open(sys.argv[1], "rb") as f:
          store = plistlib.load(f)
      columns = store["entities"]["Tie"]["columns"]
      rows = [i for i, k in enumerate(columns["key"]) if k != columns["key"][0]]
      for name in ("rating", "name", "key", "worn"):
          c = columns[name]
          c[0], c[rows[0]] = c[rows[0]], c[0]
      with open(sys.argv[2], "wb") as f:
          plistlib.dump(store, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
      """, path, edited,
    ])
    var graph = try StoreFile.load(from: edited)
    XCTAssertFalse(storedNames(graph).isEmpty, "written for as many objects: kept until used")
    guard let entity = graph.model.entity(named: "Tie") else { return XCTFail("no Tie") }
    let unfit = (graph.indexes["Tie"]?.stored ?? []).filter {
      BuiltIndex($0, of: entity, table: graph.table("Tie")) == nil
    }
    XCTAssertTrue(
      unfit.contains { $0.definition.name == "key" },
      "an index whose groups a swapped value changes no longer fits")
    graph.prepareIndexes(for: "Tie")
    IndexMaintenanceTests.assertIndexesMatchTheObjects(graph, "Tie", "built again")
  }

  /// A section of indexes that is well formed as a property list but not as indexes is
  /// ignored, index by index: the store opens as it would without it, and each such index
  /// is built when needed.
  func testADamagedIndexSectionIsIgnoredAndTheIndexBuiltAgain() throws {
    let interpreter = try makeInterpreter(ties: 40)
    interpreter.context.prepareIndexes(for: "Tie")
    let graph = interpreter.context.graph
    let plist = try StoreCodec.encode(graph)
    let damages: [(String, (inout PropertyListDictionary) -> Void)] = [
      ("rows not data", { $0["rows"] = .string("x") }),
      ("rows of odd length", { $0["rows"] = .data(Data([1, 0, 0])) }),
      ("a row past the end", { $0["rows"] = .data(Data(repeating: 0xFF, count: 4 * 40)) }),
      ("a row twice", { $0["rows"] = .data(Data(repeating: 0, count: 4 * 40)) }),
      ("no rows", { $0["rows"] = nil }),
      ("other objects", { $0["objects"] = .integer(41) }),
      ("a negative count", { $0["objects"] = .integer(-1) }),
      (
        "another kind", { $0["kind"] = .string($0["kind"] == .string("hash") ? "ordered" : "hash") }
      ),
      ("an undeclared name", { $0["name"] = .string("nope") }),
      ("groups not adding up", { $0.damageGroups(Data([1, 0, 0, 0])) }),
      ("an empty group", { $0.damageGroups(Data([0, 0, 0, 0] + [40, 0, 0, 0])) }),
    ]
    for (damage, apply) in damages {
      guard var root = plist.dictionaryValue, var entities = root["entities"]?.dictionaryValue,
        var tie = entities["Tie"]?.dictionaryValue, let section = tie["indexes"]?.arrayValue
      else { return XCTFail("no indexes written") }
      tie["indexes"] = .array(
        section.map { entry in
          guard var entry = entry.dictionaryValue else { return entry }
          apply(&entry)
          return .dictionary(entry)
        })
      entities["Tie"] = .dictionary(tie)
      root["entities"] = .dictionary(entities)
      var opened = try StoreCodec.decode(.dictionary(root))
      XCTAssertEqual(opened.table("Tie").keys, graph.table("Tie").keys, damage)
      guard let entity = opened.model.entity(named: "Tie") else { return XCTFail("no Tie") }
      XCTAssertTrue(
        (opened.indexes["Tie"]?.stored ?? []).allSatisfy {
          BuiltIndex($0, of: entity, table: opened.table("Tie")) == nil
        }, damage)
      opened.prepareIndexes(for: "Tie")
      XCTAssertEqual(opened.builtIndexes(of: "Tie").count, 6, damage)
      IndexMaintenanceTests.assertIndexesMatchTheObjects(opened, "Tie", damage)
    }
    guard var root = plist.dictionaryValue, var entities = root["entities"]?.dictionaryValue,
      var tie = entities["Tie"]?.dictionaryValue
    else { return XCTFail("no Tie") }
    tie["indexes"] = .string("not an array")
    entities["Tie"] = .dictionary(tie)
    root["entities"] = .dictionary(entities)
    XCTAssertEqual(storedNames(try StoreCodec.decode(.dictionary(root))), [])
  }

  /// Other property-list tools read a store with indexes, and bowq reads back what they
  /// write, indexes included.
  func testOtherToolsReadAStoreWithIndexes() throws {
    let interpreter = try makeInterpreter(ties: 50)
    interpreter.context.prepareIndexes(for: "Tie")
    let path = folder + "/ties.bowq"
    try StoreFile.save(interpreter.context.graph, to: path)
    XCTAssertTrue(try runCommand(["plutil", "-lint", path]).output.contains("OK"))
    XCTAssertTrue(try runCommand(["plutil", "-p", path]).output.contains("\"indexes\" =>"))
    let python = folder + "/python.bowq"
    let summary = try runCommand([
      "python3", "-c",
      """
      import plistlib, struct, sys
      with open(sys.argv[1], "rb") as f:
          store = plistlib.load(f)
      tie = store["entities"]["Tie"]
      for index in tie["indexes"]:
          rows = struct.unpack("<%dI" % (len(index["rows"]) // 4), index["rows"])
          print(index["name"], index["kind"], index["objects"], len(rows) <= len(tie["keys"]))
      with open(sys.argv[2], "wb") as f:
          plistlib.dump(store, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
      """, path, python,
    ])
    XCTAssertTrue(summary.output.contains("byRating ordered 50 True"), summary.output)
    XCTAssertTrue(summary.output.contains("key hash 50 True"), summary.output)
    var rewritten = [python]
    if isInstalled("plistutil") {
      let libplist = folder + "/libplist.bowq"
      try runCommand(["plistutil", "-i", path, "-o", libplist, "-f", "bin"])
      rewritten.append(libplist)
    }
    for file in rewritten {
      var graph = try StoreFile.load(from: file)
      XCTAssertEqual(storedNames(graph).count, 6, file)
      assertStoredIndexesFit(graph, file)
      graph.prepareIndexes(for: "Tie")
      XCTAssertEqual(storedNames(graph), [], file)
      IndexMaintenanceTests.assertIndexesMatchTheObjects(graph, "Tie", file)
    }
  }

  /// An index that must be built is used only when it will be kept — a writable store's save
  /// writes it — or when the statement pays for the build; so is one the file keeps, since
  /// taking it into use reads every row it lists, as building does.
  func testAnIndexThatMustBeBuiltIsUsedOnlyWhenKeptOrPaidFor() throws {
    let interpreter = try makeInterpreter()
    let plain = folder + "/plain.bowq"
    try StoreFile.save(interpreter.context.graph, to: plain)
    interpreter.context.prepareIndexes(for: "Tie")
    let indexed = folder + "/indexed.bowq"
    try StoreFile.save(interpreter.context.graph, to: indexed)
    func session(_ path: String, readOnly: Bool) throws -> Interpreter {
      let handle =
        readOnly ? StoreHandle(openingReadOnly: path) : try StoreHandle(openingForWriting: path)
      addTeardownBlock { handle.release() }
      return Interpreter(context: Context(graph: try handle.load()), store: .file(handle))
    }
    let count = "count Tie where key == 'R'"
    let counted = ["indexCount(key)"]

    let readOnly = try session(plain, readOnly: true)
    XCTAssertEqual(
      try readOnly.shape(count), ["scan(300)", "filter", "count"],
      "read-only, the build would be thrown away: a scan costs less")
    XCTAssertTrue(readOnly.context.graph.builtIndexes(of: "Tie").isEmpty)
    let many = (1...9).map { "rating != \($0 + 5)" }.joined(separator: " AND ")
    XCTAssertEqual(
      try readOnly.shape("count Tie where key == 'R' AND \(many)").first, "indexLookup(key)",
      "nine comparisons on every object cost more than building the index")

    XCTAssertEqual(
      try session(plain, readOnly: false).shape(count), counted,
      "writable: the next save keeps the index")
    let kept = try session(indexed, readOnly: true)
    XCTAssertEqual(
      try kept.shape(count), ["scan(300)", "filter", "count"],
      "read-only, kept in the file: a scan costs less than taking the index into use")
    XCTAssertEqual(
      try kept.shape("fetch Tie sort by name limit 3"),
      ["scan(300)", "topObjects(3)", "page(0, 3)"])
    XCTAssertTrue(kept.context.graph.builtIndexes(of: "Tie").isEmpty)
    XCTAssertEqual(
      try kept.shape("count Tie where key == 'R' AND \(many)").first, "indexLookup(key)",
      "a statement that pays for the build takes the kept index into use")
    let writable = try session(indexed, readOnly: false)
    XCTAssertEqual(try writable.shape(count), counted, "writable, kept in the file")
    XCTAssertEqual(
      try writable.shape("fetch Tie sort by name limit 3"), ["indexWalk(name, 3)", "page(0, 3)"],
      "a sort by a kept index walks it")

    XCTAssertFalse(PlanEstimate.buildPays(objects: 1_000_000, predicate: nil))
    XCTAssertFalse(PlanEstimate.buildPays(objects: 0, predicate: .constant(true)))
  }

  /// A store written before indexes were kept has none in the file, opens as before, and
  /// builds its indexes when a statement needs them.
  func testAStoreWithoutIndexesInTheFileOpensAndBuildsThem() throws {
    let interpreter = try makeInterpreter(ties: 30)
    let path = folder + "/old.bowq"
    try StoreFile.save(interpreter.context.graph, to: path)
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    XCTAssertNil(
      try BinaryPropertyListReader.decode(data).dictionaryValue?["entities"]?
        .dictionaryValue?["Tie"]?.dictionaryValue?["indexes"])
    var graph = try StoreFile.load(from: path)
    XCTAssertNil(graph.indexes["Tie"])
    graph.prepareIndexes(for: "Tie")
    IndexMaintenanceTests.assertIndexesMatchTheObjects(graph, "Tie", "built")
  }
}

extension PropertyListDictionary {
  /// Gives a hash index's entry `groups`, and an ordered index's no rows.
  fileprivate mutating func damageGroups(_ groups: Data) {
    if self["kind"] == .string("hash") {
      self["groups"] = .data(groups)
    } else {
      self["rows"] = .data(Data())
    }
  }
}
