import BowQ
import Foundation

/// bowq's side of the queries benchmark, timed in a process of its own as a user's shell
/// is: `bowq-bench query-child STORE RUNS KEY…` opens the store from its file as
/// `bowq --store` does (taking its lock, with nothing else in the process), runs each named
/// query of ``QueryBenchmark/queries`` `RUNS` times through the statement path (parse,
/// bind, plan, run) right after the open, and prints one line per query: its key, the
/// number of objects it found, the seconds its runs waited for a CPU (``RunQueueWait``),
/// then the seconds of each run.
///
/// The benchmark's own process also holds the peers' data (an array of structs, two SQLite
/// databases, a CSV file for DuckDB) and spends seconds building it; timing bowq there
/// measured a process no user runs (see docs/benchmarks.md, "Queries").
enum QueryChild {
  /// One query's runs, as the child reported them.
  struct Timing {
    /// The number of objects the query counted or fetched.
    var found: Int
    /// The wall-clock seconds of each run, in the order they ran.
    var seconds: [Double]
    /// The seconds of those runs spent waiting for a CPU, all together.
    var waited: Double

    /// The median run, as ``Stopwatch/median(runs:_:)`` keeps it.
    var median: Double { seconds.sorted()[seconds.count / 2] }
  }

  /// Runs the child on `store` for the queries `keys` and reads its timings, by key.
  static func measure(store: String, keys: [String], runs: Int) throws -> [String: Timing] {
    let me = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let child = try StoreChildProcess.run(
      [me, "query-child", store, String(runs)] + keys)
    var timings: [String: Timing] = [:]
    for line in child.output.split(separator: "\n") {
      let fields = line.split(separator: " ")
      let seconds = fields.dropFirst(3).compactMap { Double($0) }
      guard fields.count == runs + 3, let found = Int(fields[1]), let waited = Double(fields[2]),
        seconds.count == runs
      else {
        throw BenchmarkError("the query child printed \"\(line)\"")
      }
      timings[String(fields[0])] = Timing(found: found, seconds: seconds, waited: waited)
    }
    guard keys.allSatisfy({ timings[$0] != nil }) else {
      throw BenchmarkError("the query child left out some of \(keys): \(child.output)")
    }
    return timings
  }

  /// The child itself: `arguments` are the store, the number of runs and the query keys.
  static func run(_ arguments: [String]) throws -> Never {
    guard arguments.count >= 3, let runs = Int(arguments[1]), runs > 0 else {
      throw BenchmarkError("usage: bowq-bench query-child STORE RUNS KEY…")
    }
    let handle = try StoreHandle(openingForWriting: arguments[0])
    let interpreter = Interpreter(context: Context(graph: try handle.load()), store: .file(handle))
    var lines = ""
    for key in arguments.dropFirst(2) {
      guard let query = QueryBenchmark.queries.first(where: { $0.key == key }) else {
        throw BenchmarkError("no query is named \(key)")
      }
      var seconds: [Double] = []
      var waited = 0.0
      var result: StatementResult?
      for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        let run = try RunQueueWait.during { try interpreter.run(query.bowq).last }
        seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        waited += run.waited
        result = run.result
      }
      lines +=
        "\(key) \(found(result)) \(waited) " + seconds.map { "\($0)" }.joined(separator: " ")
        + "\n"
    }
    FileHandle.standardOutput.write(Data(lines.utf8))
    exit(0)
  }

  /// The number of objects a count counted or a fetch returned; -1 for any other result.
  static func found(_ result: StatementResult?) -> Int {
    switch result {
    case .count(_, let n)?: n
    case .objects(let set)?: set.rows.count
    default: -1
    }
  }
}
