import BowQ
import Foundation

/// `bowq-bench hierarchy [--count N] [--runs N]`: statements over an entity whose objects
/// are spread over a 2-level hierarchy — `Car` holding half of them and its sub-entity
/// `SportCar` the other half, each with an index on `maker` — against the same statement on
/// one `Car` entity holding all of them, in one process and one run, as ratios: a scan, a
/// count, a top-k and an indexed equality. Each statement runs once first (building the
/// index it uses), then `runs` times; times are medians, through the statement path (parse,
/// bind, plan, run) as a shell runs it.
enum HierarchyBenchmark {
  static let defaultCount = 600_000

  /// One statement measured, with its target ratio.
  private struct Row {
    var work: String
    var statement: String
    var target: Double
  }

  private static let rows = [
    Row(work: "scan", statement: "count Car where year > 2000", target: 1.3),
    Row(work: "count", statement: "count Car", target: 1.3),
    Row(work: "top-k", statement: "fetch Car select name sort by year desc limit 3", target: 1.3),
    Row(work: "indexed equality", statement: #"count Car where maker == "BMW""#, target: 2),
    Row(
      work: "indexed equality, fetched", statement: #"fetch Car where maker == "BMW""#, target: 2),
  ]

  private static let makers = [
    "BMW", "Audi", "Fiat", "Ford", "Kia", "Mazda", "Opel", "Seat", "Skoda", "Volvo",
  ]

  static func run(count: Int, runs: Int) throws {
    let flat = try interpreter(count: count, sportCars: 0)
    let hierarchy = try interpreter(count: count, sportCars: count / 2)
    print(
      "Hierarchy benchmark: \(count) cars, one entity against Car \(count - count / 2) + "
        + "SportCar \(count / 2), median of \(runs) runs after one, in one process\n")
    var lines: [[String]] = []
    for row in rows {
      let (one, oneAnswer) = try time(row.statement, on: flat, runs: runs)
      let (two, twoAnswer) = try time(row.statement, on: hierarchy, runs: runs)
      guard oneAnswer == twoAnswer else {
        throw BenchmarkError(
          "\(row.statement) answers \(oneAnswer) on one entity, \(twoAnswer) on the hierarchy")
      }
      let ratio = two / one
      lines.append([
        row.work, row.statement, milliseconds(one), milliseconds(two),
        String(format: "%.2f×", ratio), String(format: "≤ %.1f×", row.target),
        ratio <= row.target ? "yes" : "NO",
      ])
    }
    Table.print(
      header: ["work", "statement", "one entity", "hierarchy", "ratio", "target", "met"],
      rows: lines)
  }

  /// An interpreter over `count` cars, the last `sportCars` of them SportCars, every tenth
  /// a BMW.
  private static func interpreter(count: Int, sportCars: Int) throws -> Interpreter {
    let model = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try model.run(
      """
      entity Car { name: String, maker: String, year: Int32, index maker }
      entity SportCar : Car { topSpeed: Int32, index maker }
      """)
    var graph = model.context.graph
    for i in 0..<count {
      let row: [Value] = [
        .string("Car \(i)"), .string(makers[i % makers.count]), .int(Int64(1970 + i * 7919 % 56)),
      ]
      if i >= count - sportCars {
        graph.insert(row + [.int(Int64(200 + i % 150))], into: "SportCar")
      } else {
        graph.insert(row, into: "Car")
      }
    }
    return Interpreter(context: Context(graph: graph), store: .memory)
  }

  /// The median seconds of `statement` on `interpreter` after a first run, and its answer
  /// (a count, or how many objects or rows it gave).
  private static func time(_ statement: String, on interpreter: Interpreter, runs: Int) throws
    -> (Double, Int)
  {
    _ = try interpreter.run(statement)
    let (seconds, results) = try Stopwatch.median(runs: runs) { try interpreter.run(statement) }
    switch results.last {
    case .count(_, let n)?: return (seconds, n)
    case .objects(let result)?: return (seconds, result.rows.count)
    default: return (seconds, -1)
    }
  }

  private static func milliseconds(_ seconds: Double) -> String {
    String(format: "%.3f ms", seconds * 1000)
  }
}
