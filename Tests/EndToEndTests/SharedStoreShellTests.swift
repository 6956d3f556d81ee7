import Foundation
import XCTest

/// Two shells on one store, as sqlite3 and psql allow: both open it and read it, and the
/// first to edit holds it until it quits; the other's edits are refused, naming the holder,
/// and change nothing.
final class SharedStoreShellTests: XCTestCase {
  var home: URL!
  var store: String { home.appendingPathComponent("ties.bowq").path }

  override func setUpWithError() throws {
    home = try makeHome()
    let made = try Bowq.run(
      ["--store", store, "-c", "entity T { s: String }", "-c", "insert T s = \"a\"; save"],
      home: home)
    XCTAssertEqual(made.status, 0, made.stderr)
  }

  /// Runs `count T` at `terminal` and waits for its answer, the `n`th count shown there: what
  /// the screen shows between that count and the prompt after it.
  private func assertCount(_ expected: Int, at terminal: Terminal, nth n: Int) throws {
    try terminal.enter("count T")
    let screen = try terminal.waitUntil("the answer of count T ×\(n)") {
      let pieces = $0.components(separatedBy: "count T\n")
      return pieces.count > n && pieces[n].contains("bowq>")
    }
    let answer = screen.components(separatedBy: "count T\n")[n]
      .split(separator: "\n").first.map(String.init)
    XCTAssertEqual(answer, "\(expected)", screen)
  }

  func testTheFirstShellToEditHoldsTheStoreAndTheOtherEditsAfterItQuitsAndReloading() throws {
    let first = try startShell(["--store", store], home: home)
    let second = try startShell(["--store", store], home: home)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: store + ".lock"), "an idle shell takes no lock")
    try assertCount(1, at: first, nth: 1)
    try assertCount(1, at: second, nth: 1)

    try first.enter("insert T s = \"first\"")
    try first.waitFor("Inserted 1 T.")
    let lock = try String(contentsOfFile: store + ".lock", encoding: .utf8)
    let holder = try XCTUnwrap(lock.split(separator: "\n").first, lock)
    XCTAssertTrue(holder.hasPrefix("pid "), lock)
    let reader = try Bowq.run(["--store", store, "-c", "count T"], home: home)
    XCTAssertEqual(reader.stdout, "1\n", "a reader opens the store the first shell edits")

    try second.enter("insert T s = \"second\"")
    try second.waitFor(
      "\(store) is being edited in another bowq process (\(holder), since ", joined: true)
    try second.waitFor(
      "Nothing was changed: edit again once that process has quit", joined: true)
    try assertCount(1, at: second, nth: 2)

    try first.enter("save")
    try first.waitFor("Saved 1 change.")
    try first.pressAtPrompt("C-d")
    try first.waitFor("[EXIT=0]")

    try second.enter("insert T s = \"second\"")
    try second.waitFor(
      "cannot edit \(store): another program changed it since it was opened", joined: true)
    try second.waitFor(
      "Nothing was changed: read the store again (.reload at the prompt, or rerun bowq) to "
        + "edit the version on disk", joined: true)
    try second.enter(".reload")
    try second.waitFor("Read the store again: 2 objects.")
    try second.enter("insert T s = \"second\"")
    try second.waitFor("Inserted 1 T.")
    try second.enter("save")
    try second.waitFor("Saved 1 change.")
    try second.enter("count T where s != nil")
    try second.waitFor("count T where s != nil\n3\n")
    try second.pressAtPrompt("C-d")
    try second.waitFor("[EXIT=0]")
  }

  func testAShellThatStartedANewStoreLeavesItFreeToEditElsewhere() throws {
    let new = home.appendingPathComponent("new.bowq").path
    let shell = try startShell(["--store", new], home: home)
    XCTAssertTrue(FileManager.default.fileExists(atPath: new), "the new store is written")
    XCTAssertFalse(FileManager.default.fileExists(atPath: new + ".lock"))
    let other = try Bowq.run(["--store", new, "-c", "entity T { s: String }; save"], home: home)
    XCTAssertEqual(other.status, 0, other.stderr)
    try shell.enter("entity T { s: String }")
    try shell.waitFor(
      "cannot edit \(new): another program changed it since it was opened", joined: true)
  }
}
