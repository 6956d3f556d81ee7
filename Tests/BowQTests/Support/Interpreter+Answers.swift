import XCTest

@testable import BowQ

extension Interpreter {
  /// An interpreter on an empty in-memory graph whose clock steps one millisecond per
  /// reading (``PlannerTests/SteppingStopwatch``), so `explain analyze` times are fixed.
  static func steppingInMemory() -> Interpreter {
    let stopwatch = PlannerTests.SteppingStopwatch()
    return Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory, stopwatch: stopwatch.read)
  }

  /// An interpreter on an in-memory graph seeded with the BowTies sample of the package's
  /// SampleData.plist.
  static func sampleInMemory() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    try BowTiesSample.seed(
      interpreter,
      sampleDataPath: GrammarTests.packageRoot.appendingPathComponent("SampleData.plist").path)
    return interpreter
  }

  /// A session on the Core Data store `file` (opened from `path`), its rows left in the
  /// file until needed, that saves back into it when `writes` (`--write-core-data`).
  static func coreData(
    _ file: CoreDataStoreFile, at path: String, writes: Bool = true,
    clock: @escaping () -> Date = Date.init
  ) -> Interpreter {
    Interpreter(
      context: Context(graph: ObjectGraph(model: file.bowqModel)),
      store: .coreData(path: path, uuid: file.schema.uuid), clock: clock, coreDataFile: file,
      writesCoreData: writes)
  }

  /// A stepping in-memory interpreter (``steppingInMemory()``) on `model`, with its indexes
  /// or without them (``withoutIndexes(_:)``) for the scan's answers, holding the `count`
  /// objects whose `insert` statements `insert` writes with a generator seeded by `seed`,
  /// saved.
  static func generated(
    _ model: String, indexed: Bool, count: Int, seed: UInt64,
    insert: (_ index: Int, _ random: inout SplitMix64) -> String
  ) throws -> Interpreter {
    let interpreter = steppingInMemory()
    var random = SplitMix64(seed: seed)
    var script = (indexed ? model : withoutIndexes(model)) + "\n"
    for i in 0..<count { script += insert(i, &random) + "\n" }
    _ = try interpreter.run(script + "save")
    return interpreter
  }

  /// What `count <entity> where <predicate>` answers; -1, with a test failure, when the
  /// statement answers anything but a count.
  func count(of entity: String, where predicate: String) throws -> Int {
    guard case .count(_, let n)? = try run("count \(entity) where \(predicate)").last else {
      XCTFail("no count for \(predicate)")
      return -1
    }
    return n
  }

  /// The keys of the objects the fetch `statement` answers, in its order; empty, with a
  /// test failure, when it answers anything but objects.
  func fetchedKeys(_ statement: String) throws -> [Int64] {
    guard case .objects(let result)? = try run(statement).last else {
      XCTFail("no result for \(statement)")
      return []
    }
    return result.ids.map(\.key)
  }

  /// The lines `explain` answers for `statement`; empty, with a test failure, when it
  /// answers anything else.
  func explanation(_ statement: String) throws -> [String] {
    guard case .explanation(let lines)? = try run(statement).last else {
      XCTFail("no explanation for \(statement)")
      return []
    }
    return lines
  }

  /// Asserts that `indexed` and `plain` (the same objects without indexes) fetch the same
  /// objects in the same order and count the same for each of `predicates`, in edit
  /// `round`.
  static func assertSameAnswers(
    _ indexed: Interpreter, _ plain: Interpreter, for predicates: [String], round: Int,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    for predicate in predicates {
      XCTAssertEqual(
        try indexed.fetchedKeys("fetch Tie where \(predicate)"),
        try plain.fetchedKeys("fetch Tie where \(predicate)"), "\(predicate), round \(round)",
        file: file, line: line)
      XCTAssertEqual(
        try indexed.count(of: "Tie", where: predicate),
        try plain.count(of: "Tie", where: predicate), "count \(predicate), round \(round)",
        file: file, line: line)
    }
  }

  /// `model`, the text of entity definitions, without its `index` lines and `unique`
  /// rules: the same entities with no index, for answers to compare with an indexed run's.
  static func withoutIndexes(_ model: String) -> String {
    model.split(separator: "\n").filter { !$0.contains("index") }.joined(separator: "\n")
      .replacingOccurrences(of: " unique", with: "")
  }
}
