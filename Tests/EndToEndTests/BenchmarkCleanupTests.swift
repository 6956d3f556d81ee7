import Foundation
import XCTest

/// `bowq-bench` removes the folder it writes its stores in, also when Ctrl-C ends it.
final class BenchmarkCleanupTests: XCTestCase {
  func testAnInterruptedBenchmarkLeavesNoFolderBehind() throws {
    let bench = Bowq.binary.deletingLastPathComponent().appendingPathComponent("bowq-bench")
    guard FileManager.default.isExecutableFile(atPath: bench.path) else {
      throw XCTSkip("no bowq-bench beside \(Bowq.binary.path)")
    }
    let temporary = try makeHome()
    let process = Process()
    process.executableURL = bench
    process.arguments = ["queries", "--count", "200000", "--runs", "1"]
    process.environment = ["TMPDIR": temporary.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let folder = temporary.appendingPathComponent(
      "bowq-query-bench-\(process.processIdentifier)")
    let deadline = Date().addingTimeInterval(30)
    while !FileManager.default.fileExists(atPath: folder.path), process.isRunning,
      Date() < deadline
    {
      usleep(20_000)
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path), folder.path)
    process.interrupt()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 128 + SIGINT)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [])
  }
}
