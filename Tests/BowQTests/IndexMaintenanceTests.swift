import XCTest

@testable import BowQ

/// Indexes stay right through every change a graph takes — inserts, updates, deletes, undo,
/// redo, rollback, save and redefinition — checked after each random step against an index
/// built afresh from the objects, for ordered and hash indexes alike.
final class IndexMaintenanceTests: XCTestCase {
  private static let definition = """
    entity T {
      a: Int64?, s: String?, d: Double?, n: Int16 default 0
      index a
      index s using hash
      index byDS (d desc, s)
      index n using hash
      index byAS (a, s) using hash
    }
    """

  /// Checks that every index `graph` has built for `entity` holds what one built from its
  /// objects now holds.
  static func assertIndexesMatchTheObjects(
    _ graph: ObjectGraph, _ entity: String, _ context: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    guard let definition = graph.model.entity(named: entity) else {
      return XCTFail("no entity \(entity)", file: file, line: line)
    }
    for built in graph.builtIndexes(of: entity) {
      let fresh = BuiltIndex(built.definition, of: definition, table: graph.table(entity))
      let name = "\(built.definition.name) after \(context)"
      XCTAssertEqual(built.slots, fresh.slots, name, file: file, line: line)
      XCTAssertEqual(built.hash?.groups, fresh.hash?.groups, name, file: file, line: line)
      XCTAssertEqual(
        built.ordered.map(describe), fresh.ordered.map(describe), name, file: file, line: line)
    }
  }

  /// An ordered index's entries in order, and the keys it keeps apart.
  private static func describe(_ index: OrderedIndex) -> [String] {
    index.entries.map { "\([$0.values.first] + $0.values.rest) \($0.key)" }
      + ["nils \(index.nils.sorted())", "unordered \(index.unordered.sorted())"]
      + ["not NFC \(index.inexactStrings)", "count \(index.count)"]
      + [
        "inexact \(index.inexactValues.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })"
      ]
  }

  private func randomValues(_ random: inout SplitMix64) -> String {
    let a = random.chance(15) ? "nil" : "\(random.int(in: -3...3))"
    let s = random.chance(15) ? "nil" : random.pick(["\"x\"", "\"y\"", "\"é\"", "\"\"", "\"x y\""])
    let d = random.chance(15) ? "nil" : "\(Double(random.int(in: -5...5)) / 2)"
    return "a = \(a), s = \(s), d = \(d)"
  }

  func testRandomEditsKeepEveryIndexRight() throws {
    for seed in UInt64(1)...6 {
      var random = SplitMix64(seed: seed)
      let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
      _ = try interpreter.run(Self.definition)
      for _ in 0..<30 { _ = try interpreter.run("insert T \(randomValues(&random))") }
      _ = try interpreter.run("save")
      interpreter.context.prepareIndexes(for: "T")
      XCTAssertEqual(interpreter.context.graph.builtIndexes(of: "T").count, 5)
      for step in 0..<200 {
        let statement: String
        switch random.int(in: 0...10) {
        case 0, 1: statement = "insert T \(randomValues(&random))"
        case 2, 3:
          statement = "update T where a == \(random.int(in: -3...3)) set \(randomValues(&random))"
        case 4: statement = "update T set n = n + 1"
        case 5: statement = "delete T where a == \(random.int(in: -3...3)) or s == \"y\""
        case 6: statement = "undo"
        case 7: statement = "redo"
        case 8: statement = random.chance(50) ? "rollback" : "save"
        case 9:
          statement =
            random.chance(50)
            ? Self.definition
            : Self.definition.replacingOccurrences(
              of: "n: Int16 default 0", with: "n: Int16 default 0, e: String?")
        default: statement = "fetch T where a > 0"
        }
        _ = try interpreter.run(statement)
        if random.chance(60) { interpreter.context.prepareIndexes(for: "T") }
        let context = "step \(step) (\(statement)) of seed \(seed)"
        Self.assertIndexesMatchTheObjects(interpreter.context.graph, "T", context)
        Self.assertIndexesMatchTheObjects(
          interpreter.context.committed, "T", "committed, " + context)
      }
    }
  }

  /// A session on 3,000 objects of `T` (`a` = i % 7, `s` = "k\(i % 5)", `d` = i), every
  /// index built.
  private func interpreterWithIndexedObjects() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(Self.definition)
    var graph = interpreter.context.graph
    for i in 0..<3000 {
      graph.insert(
        [.int(Int64(i % 7)), .string("k\(i % 5)"), .double(Double(i)), .int(0)], into: "T")
    }
    interpreter.context = Context(graph: graph)
    interpreter.context.prepareIndexes(for: "T")
    return interpreter
  }

  /// An edit that changes more objects than maintaining entry by entry is worth drops the
  /// indexes; the next use builds them again, right.
  func testAWholeColumnUpdateRebuildsInsteadOfUpdatingEachEntry() throws {
    let interpreter = try interpreterWithIndexedObjects()
    _ = try interpreter.run("update T where a == 3 set n = 1")
    XCTAssertEqual(
      interpreter.context.graph.builtIndexes(of: "T").count, 5, "a few changes are kept")
    Self.assertIndexesMatchTheObjects(interpreter.context.graph, "T", "a small update")
    _ = try interpreter.run("update T set n = 2")
    XCTAssertTrue(interpreter.context.graph.builtIndexes(of: "T").isEmpty, "too many: dropped")
    interpreter.context.prepareIndexes(for: "T")
    XCTAssertEqual(interpreter.context.graph.builtIndexes(of: "T").count, 5)
    Self.assertIndexesMatchTheObjects(interpreter.context.graph, "T", "the rebuild")
    _ = try interpreter.run("undo")
    XCTAssertTrue(interpreter.context.graph.builtIndexes(of: "T").isEmpty)
    interpreter.context.prepareIndexes(for: "T")
    Self.assertIndexesMatchTheObjects(interpreter.context.graph, "T", "undo")
  }

  /// A delete of more objects than maintaining entry by entry is worth drops the indexes
  /// (without reading the rows it removes); a smaller one keeps them right.
  func testADeleteOfManyObjectsDropsTheIndexesAndAFewKeepsThemRight() throws {
    let interpreter = try interpreterWithIndexedObjects()
    _ = try interpreter.run("delete T where d >= 2400")
    XCTAssertEqual(
      interpreter.context.graph.builtIndexes(of: "T").count, 5, "600 changes are kept")
    Self.assertIndexesMatchTheObjects(interpreter.context.graph, "T", "a small delete")
    _ = try interpreter.run("delete T where d < 1100")
    XCTAssertTrue(interpreter.context.graph.builtIndexes(of: "T").isEmpty, "too many: dropped")
    interpreter.context.prepareIndexes(for: "T")
    Self.assertIndexesMatchTheObjects(interpreter.context.graph, "T", "the rebuild")
    XCTAssertEqual(try interpreter.run("count T where a == 3").last, .count(entity: "T", 186))
  }

  func testIndexesAreNotPartOfTheGraphsEquality() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(Self.definition + "\ninsert T a = 1")
    let before = interpreter.context.graph
    interpreter.context.prepareIndexes(for: "T")
    XCTAssertEqual(interpreter.context.graph, before)
    XCTAssertFalse(interpreter.context.graph.builtIndexes(of: "T").isEmpty)
  }

  /// Values with no place in the order, and strings the engine may equate in other
  /// spellings, are kept apart or counted, so that the index answers only what it can exactly.
  func testTheOrderedIndexKeepsNilAndNaNApartAndCountsStringsNotInNFC() {
    var index = OrderedIndex([])
    let values: [Value] = [.double(2), .null, .double(.nan), .double(-1), .double(2), .int(2)]
    for (key, value) in values.enumerated() {
      index.insert(OrderedIndex.Entry(values: IndexValues(first: value), key: Int64(key)))
    }
    XCTAssertEqual(index.entries.map(\.key), [3, 0, 4, 5])
    XCTAssertEqual(index.nils, [1])
    XCTAssertEqual(index.unordered, [2])
    XCTAssertFalse(index.isExact)
    index.remove(OrderedIndex.Entry(values: IndexValues(first: .double(.nan)), key: 2))
    XCTAssertTrue(index.isExact)
    let twos = index.position(after: .double(2), inclusive: true)
    XCTAssertEqual(
      index.keys(from: twos, to: index.position(after: .int(2), inclusive: false)), [0, 4, 5])
    index.insert(OrderedIndex.Entry(values: IndexValues(first: .string("e\u{301}")), key: 9))
    XCTAssertFalse(index.isExact)
    XCTAssertEqual(IndexOrder.compareUTF16("\u{FF5E}", "\u{1F600}"), .orderedDescending)
    XCTAssertEqual(IndexOrder.compareUTF16("ab", "abc"), .orderedAscending)
  }

  /// Many insertions and removals split and empty blocks, and the order holds.
  func testBlocksSplitAndEmptyInOrder() {
    var index = OrderedIndex([])
    var random = SplitMix64(seed: 3)
    var present: [Int64: Int] = [:]
    for key in Int64(0)..<5000 {
      let value = random.int(in: 0...300)
      present[key] = value
      index.insert(OrderedIndex.Entry(values: IndexValues(first: .int(Int64(value))), key: key))
    }
    for key in Int64(0)..<5000 where key % 3 != 0 {
      index.remove(
        OrderedIndex.Entry(values: IndexValues(first: .int(Int64(present[key] ?? 0))), key: key))
      present[key] = nil
    }
    XCTAssertTrue(index.blocks.allSatisfy { $0.count <= OrderedIndex.maximumBlock && !$0.isEmpty })
    let expected = present.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
    XCTAssertEqual(index.entries.map(\.key), expected)
    XCTAssertEqual(index.count, expected.count)
    let from = index.position(after: .int(100), inclusive: true)
    let to = index.position(after: .int(200), inclusive: false)
    XCTAssertEqual(
      index.keys(from: from, to: to),
      present.filter { (100...200).contains($0.value) }.sorted {
        ($0.value, $0.key) < ($1.value, $1.key)
      }
      .map(\.key))
    XCTAssertEqual(index.count(from: from, to: to), index.keys(from: from, to: to).count)
  }
}
