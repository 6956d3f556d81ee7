import XCTest

@testable import BowQ

/// A walk along an ordered index hands over runs of equal values, each in table order as a
/// stable sort leaves ties: runs over every attribute of the index are read only as far as
/// needed where keys follow table order, shorter runs by sorted keys, and runs of a table
/// whose keys do not ascend by sorted positions. Every walk answers as the scan does, through
/// edits, undo and rollback.
final class IndexRunTests: XCTestCase {
  private static let model = """
    entity Tie {
      name: String?, rating: Int16?, worn: Int64?
      index byRatingWorn (rating, worn)
      index byRatingName (rating, name)
      index byWorn (worn)
    }
    """

  /// ``model`` with an index of `rating` alone after the two that begin with it.
  private static let withRating = model.replacingOccurrences(
    of: "index byWorn (worn)", with: "index byWorn (worn)\n  index rating")

  /// The runs `forEachRun` hands over, each as the keys it spans, in the walk's direction.
  private func runs(_ index: OrderedIndex, depth: Int, ascending: Bool) -> [[Int64]] {
    var runs: [[Int64]] = []
    index.forEachRun(depth: depth, ascending: ascending) { from, to in
      runs.append(index.keys(from: from, to: to))
      return true
    }
    return runs
  }

  /// The runs of the index's entries with the same first `depth` values, found by reading
  /// every entry.
  private func expectedRuns(_ index: OrderedIndex, depth: Int, ascending: Bool) -> [[Int64]] {
    var runs: [[OrderedIndex.Entry]] = []
    for entry in index.entries {
      if let last = runs.last?.last,
        IndexOrder.compare(last.values, entry.values, depth: depth) == .orderedSame
      {
        runs[runs.count - 1].append(entry)
      } else {
        runs.append([entry])
      }
    }
    let keys = runs.map { $0.map(\.key) }
    return ascending ? keys : keys.reversed()
  }

  func testRunsAreFoundByTheirEndsInEitherDirection() {
    var random = SplitMix64(seed: 11)
    var entries: [OrderedIndex.Entry] = []
    for key in Int64(0)..<6000 {
      let run = random.chance(3) ? random.int(in: 0...2000) : random.int(in: 0...3)
      entries.append(
        OrderedIndex.Entry(
          values: IndexValues(first: .int(Int64(run)), rest: [.int(Int64(random.int(in: 0...2)))]),
          key: key))
    }
    let index = OrderedIndex(entries)
    XCTAssertGreaterThan(index.blocks.count, 4, "runs cross blocks")
    for depth in 1...2 {
      for ascending in [true, false] {
        XCTAssertEqual(
          runs(index, depth: depth, ascending: ascending),
          expectedRuns(index, depth: depth, ascending: ascending),
          "depth \(depth), ascending \(ascending)")
      }
    }
    let from = index.position(after: .int(1), inclusive: true)
    let to = index.position(after: .int(2), inclusive: false)
    var handed: [[Int64]] = []
    index.forEachRun(from: from, to: to, depth: 2, ascending: false) { from, to in
      handed.append(index.keys(from: from, to: to))
      return handed.count < 2
    }
    XCTAssertEqual(
      handed,
      Array(
        expectedRuns(index, depth: 2, ascending: false).filter { run in
          run.allSatisfy { key in [.int(1), .int(2)].contains(entries[Int(key)].values.first) }
        }.prefix(2)),
      "a stretch, stopped after two runs")
    var seen: [Int64] = []
    XCTAssertFalse(
      index.forEachKey(from: from, to: to) { key in
        seen.append(key)
        return seen.count < 3
      })
    XCTAssertEqual(seen, Array(index.keys(from: from, to: to).prefix(3)))
  }

  /// An interpreter on `ties` random ties with few distinct values, so runs are long; with
  /// `shuffledKeys`, the objects are inserted with keys that do not follow table order.
  /// `model` is the text of the entity, by default ``model``.
  private func makeInterpreter(
    indexed: Bool, shuffledKeys: Bool = false, model: String = IndexRunTests.model
  ) throws -> Interpreter {
    let interpreter = Interpreter.steppingInMemory()
    _ = try interpreter.run(indexed ? model : Interpreter.withoutIndexes(model))
    var graph = interpreter.context.graph
    var random = SplitMix64(seed: 5)
    for i in 0..<1500 {
      let row: [Value] = [
        random.chance(10) ? .null : .string(random.pick(["Blue", "Bow", "Red", "Rose"])),
        random.chance(10) ? .null : .int(Int64(random.int(in: 0...4))),
        random.chance(10) ? .null : .int(Int64(random.int(in: 0...5))),
      ]
      graph.insert(row, into: "Tie", key: shuffledKeys ? Int64((i * 7919) % 1500 + 1) : nil)
    }
    interpreter.context = Context(graph: graph)
    return interpreter
  }

  func testWalksOfLongRunsAnswerAsTheScanDoes() throws {
    let requests = [
      "sort by rating desc limit 10", "sort by rating limit 10", "sort by rating limit 400",
      "sort by rating desc limit 7 offset 300", "sort by rating, worn limit 12",
      "sort by rating desc, worn desc limit 12", "sort by worn desc limit 9",
      "sort by worn limit 200", "where rating == 4 sort by worn desc limit 10",
      "where rating == 4 sort by worn limit 10", "where rating IN {1, 3} sort by rating, worn",
      "where rating == 2 AND worn > 1 sort by worn desc limit 5",
      "where rating == 3 sort by name limit 10", "where rating == 3 sort by name desc limit 10",
      "where name == 'Bow' sort by rating desc limit 10",
      "where worn > 2 sort by rating, worn limit 30",
    ]
    for (shuffledKeys, model) in [
      (false, Self.model), (true, Self.model), (false, Self.withRating), (true, Self.withRating),
    ] {
      let indexed = try makeInterpreter(indexed: true, shuffledKeys: shuffledKeys, model: model)
      let plain = try makeInterpreter(indexed: false, shuffledKeys: shuffledKeys, model: model)
      XCTAssertEqual(indexed.context.graph.table("Tie").keysAscend, !shuffledKeys)
      let edits = [
        "update Tie where rating == 4 AND worn == 5 set worn = 1",
        "delete Tie where name == 'Rose' AND worn == 1", "undo",
        "insert Tie name = 'Ruby', rating = 4, worn = 5", "save",
        "update Tie where name beginswith 'Re' set rating = 4, worn = 5", "rollback", "redo",
      ]
      for round in 0...edits.count {
        for request in requests {
          let statement = "fetch Tie \(request)"
          XCTAssertEqual(
            try indexed.fetchedKeys(statement), try plain.fetchedKeys(statement),
            "\(statement), round \(round), shuffled keys \(shuffledKeys), \(model)")
        }
        guard round < edits.count else { break }
        _ = try indexed.run(edits[round])
        _ = try plain.run(edits[round])
      }
    }
  }

  func testTheWalkTakesTheIndexWithTheFewestAttributes() throws {
    let interpreter = try makeInterpreter(indexed: true, model: Self.withRating)
    guard
      case .explanation(let lines)? = try interpreter.run(
        "explain fetch Tie sort by rating desc limit 3"
      ).last
    else {
      return XCTFail("no explanation")
    }
    XCTAssertEqual(
      lines.first,
      "walk index rating descending, keeping the first 3 (no sort; at most 3 Tie objects)")
  }
}
