import Foundation
import XCTest

@testable import BowQ

/// The environment and processors read from the C library are the process's.
final class ProcessEnvironmentTests: XCTestCase {
  func testTheVariablesAreTheProcesssEnvironment() {
    setenv("BOWQ_ENVIRONMENT_TEST", "a=b c", 1)
    defer { unsetenv("BOWQ_ENVIRONMENT_TEST") }
    let variables = ProcessEnvironment.variables
    XCTAssertEqual(variables["BOWQ_ENVIRONMENT_TEST"], "a=b c")
    XCTAssertEqual(Set(variables.keys), Set(ProcessInfo.processInfo.environment.keys))
    for (name, value) in variables {
      XCTAssertEqual(getenv(name).map { String(cString: $0) }, value, name)
    }
  }

  /// As many as `/proc/self/status` lists in `Cpus_allowed` (a mask in hexadecimal digits,
  /// in groups of eight split by commas).
  func testTheProcessorsAreThoseTheProcessMayRunOn() throws {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed:") })
    let mask = line.dropFirst("Cpus_allowed:".count).filter(\.isHexDigit)
    let allowed = mask.reduce(0) { $0 + (Int(String($1), radix: 16) ?? 0).nonzeroBitCount }
    XCTAssertEqual(ProcessEnvironment.activeProcessorCount, allowed)
  }
}
