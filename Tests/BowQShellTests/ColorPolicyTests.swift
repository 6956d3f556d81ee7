import BowQShell
import XCTest

final class ColorPolicyTests: XCTestCase {
  private func usesColor(
    _ environment: [String: String] = [:], mode: ColorMode = .auto, terminal: Bool
  ) -> Bool {
    ColorPolicy(mode: mode, environment: environment).usesColor(onTerminal: terminal)
  }

  func testAutoFollowsWhetherTheStreamIsATerminal() {
    XCTAssertTrue(usesColor(terminal: true))
    XCTAssertFalse(usesColor(terminal: false))
  }

  func testAlwaysAndNeverWinOverEverything() {
    XCTAssertTrue(usesColor(["NO_COLOR": "1", "TERM": "dumb"], mode: .always, terminal: false))
    XCTAssertFalse(
      usesColor(["FORCE_COLOR": "1", "CLICOLOR_FORCE": "1"], mode: .never, terminal: true))
  }

  func testNonEmptyNoColorTurnsColourOff() {
    XCTAssertFalse(usesColor(["NO_COLOR": "1"], terminal: true))
    XCTAssertFalse(usesColor(["NO_COLOR": "0"], terminal: true))
  }

  func testEmptyNoColorIsIgnored() {
    XCTAssertTrue(usesColor(["NO_COLOR": ""], terminal: true))
  }

  func testNoColorWinsOverForceColor() {
    XCTAssertFalse(usesColor(["NO_COLOR": "1", "FORCE_COLOR": "1"], terminal: true))
  }

  func testForceColorTurnsColourOnInAPipe() {
    XCTAssertTrue(usesColor(["FORCE_COLOR": "1"], terminal: false))
    XCTAssertTrue(usesColor(["FORCE_COLOR": "0"], terminal: false))
    XCTAssertFalse(usesColor(["FORCE_COLOR": ""], terminal: false))
  }

  func testClicolorForceTurnsColourOnUnlessZero() {
    XCTAssertTrue(usesColor(["CLICOLOR_FORCE": "1"], terminal: false))
    XCTAssertFalse(usesColor(["CLICOLOR_FORCE": "0"], terminal: false))
    XCTAssertFalse(usesColor(["CLICOLOR_FORCE": ""], terminal: false))
  }

  func testForcingWinsOverADumbTerminal() {
    XCTAssertTrue(usesColor(["FORCE_COLOR": "1", "TERM": "dumb"], terminal: false))
  }

  func testDumbTerminalTurnsColourOff() {
    XCTAssertFalse(usesColor(["TERM": "dumb"], terminal: true))
    XCTAssertTrue(usesColor(["TERM": "xterm-256color"], terminal: true))
  }

  func testAFileIsNotATerminal() throws {
    let path = try makeTemporaryFolder("bowq-color").appendingPathComponent("output")
    _ = FileManager.default.createFile(atPath: path.path, contents: nil)
    let handle = try FileHandle(forWritingTo: path)
    defer { try? handle.close() }
    let policy = ColorPolicy(environment: [:])
    XCTAssertFalse(policy.usesColor(forFileDescriptor: handle.fileDescriptor))
    XCTAssertFalse(Style(policy: policy, fileDescriptor: handle.fileDescriptor).isEnabled)
  }
}
