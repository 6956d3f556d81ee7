import BowQ
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

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
    try terminal.waitFor("Hint: The step asks for `count`, not `fetch`.")
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

  /// Finishing the last lesson removes the progress file only when it is a regular file: a
  /// folder there and what it holds, a symbolic link (which progress is written through, as
  /// history is) and a FIFO stay as they are, with a note (issue 23, item 3).
  func testFinishingLeavesAProgressPathThatIsNotARegularFileAsItIs() throws {
    let finish = ".tutorial 11\ndelete BowTie where isFavorite == NO\nundo\nredo\n"
    for kind in ["folder", "link", "fifo", "file"] {
      let home = try makeHome()
      let state = home.appendingPathComponent("state/bowq")
      try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
      let progress = state.appendingPathComponent("tutorial").path
      let kept = home.appendingPathComponent("kept.txt").path
      try Data("mine\n".utf8).write(to: URL(fileURLWithPath: kept))
      switch kind {
      case "folder":
        try FileManager.default.createDirectory(
          atPath: progress, withIntermediateDirectories: false)
        XCTAssertEqual(link(kept, progress + "/kept.txt"), 0)
      case "link": XCTAssertEqual(symlink(home.appendingPathComponent("saved").path, progress), 0)
      case "fifo": guard mkfifo(progress, 0o600) == 0 else { throw XCTSkip("no FIFO here") }
      default: try Data("lesson 2 step 1\n".utf8).write(to: URL(fileURLWithPath: progress))
      }
      let run = try Bowq.run(["--memory", "--keep-going"], input: finish, home: home)
      XCTAssertTrue(run.stdout.contains("✓ Done: that was the last lesson."), run.stdout)
      var status = stat()
      let there = lstat(progress, &status) == 0
      switch kind {
      case "file":
        XCTAssertFalse(there, "the progress file is removed")
        XCTAssertFalse(run.stderr.contains("note:"), run.stderr)
      default:
        XCTAssertTrue(there, kind)
        let expected: mode_t = kind == "folder" ? S_IFDIR : kind == "link" ? S_IFLNK : S_IFIFO
        XCTAssertEqual(status.st_mode & S_IFMT, expected, kind)
        XCTAssertTrue(
          run.stderr.contains("note: the tutorial's progress file \(progress) was left as it is: "),
          run.stderr)
      }
      XCTAssertEqual(try String(contentsOfFile: kept, encoding: .utf8), "mine\n", kind)
      if kind == "folder" {
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: progress), ["kept.txt"])
      }
    }
  }
}
