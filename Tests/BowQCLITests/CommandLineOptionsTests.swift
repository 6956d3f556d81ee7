import BowQShell
import XCTest

@testable import BowQCLI

final class CommandLineOptionsTests: XCTestCase {
  private func parse(_ arguments: String...) throws -> Invocation {
    try CommandLineOptions.parse(arguments)
  }

  private func run(_ arguments: String...) throws -> RunOptions {
    guard case .run(let options) = try CommandLineOptions.parse(arguments) else {
      throw XCTSkip("not a run: \(arguments)")
    }
    return options
  }

  private func failure(_ arguments: String...) -> String? {
    catching(arguments)
  }

  // MARK: Runs

  func testNoArgumentsIsTheShellOnTheDefaultStore() throws {
    XCTAssertEqual(try parse(), .run(RunOptions()))
    XCTAssertEqual(
      try run(),
      RunOptions(
        store: .defaultStore, seedsSampleData: false, source: .standardInput, format: nil,
        keepsGoing: false, color: .auto))
  }

  func testStore() throws {
    XCTAssertEqual(try run("--store", "ties.plist").store, .file("ties.plist"))
    XCTAssertEqual(try run("--store=ties.plist").store, .file("ties.plist"))
    XCTAssertEqual(try run("--store=a=b.plist").store, .file("a=b.plist"))
  }

  func testMemory() throws {
    XCTAssertEqual(try run("--memory").store, .memory)
  }

  func testSampleWithStoreOrMemory() throws {
    XCTAssertEqual(
      try run("--store", "new.plist", "--sample"),
      RunOptions(store: .file("new.plist"), seedsSampleData: true))
    XCTAssertEqual(
      try run("--sample", "--memory"), RunOptions(store: .memory, seedsSampleData: true))
  }

  func testCommandsRunInOrder() throws {
    XCTAssertEqual(
      try run("-c", "fetch BowTie where searchKey == \"R\"", "-c", "set rating = 4", "-csave")
        .source,
      .commands(["fetch BowTie where searchKey == \"R\"", "set rating = 4", "save"]))
  }

  func testCommandMayLookLikeAnOption() throws {
    XCTAssertEqual(try run("-c", "--json").source, .commands(["--json"]))
  }

  func testScriptAndItsArguments() throws {
    XCTAssertEqual(
      try run("--store", "s.plist", "/path/script.bowq", "one", "--json", "-c", "x"),
      RunOptions(
        store: .file("s.plist"),
        source: .script(path: "/path/script.bowq", arguments: ["one", "--json", "-c", "x"])))
  }

  func testDashIsStandardInputAsAScript() throws {
    XCTAssertEqual(try run("-").source, .script(path: "-", arguments: []))
  }

  func testDoubleDashEndsOptions() throws {
    XCTAssertEqual(
      try run("--memory", "--", "--odd-name.bowq", "-x").source,
      .script(path: "--odd-name.bowq", arguments: ["-x"]))
    XCTAssertEqual(try run("--", "plist").source, .script(path: "plist", arguments: []))
  }

  func testFormat() throws {
    for format in OutputFormat.allCases {
      XCTAssertEqual(try run("--format", format.rawValue).format, format)
      XCTAssertEqual(try run("--format=\(format.rawValue)").format, format)
    }
    XCTAssertEqual(try run("--json").format, .json)
  }

  func testTheLastFormatWins() throws {
    XCTAssertEqual(try run("--json", "--format", "csv").format, .csv)
    XCTAssertEqual(try run("--format", "csv", "--json").format, .json)
  }

  func testKeepGoing() throws {
    XCTAssertTrue(try run("--keep-going", "script.bowq").keepsGoing)
  }

  func testColor() throws {
    for mode in ColorMode.allCases {
      XCTAssertEqual(try run("--color", mode.rawValue).color, mode)
      XCTAssertEqual(try run("--color=\(mode.rawValue)").color, mode)
    }
  }

  func testHelp() throws {
    XCTAssertEqual(try parse("--help"), .help)
    XCTAssertEqual(try parse("-h"), .help)
    XCTAssertEqual(try parse("--memory", "--help", "--bogus"), .help)
  }

  func testVersion() throws {
    XCTAssertEqual(try parse("--version"), .version)
    XCTAssertEqual(try parse("-V"), .version)
  }

  func testHelpAfterTheScriptBelongsToTheScript() throws {
    XCTAssertEqual(
      try run("script.bowq", "--help").source, .script(path: "script.bowq", arguments: ["--help"]))
  }

  // MARK: plist

  func testPlist() throws {
    XCTAssertEqual(try parse("plist", "Data.plist"), .plist(PlistOptions(path: "Data.plist")))
    XCTAssertEqual(try parse("plist", "-"), .plist(PlistOptions(path: "-")))
  }

  func testPlistAsJSON() throws {
    let json = Invocation.plist(PlistOptions(path: "Data.plist", format: .json))
    XCTAssertEqual(try parse("plist", "Data.plist", "--format", "json"), json)
    XCTAssertEqual(try parse("plist", "--format=json", "Data.plist"), json)
    XCTAssertEqual(try parse("--json", "plist", "Data.plist"), json)
  }

  func testPlistColor() throws {
    XCTAssertEqual(
      try parse("plist", "Data.plist", "--color", "never"),
      .plist(PlistOptions(path: "Data.plist", color: .never)))
  }

  func testPlistFileAfterDoubleDash() throws {
    XCTAssertEqual(try parse("plist", "--", "--odd"), .plist(PlistOptions(path: "--odd")))
  }

  // MARK: Errors

  func testUnknownOption() {
    XCTAssertEqual(
      failure("--foo"),
      "bowq: unknown option '--foo'\nTry 'bowq --help' for more information.\n")
    XCTAssertEqual(
      failure("-x"), "bowq: unknown option '-x'\nTry 'bowq --help' for more information.\n")
  }

  func testUnknownOptionSuggestsTheClosest() {
    XCTAssertEqual(
      failure("--fromat", "csv"),
      "bowq: unknown option '--fromat' (did you mean '--format'?)\n"
        + "Try 'bowq --help' for more information.\n")
    XCTAssertEqual(
      failure("-memory"),
      "bowq: unknown option '-memory' (did you mean '--memory'?)\n"
        + "Try 'bowq --help' for more information.\n")
    XCTAssertEqual(
      failure("-help"),
      "bowq: unknown option '-help' (did you mean '--help'?)\n"
        + "Try 'bowq --help' for more information.\n")
  }

  func testUnknownOptionIsNamedWithoutItsValue() {
    XCTAssertEqual(
      failure("--colour=never"),
      "bowq: unknown option '--colour' (did you mean '--color'?)\n"
        + "Try 'bowq --help' for more information.\n")
  }

  func testMissingArgument() {
    for (arguments, option) in [
      (["--store"], "--store"), (["--format"], "--format"), (["--color"], "--color"),
      (["-c"], "-c"), (["--memory", "--store="], "--store"),
    ] {
      XCTAssertEqual(
        catching(arguments),
        "bowq: option '\(option)' requires an argument\n"
          + "Try 'bowq --help' for more information.\n")
    }
  }

  func testFlagWithAValue() {
    for flag in ["--memory", "--sample", "--json", "--keep-going", "--help", "--version"] {
      XCTAssertEqual(
        catching(["\(flag)=yes"]),
        "bowq: option '\(flag)' doesn't allow an argument\n"
          + "Try 'bowq --help' for more information.\n")
    }
  }

  func testInvalidArgument() {
    XCTAssertEqual(
      failure("--format", "xml"),
      "bowq: invalid argument 'xml' for '--format' (valid: table, box, json, jsonl, csv, line)\n"
        + "Try 'bowq --help' for more information.\n")
    XCTAssertEqual(
      failure("--color=sometimes"),
      "bowq: invalid argument 'sometimes' for '--color' (valid: auto, always, never)\n"
        + "Try 'bowq --help' for more information.\n")
  }

  func testStoreAndMemoryConflict() {
    XCTAssertEqual(
      failure("--store", "a.plist", "--memory"),
      "bowq: '--store' and '--memory' cannot be used together\n"
        + "Try 'bowq --help' for more information.\n")
  }

  func testStoreGivenTwice() {
    XCTAssertEqual(
      failure("--store", "a.plist", "--store=b.plist"),
      "bowq: '--store' given more than once\nTry 'bowq --help' for more information.\n")
  }

  func testStoreCannotBeStandardInput() {
    XCTAssertEqual(
      failure("--store", "-"),
      "bowq: '--store' needs a file path; standard input ('-') cannot hold a store\n"
        + "Try 'bowq --help' for more information.\n")
  }

  func testSampleNeedsStoreOrMemory() {
    XCTAssertEqual(
      failure("--sample"),
      "bowq: '--sample' needs '--store PATH' (a new file) or '--memory';"
        + " the default store starts with the sample data already\n"
        + "Try 'bowq --help' for more information.\n")
  }

  func testCommandsAndScriptConflict() {
    XCTAssertEqual(
      failure("-c", "count BowTie", "script.bowq"),
      "bowq: '-c' and the script 'script.bowq' cannot be used together\n"
        + "Try 'bowq --help' for more information.\n")
  }

  func testPlistNeedsAFile() {
    XCTAssertEqual(
      failure("plist"),
      "bowq: 'plist' needs a FILE to print\nTry 'bowq --help' for more information.\n")
  }

  func testPlistPrintsOneFile() {
    XCTAssertEqual(
      failure("plist", "a.plist", "b.plist"),
      "bowq: 'plist' prints one FILE; unexpected argument 'b.plist'\n"
        + "Try 'bowq --help' for more information.\n")
  }

  func testRunOptionsAreNotForPlist() {
    for (arguments, option) in [
      (["--store", "s.plist", "plist", "a.plist"], "--store"),
      (["plist", "a.plist", "--memory"], "--memory"),
      (["plist", "a.plist", "--sample"], "--sample"),
      (["-c", "count BowTie", "plist", "a.plist"], "-c"),
      (["plist", "--keep-going", "a.plist"], "--keep-going"),
    ] {
      XCTAssertEqual(
        catching(arguments),
        "bowq: '\(option)' cannot be used with 'plist'\n"
          + "Try 'bowq --help' for more information.\n")
    }
  }

  func testPlistPrintsOnlyReadablyOrAsJSON() {
    XCTAssertEqual(
      failure("plist", "a.plist", "--format", "csv"),
      "bowq: 'plist' prints readably or with '--format json', not '--format csv'\n"
        + "Try 'bowq --help' for more information.\n")
  }

  func testBadCommandLinesExitWithTwo() {
    XCTAssertEqual(CommandLineError.exitStatus, 2)
  }

  func testErrorDescriptionIsTheFirstLine() {
    XCTAssertEqual(
      CommandLineError.unknownOption("--foo", suggestion: nil).description,
      "bowq: unknown option '--foo'")
  }

  // MARK: Help text

  func testHelpNamesEveryOptionTheDefaultStoreAndTheEnvironment() {
    let help = CommandLineOptions.helpText(
      defaultStorePath: "/home/ana/.local/share/bowq/default.plist")
    for text in [
      "--store PATH", "--memory", "--sample", "-c STATEMENTS", "FILE", "plist FILE",
      "--format FORMAT", "table, box, json, jsonl, csv or line", "--json", "--keep-going",
      "--color WHEN", "-h, --help", "-V, --version", "/home/ana/.local/share/bowq/default.plist",
      "Examples:", "Exit status:", "BOWQ_HISTORY", "NO_COLOR", "BOWQ_NOW", "BOWQ_SAMPLE_DATA",
    ] {
      XCTAssertTrue(help.contains(text), text)
    }
  }

  func testHelpLinesFitEightyColumns() {
    let help = CommandLineOptions.helpText(defaultStorePath: "/d")
    for line in help.split(separator: "\n") {
      XCTAssertLessThanOrEqual(line.count, 80, String(line))
      XCTAssertFalse(line.hasSuffix(" "), String(line))
    }
  }

  /// The text printed to standard error for a bad command line.
  private func catching(_ arguments: [String]) -> String? {
    do {
      _ = try CommandLineOptions.parse(arguments)
      return nil
    } catch {
      return error.message
    }
  }
}
