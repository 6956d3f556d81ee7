import BowQ
import Foundation
import XCTest

/// `.tutorial` through the real binary: every lesson piped through it, and at a terminal,
/// a wrong try, a right one, leaving and coming back.
final class TutorialTests: XCTestCase {
  /// The statements of Examples/07-tutorial.bowq, piped in, take the learner through every
  /// step of every lesson, and the default store is as it was before.
  func testAPipedRunDoesEveryStepAndLeavesTheStoreAlone() throws {
    let home = try makeHome()
    let script = try String(
      contentsOf: Bowq.root.appendingPathComponent("Examples/07-tutorial.bowq"), encoding: .utf8)
    let run = try Bowq.run(
      ["--keep-going"], input: script, home: home,
      directory: Bowq.root.appendingPathComponent("Examples"))
    XCTAssertEqual(
      run.stdout.components(separatedBy: "✓ Done").count - 1,
      Lesson.all.map(\.steps.count).reduce(0, +), run.stdout)
    XCTAssertTrue(run.stdout.contains("✓ Done: that was the last lesson."), run.stdout)
    XCTAssertEqual(
      run.stdout.components(separatedBy: "✗ Not yet. That found ").count - 1, 2, run.stdout)
    XCTAssertTrue(
      run.stderr.contains("Core Data error 1610 NSValidationNumberTooLargeError"), run.stderr)
    XCTAssertTrue(run.stdout.hasSuffix("BowTie  7 objects\n"), run.stdout)

    let after = try Bowq.run(["-c", ".tables"], home: home)
    XCTAssertEqual(after.stdout, "BowTie  7 objects\n")
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: home.appendingPathComponent("state/bowq/tutorial").path),
      "a finished tutorial leaves no progress behind")
  }

  func testAtTheTerminalAWrongTryAHintLeavingAndResuming() throws {
    let home = try makeHome()
    let terminal = try startShell(home: home)
    try terminal.enter(".tutorial 2")
    try terminal.waitFor("Step 1 of 4: Count the ties, as the app does before seeding.")
    try terminal.enter("fetch BowTie")
    try terminal.waitFor(
      "✗ Not yet. That gave the objects of a fetch; the step asks for a number, as count gives.")
    try terminal.waitFor("Hint: `count BowTie` counts every tie.")
    try terminal.enter("count BowTie where rating >= 0")
    try terminal.waitFor("✓ Done.")
    try terminal.waitFor("Step 2 of 4: None: seed the store with")
    try terminal.enter(".tutorial off")
    try terminal.waitFor("Left the tutorial at lesson 2, step 2; your own store is back.")
    try terminal.enter("count BowTie")
    try terminal.waitFor("\n7\n")
    try terminal.enter(".tutorial")
    try terminal.waitFor("Step 2 of 4: None: seed the store with", count: 2)
    try terminal.waitFor("bowq>", count: 7)
    try terminal.enter(".quit")
    try terminal.waitFor("[EXIT=0]")

    let again = try startShell(home: home)
    try again.enter(".tutorial")
    try again.waitFor("Step 2 of 4: None: seed the store with `import \"")
    let sample = Bowq.root.appendingPathComponent("SampleData.plist").path
    try again.enter("import \"\(sample)\" into BowTie")
    try again.waitFor("Step 3 of 4")
  }
}
