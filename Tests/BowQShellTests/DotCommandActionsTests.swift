import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// `.tables`, `.mode` with and without a format, `.schema` of an entity named in any case,
/// and `.read` of a script inside the session.
final class DotCommandActionsTests: XCTestCase {
  typealias Capture = ShellFixtures.Capture

  func testTablesListsEntitiesWithTheirObjects() throws {
    let capture = Capture()
    let shell = try ShellFixtures.shell(
      after: ShellFixtures.hatShop + "\nentity Box { size: Int16 }", capture: capture)
    XCTAssertTrue(shell.run(script: ".tables", name: "-c"))
    XCTAssertEqual(capture.out, "Hat  1 object\nBox  0 objects\n")
  }

  func testAFileArgumentStartingWithATildeIsInTheHomeFolder() {
    func file(_ text: String) -> String {
      Shell.fileArgument(of: DotCommand.Line(text), home: "/home/ana")
    }
    XCTAssertEqual(file(".output ~/out.csv"), "/home/ana/out.csv")
    XCTAssertEqual(file(".once ~"), "/home/ana")
    XCTAssertEqual(file(#".output "~/out.csv""#), "~/out.csv", "quoted, as a shell keeps it")
    XCTAssertEqual(file(".output ~ana/out.csv"), "~ana/out.csv")
    XCTAssertEqual(file(".read lesson.bowq"), "lesson.bowq")
  }

  func testModeAloneSaysTheFormatAndTakesAnyCase() throws {
    let capture = Capture()
    let shell = try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture)
    XCTAssertTrue(shell.run(script: ".mode\n.mode JSON\n.mode", name: "-c"))
    XCTAssertEqual(capture.out, "table\njson\n")
    XCTAssertEqual(shell.settings.format, .json)
  }

  func testSchemaFindsAnEntityInAnyCaseAndSuggestsOne() throws {
    let capture = Capture()
    let shell = try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture)
    XCTAssertTrue(shell.run(script: ".schema hat", name: "-c"))
    XCTAssertTrue(capture.out.hasPrefix("entity Hat {"), capture.out)
    XCTAssertFalse(shell.run(script: ".schema Hut", name: "-c"))
    XCTAssertEqual(capture.err, "-c:1: error: no entity Hut. Did you mean \"Hat\"?\n")
  }

  func testReadRunsAScriptInTheSessionAndNamesItsLines() throws {
    let folder = try makeTemporaryFolder("bowq-read")
    let lesson = folder.appendingPathComponent("lesson.bowq").path
    try "insert Hat name = \"Cap\", width = 2\ncount Hat\ncount Hat where widht > 1\ncount Hat\n"
      .write(toFile: lesson, atomically: true, encoding: .utf8)
    let capture = Capture()
    let shell = try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture)
    XCTAssertFalse(shell.run(script: ".read \(lesson)\ncount Hat", name: "-c"))
    XCTAssertEqual(capture.out, "2\n", "the script stopped at its error, and so did -c")
    XCTAssertTrue(capture.err.contains("\(lesson):3:17: error: unknown attribute"), capture.err)
    let looping = folder.appendingPathComponent("self.bowq").path
    try ".read \(looping)\n".write(toFile: looping, atomically: true, encoding: .utf8)
    XCTAssertFalse(shell.run(script: ".read \(looping)", name: "-c"))
    XCTAssertTrue(
      capture.err.contains("\(looping) is already running (\(looping) → \(looping))"),
      capture.err)
    XCTAssertFalse(shell.run(script: ".read \(folder.path)/missing.bowq", name: "-c"))
    XCTAssertTrue(capture.err.contains("error: cannot read \(folder.path)/missing.bowq"))
  }
}

/// `help`, `quit` and `exit` typed as words at the prompt get a hint, as python and psql
/// answer them, not an unknown-statement error, and so do another shell's `clear` and
/// `tables`; in a script they are still errors.
final class WordHintTests: XCTestCase {
  func testHelpQuitAndExitAtThePromptGetAHint() throws {
    let capture = ShellFixtures.Capture()
    let shell = try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture)
    var reader = StreamLineReader(text: "help\nQUIT\nexit;\nclear\ntables\ncount Hat\n")
    shell.run(reader: &reader, interactive: true)
    XCTAssertEqual(
      capture.err,
      "Type .help for the statements and commands.\nType .quit or press Ctrl-D to leave.\n"
        + "Type .quit or press Ctrl-D to leave.\nPress Ctrl-L to clear the screen.\n"
        + "Type .entities for the entities and their counts, .schema for their attributes.\n")
    XCTAssertEqual(capture.out, "1\n")
    XCTAssertFalse(shell.run(script: "quit", name: "-c"))
  }
}

/// `.timer on` follows each statement with the time it took, read from the interpreter's
/// stopwatch (fixed here).
final class TimerTests: XCTestCase {
  func testTimerShowsEachStatementsTime() throws {
    let capture = ShellFixtures.Capture()
    var ticks: UInt64 = 0
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory,
      stopwatch: {
        ticks += 2_500_000
        return ticks
      })
    _ = try interpreter.run(ShellFixtures.hatShop)
    let shell = Shell(interpreter: interpreter, output: capture.output)
    XCTAssertTrue(shell.run(script: ".timer on\ncount Hat\n.timer off\ncount Hat", name: "-c"))
    XCTAssertEqual(capture.out, "1\n1\n")
    XCTAssertEqual(capture.err, "Time: 2.500 ms\n")
    XCTAssertFalse(shell.run(script: ".timer sometimes", name: "-c"))
    XCTAssertTrue(capture.err.hasSuffix("-c:1: error: .timer takes on or off\n"))
  }

  /// The time of a statement whose result went through the pager is the statement's own:
  /// not the minutes its reader spent in the pager (issue 26, item 7).
  func testTimerLeavesOutTheTimeInThePager() throws {
    let capture = ShellFixtures.Capture()
    let clock = ReaderClock()
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory, stopwatch: { clock.now })
    _ = try interpreter.run(
      "entity Hat { name: String }\n"
        + (1...9).map { "insert Hat name = \"Hat \($0)\"" }.joined(separator: "\n") + "\nsave")
    let shell = Shell(interpreter: interpreter, output: capture.output)
    let pager = ReadingPager(clock: clock)
    shell.pager = pager
    shell.terminalRows = { 5 }
    var reader = StreamLineReader(text: ".timer on\nfetch Hat\n")
    shell.run(reader: &reader, interactive: true)
    XCTAssertTrue(pager.shown.contains("Hat 9"), "the result went through the pager")
    XCTAssertEqual(clock.now, 3 * 60_000_000_000, "the reader spent three minutes in it")
    XCTAssertEqual(capture.err, "Time: 0.000 ms\n")
  }
}

/// The pager the environment asks for.
final class PagerChoiceTests: XCTestCase {
  func testThePagerComesFromTheEnvironment() {
    XCTAssertEqual(Pager.fromEnvironment(["PATH": "/usr/bin:/bin"])?.command, "less -FRX")
    XCTAssertNil(Pager.fromEnvironment(["PATH": "/nonexistent"]), "no less, no pager")
    XCTAssertEqual(Pager.fromEnvironment(["PAGER": "more"])?.command, "more")
    XCTAssertNil(Pager.fromEnvironment(["PAGER": " "]))
  }
}

/// `.headers off` drops the names above table, box and csv results, and the columns are as
/// wide as their values.
final class HeadersTests: XCTestCase {
  func testHeadersOffDropsTheNames() throws {
    let capture = ShellFixtures.Capture()
    let shell = try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture)
    XCTAssertTrue(
      shell.run(
        script: ".headers off\nfetch Hat\n.mode csv\nfetch Hat\n.mode box\nfetch Hat\n"
          + ".headers on\n.mode csv\nfetch Hat",
        name: "-c"))
    XCTAssertEqual(
      capture.out,
      "Hat/p1  Fez  3\nHat/p1,Fez,3\n┌────────┬─────┬───┐\n│ Hat/p1 │ Fez │ 3 │\n└────────┴─────┴───┘\n"
        + "object,name,width\nHat/p1,Fez,3\n")
  }
}

/// `.output FILE` sends later results to a file and `.output` alone back to the screen;
/// `.once FILE` sends only the next statement's; devices and folders are refused.
final class OutputRedirectionTests: XCTestCase {
  func testOutputAndOnceSendResultsToAFile() throws {
    let folder = try makeTemporaryFolder("bowq-output")
    let once = folder.appendingPathComponent("once.csv").path
    let all = folder.appendingPathComponent("all.txt").path
    let capture = ShellFixtures.Capture()
    let shell = try ShellFixtures.shell(after: ShellFixtures.hatShop, capture: capture)
    XCTAssertTrue(
      shell.run(
        script: ".mode csv\n.once \(once)\nfetch Hat\ncount Hat\n.output \"\(all)\"\n"
          + "count Hat\n.tables\n.output\ncount Hat",
        name: "-c"))
    XCTAssertEqual(
      try String(contentsOfFile: once, encoding: .utf8), "object,name,width\nHat/p1,Fez,3\n")
    XCTAssertEqual(try String(contentsOfFile: all, encoding: .utf8), "count\n1\nHat  1 object\n")
    XCTAssertEqual(capture.out, "count\n1\ncount\n1\n")
    XCTAssertFalse(shell.run(script: ".output /dev/null", name: "-c"))
    XCTAssertFalse(shell.run(script: ".output \(folder.path)", name: "-c"))
    XCTAssertTrue(capture.err.contains("cannot write /dev/null: Is a character device"))
    XCTAssertTrue(capture.err.contains("Is a directory"), capture.err)
  }
}

/// A long list of changes is summarised after the first 50; `changes all` lists every one.
final class ChangesSummaryTests: XCTestCase {
  func testChangesSummarisesALongList() throws {
    let capture = ShellFixtures.Capture()
    let inserts = (0..<120).map { "insert Hat name = \"H\($0)\", width = 2" }
    let shell = try ShellFixtures.shell(
      after: ShellFixtures.hatShop + "\n" + inserts.joined(separator: "\n"), capture: capture)
    XCTAssertTrue(shell.run(script: "changes", name: "-c"))
    let lines = capture.out.split(separator: "\n")
    XCTAssertEqual(lines.count, 51)
    XCTAssertEqual(lines.last, "… and 70 more; `changes all` lists every one")
    XCTAssertTrue(shell.run(script: "changes ALL", name: "-c"))
    XCTAssertEqual(capture.out.split(separator: "\n").count, 51 + 120)
  }
}

/// A monotonic clock that moves only when a ``ReadingPager``'s reader spends time.
private final class ReaderClock: @unchecked Sendable {
  private let lock = NSLock()
  private var nanoseconds: UInt64 = 0
  var now: UInt64 { lock.withLock { nanoseconds } }
  func advance(minutes: UInt64) { lock.withLock { nanoseconds += minutes * 60_000_000_000 } }
}

/// A pager whose reader takes a minute over each piece of text before taking the next, and
/// two more before leaving it.
private final class ReadingPager: Paging, @unchecked Sendable {
  let command = "reader"
  let clock: ReaderClock
  private(set) var shown = ""

  init(clock: ReaderClock) {
    self.clock = clock
  }

  func show(_ body: (_ write: (String) -> Void) throws(Interrupted) -> Void)
    throws(Interrupted) -> Pager.Outcome
  {
    try body { text in
      shown += text
      clock.advance(minutes: 1)
    }
    clock.advance(minutes: 2)
    return .shown
  }
}
