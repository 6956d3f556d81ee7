import Foundation
import XCTest

/// No silent loss of changes: at the prompt, the first Ctrl-D or `.quit` with pending
/// changes warns and the second leaves; a script or `-c` that leaves changes unsaved in a
/// store file says so on standard error, its exit status unchanged.
final class UnsavedChangesTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  func testCtrlDAndQuitWarnOnceWhenChangesArePending() throws {
    let terminal = try startShell(["--memory", "--sample"], home: home)
    try terminal.enter("update BowTie where searchKey == \"R\" set rating = 4")
    try terminal.waitFor("Updated 1 BowTie.")
    try terminal.pressAtPrompt("C-d")
    try terminal.waitFor("1 unsaved change — `save` to keep it, or Ctrl-D again to discard it")
    try terminal.enter("count BowTie where rating == 4")
    try terminal.waitFor("2")
    try terminal.enter(".quit")
    try terminal.waitFor("or .quit again to discard it")
    try terminal.enter("save")
    try terminal.waitFor("Saved 1 change.")
    try terminal.pressAtPrompt("C-d")
    try terminal.waitFor("[EXIT=0]")
  }

  func testASecondCtrlDLeavesWithoutSaving() throws {
    let terminal = try startShell(["--memory", "--sample"], home: home)
    try terminal.enter("delete BowTie where searchKey == \"R\"")
    try terminal.waitFor("Deleted 1 BowTie.")
    try terminal.pressAtPrompt("C-d")
    try terminal.waitFor("Ctrl-D again to discard it")
    try terminal.pressAtPrompt("C-d")
    try terminal.waitFor("[EXIT=0]")
  }

  func testAScriptThatLeavesChangesUnsavedInAFileSaysSo() throws {
    let store = home.appendingPathComponent("ties.bowq").path
    let unsaved = try Bowq.run(
      ["--store", store, "--sample", "-c", "insert BowTie name = \"X\", searchKey = \"X\""],
      home: home)
    XCTAssertEqual(unsaved.status, 0)
    XCTAssertTrue(
      unsaved.stderr.contains(
        "bowq: 1 unsaved change was discarded: end the statements with `save` to keep it"),
      unsaved.stderr)
    let saved = try Bowq.run(
      ["--store", store, "-c", "update BowTie set rating = 4; save"],
      home: home)
    XCTAssertFalse(saved.stderr.contains("unsaved"), saved.stderr)
    let memory = try Bowq.run(
      ["--memory", "--sample", "-c", "insert BowTie name = \"X\", searchKey = \"X\""],
      home: home)
    XCTAssertFalse(memory.stderr.contains("unsaved"), memory.stderr)
  }
}
