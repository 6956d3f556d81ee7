import Foundation
import XCTest

/// Runs a system command (looked up in `PATH`, e.g. `mount`) and gives its exit status, or
/// -1 when it cannot start; a failure is for the caller to judge.
@discardableResult
func runSystemCommand(_ arguments: [String]) -> Int32 {
  (try? runCommand(arguments, expectSuccess: false).status) ?? -1
}

/// Runs a program found through `PATH` and gives its status and its output (standard output
/// and standard error together); a failure is a test failure unless `expectSuccess` is
/// false.
@discardableResult
func runCommand(
  _ arguments: [String], expectSuccess: Bool = true, file: StaticString = #filePath,
  line: UInt = #line
) throws -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let text = String(decoding: data, as: UTF8.self)
  if expectSuccess {
    XCTAssertEqual(
      process.terminationStatus, 0, "\(arguments.joined(separator: " ")): \(text)", file: file,
      line: line)
  }
  return (process.terminationStatus, text)
}

/// Whether `program` is found through `PATH`.
func isInstalled(_ program: String) -> Bool {
  (try? runCommand(["sh", "-c", "command -v \(program)"], expectSuccess: false).status) == 0
}
