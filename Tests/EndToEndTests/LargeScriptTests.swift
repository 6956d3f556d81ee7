import Foundation
import XCTest

/// Scripts far larger than any statement in them run in memory bounded by their size: the
/// shell parses and runs one statement at a time instead of keeping every token.
final class LargeScriptTests: XCTestCase {
  /// A one-line script of two million `;` and a count after it runs, its peak memory
  /// (`/usr/bin/time -f %M`, in KiB) within the process's own and a few times the script.
  func testAMultiMegabyteLineOfSeparatorsRunsInBoundedMemory() throws {
    let time = URL(fileURLWithPath: "/usr/bin/time")
    guard FileManager.default.isExecutableFile(atPath: time.path) else {
      throw XCTSkip("/usr/bin/time is needed to measure the peak memory of a process")
    }
    let home = try makeHome()
    let size = 2_000_000
    let script = home.appendingPathComponent("separators.bowq")
    try Data((String(repeating: ";", count: size) + "\ncount BowTie\n").utf8).write(to: script)
    let baseline = try peakKilobytes(["--memory", "--sample", "-c", "count BowTie"], home: home)
    let result = try Bowq.run(
      ["-f", "peak %M", Bowq.binary.path, "--memory", "--sample", script.path], home: home,
      executable: time)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "7\n")
    let peak = try XCTUnwrap(Self.peak(in: result.stderr), result.stderr)
    XCTAssertLessThan(
      peak - baseline, 8 * size / 1024, "peak \(peak) KiB, baseline \(baseline) KiB")
  }

  /// The peak memory of `bowq arguments…` in KiB.
  private func peakKilobytes(_ arguments: [String], home: URL) throws -> Int {
    let result = try Bowq.run(
      ["-f", "peak %M", Bowq.binary.path] + arguments, home: home,
      executable: URL(fileURLWithPath: "/usr/bin/time"))
    return try XCTUnwrap(Self.peak(in: result.stderr), result.stderr)
  }

  /// The number of the `peak N` line `/usr/bin/time` wrote last.
  private static func peak(in stderr: String) -> Int? {
    stderr.split(separator: "\n").last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) }
  }
}
