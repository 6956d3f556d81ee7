import BowQ
import Foundation

/// `bowq-bench store [--count N] [--runs N]`: bowq opening and saving its store against the
/// tools a user would otherwise use on the same bow ties stored as a plain binary plist
/// (an array of dictionaries): Python's `plistlib`, Foundation's `PropertyListSerialization`
/// and `PropertyListDecoder`, and libplist's C parser.
///
/// Every operation runs as its own process (see ``StorePeer``, ``StoreLibplistPeer``), so
/// each time and peak memory is a whole program's. A load is timed from start to exit; a
/// save is timed by the program around the save alone (its input is loaded or built first,
/// untimed), and bowq's save includes its `fsync`s. Times and peak memory are medians of the
/// runs. A run longer than ``timeLimit`` is stopped and reported as a lower bound, without
/// further runs of that operation (libplist 2.2's writer is quadratic: 67 s for 100,000
/// ties).
enum StoreBenchmark {
  /// The counts measured when none is given.
  static let defaultCounts = [100_000, 1_000_000]
  /// The longest a single run may take, in seconds.
  static let timeLimit = 600.0

  private struct Operation {
    var kind: String
    var tool: String
    var command: [String]
    /// Whether the program reports its own time (saves) rather than being timed whole.
    var reportsTime = false
  }

  private struct Result {
    var operation: Operation
    var seconds: Double
    var peakMemory: Int
    /// The run was stopped at ``timeLimit``: `seconds` is a lower bound.
    var timedOut = false
  }

  static func run(counts: [Int], runs: Int) throws {
    let scratch = try ScratchFolder("store")
    defer { scratch.remove() }
    let folder = scratch.path
    let libplist = try StoreLibplistPeer.build(in: folder)
    var last: (count: Int, results: [Result])?
    for count in counts {
      let results = try measure(count: count, runs: runs, folder: folder, libplist: libplist)
      last = (count, results)
    }
    if let last { printTargets(count: last.count, results: last.results) }
  }

  private static func measure(count: Int, runs: Int, folder: String, libplist: String) throws
    -> [Result]
  {
    let store = folder + "/ties.bowq"
    let plain = folder + "/ties.plist"
    let output = folder + "/out"
    let me = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    _ = try StoreChildProcess.run([me, "peer", "generate", String(count), store, plain])
    let operations = [
      Operation(
        kind: "open", tool: "bowq (StoreFile.load)", command: [me, "peer", "bowq-open", store]),
      Operation(
        kind: "open", tool: "Python plistlib.load", command: ["python3", "-c", pythonLoad, plain]),
      Operation(
        kind: "open", tool: "Foundation PropertyListSerialization",
        command: [me, "peer", "foundation-load", plain]),
      Operation(
        kind: "open", tool: "Foundation PropertyListDecoder",
        command: [me, "peer", "decoder-load", plain]),
      Operation(
        kind: "open", tool: "libplist plist_from_bin (C)", command: [libplist, "load", plain]),
      Operation(
        kind: "save", tool: "bowq (StoreFile.save, fsync)",
        command: [me, "peer", "bowq-save", store, output], reportsTime: true),
      Operation(
        kind: "save", tool: "Python plistlib.dump",
        command: ["python3", "-c", pythonDump, plain, output], reportsTime: true),
      Operation(
        kind: "save", tool: "Foundation PropertyListSerialization",
        command: [me, "peer", "foundation-save", String(count), output], reportsTime: true),
      Operation(
        kind: "save", tool: "libplist plist_to_bin (C)",
        command: [libplist, "save", plain, output],
        reportsTime: true),
    ]
    let storeSize = try fileSize(store)
    let plainSize = try fileSize(plain)
    print("Store benchmark: \(count) BowTies, median of \(runs) runs, each a whole process")
    print("files: bowq store \(megabytes(storeSize)), plain binary plist \(megabytes(plainSize))\n")
    var results: [Result] = []
    for operation in operations {
      var times: [Double] = []
      var memories: [Int] = []
      var timedOut = false
      for _ in 0..<runs where !timedOut {
        let child = try StoreChildProcess.run(operation.command, timeLimit: timeLimit)
        timedOut = child.timedOut
        let numbers = child.numbers
        guard timedOut || numbers.first == Double(count) else {
          throw BenchmarkError("\(operation.tool) handled \(child.output), not \(count) ties")
        }
        times.append(
          !timedOut && operation.reportsTime && numbers.count > 1 ? numbers[1] : child.seconds)
        memories.append(child.peakMemory)
      }
      results.append(
        Result(
          operation: operation, seconds: timedOut ? times.last! : median(times),
          peakMemory: timedOut ? memories.last! : median(memories), timedOut: timedOut))
    }
    printTable(results)
    print()
    return results
  }

  /// Python's `plistlib.load` of a plain binary plist, printing the number of ties.
  static let pythonLoad = """
    import os, plistlib, sys
    with open(sys.argv[1], "rb") as f:
        ties = plistlib.load(f)
    print(len(ties), flush=True)
    os._exit(0)
    """

  private static let pythonDump = """
    import os, plistlib, sys, time
    with open(sys.argv[1], "rb") as f:
        ties = plistlib.load(f)
    start = time.perf_counter()
    with open(sys.argv[2], "wb") as f:
        plistlib.dump(ties, f, fmt=plistlib.FMT_BINARY)
    print(len(ties), time.perf_counter() - start, flush=True)
    os._exit(0)
    """

  // MARK: Reporting

  private static func printTable(_ results: [Result]) {
    var rows: [[String]] = []
    for result in results {
      let bowq = results.first { $0.operation.kind == result.operation.kind }!
      let bound = result.timedOut ? "> " : ""
      var ratios = ["", ""]
      if bowq.operation.tool != result.operation.tool {
        ratios = [
          bound + String(format: "%.1f× bowq", result.seconds / bowq.seconds),
          bound + String(format: "%.2f× bowq", Double(result.peakMemory) / Double(bowq.peakMemory)),
        ]
      }
      rows.append(
        [
          result.operation.kind, result.operation.tool, bound + seconds(result.seconds),
          bound + megabytes(result.peakMemory),
        ] + ratios)
    }
    Table.print(
      header: ["operation", "tool", "time", "peak memory", "time ratio", "memory ratio"],
      rows: rows)
  }

  private static func printTargets(count: Int, results: [Result]) {
    func result(_ kind: String, _ toolPrefix: String) -> Result? {
      results.first { $0.operation.kind == kind && $0.operation.tool.hasPrefix(toolPrefix) }
    }
    guard let open = result("open", "bowq"), let save = result("save", "bowq") else { return }
    var rows: [[String]] = []
    func speed(_ bowq: Result, _ peer: Result?, _ target: Double, _ label: String) {
      guard let peer else { return }
      let ratio = peer.seconds / bowq.seconds
      rows.append([
        label, String(format: "%.1f×", ratio), String(format: "≥ %.0f×", target),
        ratio >= target ? "yes" : "NO",
      ])
    }
    speed(open, result("open", "Python"), 10, "open vs plistlib.load")
    speed(
      open, result("open", "Foundation PropertyListSerialization"), 10,
      "open vs PropertyListSerialization")
    speed(open, result("open", "Foundation PropertyListDecoder"), 10, "open vs PropertyListDecoder")
    speed(open, result("open", "libplist"), 2, "open vs libplist")
    speed(save, result("save", "Python"), 10, "save vs plistlib.dump")
    let peers = results.filter {
      $0.operation.kind == "open" && !$0.operation.tool.hasPrefix("bowq")
    }
    if let lowest = peers.min(by: { $0.peakMemory < $1.peakMemory }) {
      rows.append([
        "open peak memory vs the lowest peer's (\(lowest.operation.tool))",
        String(format: "%.2f×", Double(open.peakMemory) / Double(lowest.peakMemory)), "< 1×",
        open.peakMemory < lowest.peakMemory ? "yes" : "NO",
      ])
    }
    print("Targets at \(count) BowTies (ratio = peer time / bowq time; memory = bowq / peer)\n")
    Table.print(header: ["target", "ratio", "target", "met"], rows: rows)
  }

  static func median<T: Comparable>(_ values: [T]) -> T {
    values.sorted()[values.count / 2]
  }

  private static func fileSize(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
  }

  static func seconds(_ value: Double) -> String {
    value < 10 ? String(format: "%.2f s", value) : String(format: "%.1f s", value)
  }

  static func megabytes(_ bytes: Int) -> String {
    String(format: "%.0f MB", Double(bytes) / 1_000_000)
  }
}
