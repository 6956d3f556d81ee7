import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// A failed save names where each broken rule was declared.
final class RuleDeclarationsTests: XCTestCase {
  func testAFailedSaveShowsTheDeclarationOfEachBrokenRule() throws {
    let capture = ShellFixtures.Capture()
    let shell = try ShellFixtures.shell(
      after: """
        entity Hat { name: String maxLength 3, width: Int16 min 1
          check width < 10 OR name != "Fez" else "a fez is narrow" }
        """, capture: capture)
    XCTAssertFalse(shell.run(script: #"insert Hat name = "Fedora", width = 0; save"#, name: nil))
    XCTAssertEqual(
      capture.err.split(separator: "\n").filter { $0.hasPrefix("Declared") },
      [
        "Declared in entity Hat: name: String maxLength 3",
        "Declared in entity Hat: width: Int16 min 1",
      ])
    let shell2 = try ShellFixtures.shell(
      after: """
        entity Hat { name: String, width: Int16
          check width < 10 OR name != "Fez" else "a fez is narrow" }
        """, capture: capture)
    XCTAssertFalse(shell2.run(script: #"insert Hat name = "Fez", width = 12; save"#, name: nil))
    XCTAssertTrue(
      capture.err.contains(
        #"Declared in entity Hat: check width < 10 OR name != "Fez" else "a fez is narrow""#),
      capture.err)
  }
}
