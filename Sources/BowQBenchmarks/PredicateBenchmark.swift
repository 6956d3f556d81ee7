import BowQ
import Foundation

/// bowq's predicate engine against a hand-written Swift loop (its `[c]` search folding UTF-8
/// bytes, see ``CaseInsensitiveSearch``), Foundation's `#Predicate` and SQLite, on the same
/// in-memory rows.
enum PredicateBenchmark {
  struct Query {
    var name: String
    var bowq: String
    var sqlite: String
    var loop: (SampleTies.Tie) -> Bool
    var foundation: Foundation.Predicate<SampleTies.Tie>
    /// What `#Predicate` can express on Linux, when it differs from the query.
    var foundationNote: String?
  }

  static func queries() -> [Query] {
    let blueFoundation = #Predicate<SampleTies.Tie> { $0.rating > 3 && $0.name.contains("Blue") }
    let redFoundation = #Predicate<SampleTies.Tie> { $0.searchKey == "R" }
    let blue = Query(
      name: "rating > 3 AND name CONTAINS[c] \"blue\"",
      bowq: "count Tie where rating > 3 AND name CONTAINS[c] \"blue\"",
      sqlite: "rating > 3 AND name LIKE '%blue%'",
      loop: { [search = CaseInsensitiveSearch("blue")] in
        $0.rating > 3 && search.isFound(in: $0.name)
      },
      foundation: blueFoundation,
      foundationNote: "case-sensitive contains: #Predicate on Linux has no case-insensitive form")
    let red = Query(
      name: "searchKey == \"R\"",
      bowq: "count Tie where searchKey == \"R\"",
      sqlite: "searchKey = 'R'",
      loop: { $0.searchKey == "R" },
      foundation: redFoundation,
      foundationNote: nil)
    return [blue, red]
  }

  /// Runs only bowq's side, for profiling it alone (`bowq-bench --bowq-only`).
  static func profile(count: Int, runs: Int) throws {
    let interpreter = Interpreter(
      context: Context(graph: SampleTies(count: count).graph()), store: .memory)
    for query in queries() {
      let (seconds, _) = try Stopwatch.median(runs: runs) { try interpreter.run(query.bowq) }
      print("\(query.name): \(ms(seconds))")
    }
  }

  static func run(count: Int, runs: Int) throws {
    print("Predicate evaluation over \(count) ties in memory (median of \(runs) runs)\n")
    let sample = SampleTies(count: count)
    let interpreter = Interpreter(context: Context(graph: sample.graph()), store: .memory)
    let sqlite = SQLitePeer(sample)
    var rows: [[String]] = []
    for query in queries() {
      let bowq = try Stopwatch.median(runs: runs) { try interpreter.run(query.bowq) }
      let loop = Stopwatch.median(runs: runs) {
        sample.ties.reduce(0) { $0 + (query.loop($1) ? 1 : 0) }
      }
      let foundation = try Stopwatch.median(runs: runs) {
        try sample.ties.filter(query.foundation).count
      }
      let lite = Stopwatch.median(runs: runs) { sqlite.count(where: query.sqlite) }
      guard case .count(_, let found)? = bowq.result.last, found == loop.result,
        found == lite.result
      else {
        throw BenchmarkError(
          "\(query.name): bowq, the loop and SQLite disagree (\(bowq.result), \(loop.result), \(lite.result))"
        )
      }
      rows.append([
        query.name, "\(found)", ms(bowq.seconds), ms(loop.seconds), ms(foundation.seconds),
        ms(lite.seconds),
        ratio(bowq.seconds, loop.seconds), ratio(bowq.seconds, foundation.seconds),
        ratio(bowq.seconds, lite.seconds),
      ])
      if let note = query.foundationNote { print("note: #Predicate for \(query.name): \(note)") }
    }
    print()
    Table.print(
      header: [
        "query", "matches", "bowq", "Swift loop", "#Predicate", "sqlite3", "bowq/loop",
        "bowq/#Predicate",
        "bowq/sqlite3",
      ], rows: rows)
    print("\nTargets: bowq/loop ≤ 2.0 and bowq/sqlite3 < 1.0.")
  }

  static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
  static func ratio(_ a: Double, _ b: Double) -> String { String(format: "%.2f", a / b) }
}

struct BenchmarkError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
