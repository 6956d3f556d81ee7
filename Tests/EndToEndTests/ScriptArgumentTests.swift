import Foundation
import XCTest

/// Script arguments typed as literals, `--keep-going` across several `-c`, and `set` after
/// a fetch with `select`, through the binary.
final class ScriptArgumentTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  func testScriptArgumentsAreTypedAsLiterals() throws {
    let script = home.appendingPathComponent("args.bowq")
    try """
    count BowTie where rating > $1 AND searchKey == $2
    .param list

    """.write(to: script, atomically: true, encoding: .utf8)
    let result = try Bowq.run(
      ["--memory", "--sample", script.path, "3", "B"], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.output, "1\n$1 = 3\n$2 = \"B\"\n")
    let quoted = try Bowq.run(
      ["--memory", "--sample", script.path, "3", "\"B\"", "2024-01-31"], home: home)
    XCTAssertEqual(quoted.output, "1\n$1 = 3\n$2 = \"B\"\n$3 = \"2024-01-31\"\n")
  }

  func testAMissingArgumentAndADateArgumentSayWhatTheScriptNeeds() throws {
    let script = home.appendingPathComponent("worn.bowq")
    try "count BowTie where rating > $1 AND lastWorn > $2\n".write(
      to: script, atomically: true, encoding: .utf8)
    let missing = try Bowq.run(["--memory", "--sample", script.path, "3"], home: home)
    XCTAssertEqual(missing.status, 1)
    XCTAssertTrue(
      missing.stderr.contains(
        "error: the script needs argument 2, but was given 1: pass it after the script's name"),
      missing.stderr)
    let dated = try Bowq.run(["--memory", "--sample", script.path, "3", "2024-03-01"], home: home)
    XCTAssertEqual(dated.output, "3\n", dated.stderr)
    let undated = try Bowq.run(["--memory", "--sample", script.path, "3", "soon"], home: home)
    XCTAssertTrue(
      undated.stderr.contains(
        #"give $2 an ISO 8601 date such as 2024-01-31, or write CAST($2, "NSDate")"#),
      undated.stderr)
  }

  func testKeepGoingRunsEveryCommand() throws {
    let result = try Bowq.run(
      [
        "--memory", "--sample", "--keep-going", "-c", "count BowTie where x > 1", "-c",
        "count BowTie",
      ], home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.output, "7\n")
    XCTAssertTrue(result.stderr.contains("unknown attribute \"x\""), result.stderr)
    let stopping = try Bowq.run(
      ["--memory", "--sample", "-c", "count BowTie where x > 1", "-c", "count BowTie"],
      home: home)
    XCTAssertEqual(stopping.status, 1)
    XCTAssertEqual(stopping.output, "")
  }

  func testSetAfterASelectFetchSaysItReturnedValues() throws {
    let result = try Bowq.run(
      [
        "--memory", "--sample", "-c",
        "fetch BowTie where searchKey == 'R'; fetch BowTie select name limit 1; set rating = 4",
      ], home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.stderr.contains(
        "the last fetch had select, so it returned values, not objects: `set` changes the "
          + "objects of a fetch without select"), result.stderr)
  }

  func testDotCommandErrorsNameTheirLine() throws {
    let result = try Bowq.run(
      ["--memory", "--sample", "--keep-going"], input: "count BowTie\n.mode yaml\n.frob\n",
      home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.stderr.contains("<stdin>:2: error: .mode takes one of: table, box"), result.stderr)
    XCTAssertTrue(result.stderr.contains("<stdin>:3: error: unknown command .frob."), result.stderr)
  }

  func testAStorePathWithEscapeCodesIsShownEscaped() throws {
    let folder = home.appendingPathComponent("x\u{1B}[2Jy.bowq")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let result = try Bowq.run(["--store", folder.path, "-c", "count BowTie"], home: home)
    XCTAssertNotEqual(result.status, 0)
    XCTAssertFalse(result.stderr.contains("\u{1B}"), result.stderr)
    XCTAssertTrue(result.stderr.contains("x\\u{1B}[2Jy.bowq: Is a directory"), result.stderr)
  }
}
