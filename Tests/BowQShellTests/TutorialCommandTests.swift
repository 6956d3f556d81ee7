import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// `.tutorial` in the shell: lessons on a scratch copy, a verdict after each statement,
/// leaving and resuming (in the session and from the progress file), jumping and listing.
final class TutorialCommandTests: XCTestCase {
  static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("SampleData.plist").path

  var progressPath = ""

  override func setUpWithError() throws {
    progressPath = try makeTemporaryFolder("bowq-tutorial")
      .appendingPathComponent("state/bowq/tutorial").path
  }

  /// A shell on the hat shop with the sample and progress file set, writing to `capture`.
  func shell(_ capture: ShellFixtures.Capture) throws -> Shell {
    let shell = try ShellFixtures.shell(
      after: ShellFixtures.hatShop, capture: capture, keepGoing: true)
    shell.findSampleData = { Self.sample }
    shell.tutorialProgressPath = progressPath
    return shell
  }

  func testAWrongTryGetsAHintAndARightOneTheNextStep() throws {
    let capture = ShellFixtures.Capture()
    let shell = try shell(capture)
    shell.run(
      script: """
        .tutorial 3
        fetch BowTie where searchKey == "r"
        fetch BowTie where searchKey ==[c] "r"
        """, name: nil)
    XCTAssertTrue(
      capture.out.hasPrefix(
        "The lessons run on a scratch copy of the sample data: your own store is not changed.\n"
          + "`.tutorial off` leaves, `.tutorial` comes back.\n\n"
          + "Lesson 3 of 11: Fetching by predicate\n"), capture.out)
    XCTAssertTrue(
      capture.out.contains(
        "Step 1 of 4: Fetch the tie whose searchKey is \"R\", as the app's segmented control does.\n"
      ), capture.out)
    XCTAssertTrue(
      capture.out.contains(
        "✗ Not yet. That found 0 objects; the step wants 1.\n"
          + "Hint: \"r\" is not \"R\": strings compare case exactly. Write searchKey's value as "
          + "the data has it, or add [c] to the operator.\n"),
      capture.out)
    XCTAssertTrue(
      capture.out.hasSuffix("✓ Done.\n\nStep 2 of 4: Fetch the ties rated above 3.\n"), capture.out)
    XCTAssertEqual(
      try String(contentsOfFile: progressPath, encoding: .utf8), "lesson 3 step 2\n")
  }

  func testAStatementThatDoesNotParseCountsAsATry() throws {
    let capture = ShellFixtures.Capture()
    let shell = try shell(capture)
    shell.run(
      script: """
        .tutorial 3
        fetch BowTie where searchKey IN ["R"]
        select * from BowTie
        fetch BowTie order by name
        """, name: nil)
    XCTAssertTrue(
      capture.out.contains(
        "✗ Not yet.\nHint: Compare searchKey with a string in quotes: `where searchKey == …`.\n"),
      capture.out)
    XCTAssertTrue(capture.out.contains("fetch BowTie where searchKey == \"R\""), capture.out)
    XCTAssertTrue(capture.err.contains("a list is written in braces: IN {\"R\"}"), capture.err)
    XCTAssertTrue(capture.err.contains("SQL's SELECT is a fetch in bowq"), capture.err)
  }

  func testLeavingBringsTheOwnStoreBackAndTutorialResumesWhereItWas() throws {
    let capture = ShellFixtures.Capture()
    let shell = try shell(capture)
    let user = shell.interpreter
    shell.run(
      script: """
        .tutorial 11
        delete BowTie where isFavorite == NO
        .tutorial off
        count Hat
        """, name: nil)
    XCTAssertTrue(shell.interpreter === user)
    XCTAssertTrue(
      capture.out.hasSuffix(
        "Left the tutorial at lesson 11, step 2; your own store is back. "
          + "`.tutorial` resumes there.\n1\n"), capture.out)
    XCTAssertNil(user.context.graph.model.entity(named: "BowTie"))

    shell.run(script: ".tutorial\nundo\ncount BowTie", name: nil)
    XCTAssertTrue(capture.out.contains("Step 2 of 3: Take it back.\n"), capture.out)
    XCTAssertTrue(
      capture.out.hasSuffix("7\n✗ Not yet.\nHint: The step asks for `redo`, not `count`.\n"),
      capture.out)
  }

  func testANewSessionResumesFromTheProgressFile() throws {
    let first = ShellFixtures.Capture()
    try shell(first).run(script: ".tutorial 9\ncount BowTie where searchKey == \"P\"", name: nil)
    let capture = ShellFixtures.Capture()
    let shell = try shell(capture)
    shell.run(
      script: ".tutorial\nupdate BowTie where searchKey == \"P\" set timesWorn = 1", name: nil)
    XCTAssertTrue(
      capture.out.contains(
        "Step 2 of 4: None: insert a tie named \"Polka Dot\" with searchKey \"P\".\n"), capture.out)
    XCTAssertTrue(
      capture.out.contains("✗ Not yet.\nHint: The step asks for `insert`, not `update`.\n"),
      capture.out)
    XCTAssertFalse(
      capture.out.contains("That "), "a step that checks the data says nothing of the result")
  }

  func testAPredicateThatFitsTheSampleByChanceDoesNotPass() throws {
    let capture = ShellFixtures.Capture()
    try shell(capture).run(
      script: ".tutorial 1\nfetch BowTie where rating > 1\nfetch BowTie", name: nil)
    XCTAssertTrue(
      capture.out.contains(
        "✗ Not yet. That gives the right result on this data only by chance: with other "
          + "objects added, it would not.\n"), capture.out)
    XCTAssertTrue(capture.out.contains("✓ Done.\n\nStep 2 of 3:"), capture.out)
  }

  func testACountSaysWhatItCountedAndAHintNamesTheSampleFile() throws {
    let capture = ShellFixtures.Capture()
    try shell(capture).run(
      script: ".tutorial 3\nfetch BowTie where searchKey == \"R\"\n"
        + "fetch BowTie where rating > 3\ncount BowTie\n.tutorial 2\ncount BowTie\nsave",
      name: nil)
    XCTAssertTrue(
      capture.out.contains("✗ Not yet. That counted 7; the step wants 2.\n"), capture.out)
    XCTAssertTrue(capture.out.contains("SampleData.plist\" into BowTie`.\n"), capture.out)
    XCTAssertFalse(capture.out.contains("{sample}"), capture.out)
  }

  func testLookingAroundIsNoWrongTryAndFinishedLessonsAreTicked() throws {
    let capture = ShellFixtures.Capture()
    let shell = try shell(capture)
    shell.run(
      script: ".tutorial 2\ncount BowTie\nimport \"\(Self.sample)\" into BowTie\ncount BowTie\n"
        + "changes\nsave\n.tutorial list",
      name: nil)
    XCTAssertFalse(capture.out.contains("✗"), capture.out)
    XCTAssertTrue(capture.out.contains("✓  2. Seeding sample data once\n"), capture.out)
    XCTAssertTrue(capture.out.contains("→  3. Fetching by predicate\n"), capture.out)
    XCTAssertEqual(
      try String(contentsOfFile: progressPath, encoding: .utf8), "lesson 3 step 1\ndone 2\n")
    let later = ShellFixtures.Capture()
    try self.shell(later).run(script: ".tutorial list", name: nil)
    XCTAssertTrue(later.out.contains("✓  2. Seeding sample data once\n"), later.out)
  }

  func testTheLastStepEndsTheTutorialAndForgetsTheProgress() throws {
    let capture = ShellFixtures.Capture()
    let shell = try shell(capture)
    let user = shell.interpreter
    shell.run(
      script: ".tutorial 11\ndelete BowTie where isFavorite == NO\nundo\nredo\n.tutorial list",
      name: nil)
    XCTAssertTrue(shell.interpreter === user)
    XCTAssertTrue(
      capture.out.contains(
        "✓ Done: that was the last lesson. Your own store is back; "
          + "`.tutorial 1` starts the lessons again.\n"), capture.out)
    XCTAssertFalse(FileManager.default.fileExists(atPath: progressPath))
    XCTAssertTrue(capture.out.contains("\n   1. The model and its attribute types\n"), capture.out)
    XCTAssertTrue(capture.out.hasSuffix("\n  10. Relationships and delete rules\n  11. Undo\n"))
    XCTAssertFalse(capture.out.contains("→"), "no lesson is current after the last")
  }

  func testListMarksTheCurrentLessonAndBadArgumentsAreErrors() throws {
    let capture = ShellFixtures.Capture()
    let shell = try shell(capture)
    shell.run(script: ".tutorial off\n.tutorial 12\n.tutorial 4\n.tutorial list", name: nil)
    XCTAssertEqual(
      capture.err,
      "<stdin>:1: error: the tutorial is not running; `.tutorial` starts it\n"
        + "<stdin>:2: error: .tutorial takes a lesson from 1 to 11, list or off "
        + "(or nothing, to resume)\n")
    XCTAssertTrue(capture.out.contains("→  4. Sorting, limits and offsets\n"), capture.out)
  }

  func testHeadingsAreBoldWithColourOn() throws {
    let capture = ShellFixtures.Capture()
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    let shell = Shell(
      interpreter: interpreter, output: capture.output, style: Style(isEnabled: true))
    shell.findSampleData = { Self.sample }
    shell.run(script: ".tutorial 2\ncount BowTie", name: nil)
    XCTAssertTrue(
      capture.out.contains("\u{1B}[1mLesson 2 of 11: Seeding sample data once\u{1B}[0m\n"),
      capture.out)
    XCTAssertTrue(
      capture.out.contains("✓ Done.\n\n\u{1B}[1mStep 2 of 4:\u{1B}[0m None"), capture.out)
  }

  func testWithoutTheSampleTheTutorialSaysWhereToPointIt() throws {
    let capture = ShellFixtures.Capture()
    let shell = try shell(capture)
    shell.findSampleData = { nil }
    XCTAssertFalse(shell.run(script: ".tutorial", name: nil))
    XCTAssertEqual(
      capture.err,
      "<stdin>:1: error: cannot find SampleData.plist, which the lessons start from; "
        + "set BOWQ_SAMPLE_DATA to its path\n")
  }
}
