import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// `.param set`, `.param unset` and `.param list`: substitution variables for predicates,
/// given as bowq literals.
final class ParameterTests: XCTestCase {
  private func makeShell(_ capture: ShellFixtures.Capture) throws -> Shell {
    try ShellFixtures.shell(
      after: """
        entity Hat { name: String, width: Int16, bought: Date? }
        insert Hat name = "Fez", width = 3, bought = CAST(0, "NSDate")
        insert Hat name = "Top hat", width = 5
        """, capture: capture)
  }

  func testSetParametersAreVariablesInPredicates() throws {
    let capture = ShellFixtures.Capture()
    let shell = try makeShell(capture)
    XCTAssertTrue(
      shell.run(
        script: """
          .param set min 4
          count Hat where width >= $min
          .param set  name   "Top hat"
          count Hat where name == $name
          .param set widths {3, 5}
          count Hat where width IN $widths
          .param set day CAST(0, "NSDate")
          count Hat where bought == $day
          .param set none nil
          count Hat where bought == $none
          .param set yes YES
          .param set double 2 ** 3 - 4.5
          count Hat where width == $double + 1.5
          """, name: nil),
      capture.err)
    XCTAssertEqual(capture.out, "1\n1\n2\n1\n1\n1\n")
    XCTAssertEqual(capture.err, "")
  }

  func testListShowsTheParametersAsLiterals() throws {
    let capture = ShellFixtures.Capture()
    let shell = try makeShell(capture)
    XCTAssertTrue(
      shell.run(
        script: ".param list\n.param set b \"x \\\"y\\\"\"\n.param set a {1, 2.5}\n.param",
        name: nil))
    XCTAssertEqual(capture.out, "(no parameters)\n$a = {1, 2.5}\n$b = \"x \\\"y\\\"\"\n")
  }

  func testUnsetForgetsAParameter() throws {
    let capture = ShellFixtures.Capture()
    let shell = try makeShell(capture)
    XCTAssertTrue(shell.run(script: ".param set min 4\n.param unset $min\n.param list", name: nil))
    XCTAssertEqual(capture.out, "(no parameters)\n")
    XCTAssertFalse(shell.run(script: "count Hat where width > $min", name: "t.bowq"))
    XCTAssertTrue(
      capture.err.contains("unbound variable $min. Give it a value with `.param set min VALUE`."),
      capture.err)
  }

  func testMistakesAreReported() throws {
    let capture = ShellFixtures.Capture()
    let shell = try makeShell(capture)
    XCTAssertFalse(shell.run(script: ".param set x \"open", name: nil))
    XCTAssertFalse(shell.run(script: ".param set x width", name: nil))
    XCTAssertFalse(shell.run(script: ".param set x now()", name: nil))
    XCTAssertFalse(shell.run(script: ".param set x", name: nil))
    XCTAssertFalse(shell.run(script: ".param set a-b 1", name: nil))
    XCTAssertFalse(shell.run(script: ".param unset nothing", name: nil))
    XCTAssertFalse(shell.run(script: ".param frob", name: nil))
    XCTAssertEqual(
      capture.err,
      """
      <stdin>:1: error: .param set x "open: unterminated string: add the closing "
      <stdin>:1: error: .param set x width: a key path needs an object to evaluate against; none is in scope here
      <stdin>:1: error: .param set x now(): now() is not a constant: give a value such as 3, 4.5, "text", YES, nil, {1, 2} or CAST(0, "NSDate")
      <stdin>:1: error: .param takes: set NAME VALUE, unset NAME, or list (VALUE is a literal such as 3, "text", YES, nil or {1, 2})
      <stdin>:1: error: .param takes: set NAME VALUE, unset NAME, or list (VALUE is a literal such as 3, "text", YES, nil or {1, 2})
      <stdin>:1: error: no parameter $nothing is set.
      <stdin>:1: error: .param takes: set NAME VALUE, unset NAME, or list (VALUE is a literal such as 3, "text", YES, nil or {1, 2})

      """)
  }

  func testHelpListsParam() throws {
    let capture = ShellFixtures.Capture()
    let shell = try makeShell(capture)
    XCTAssertTrue(shell.run(script: ".help", name: nil))
    XCTAssertTrue(capture.out.contains(".param set NAME VALUE"), capture.out)
    XCTAssertFalse(shell.run(script: ".parm list", name: nil))
    XCTAssertTrue(capture.err.contains("Did you mean \".param\"?"), capture.err)
  }
}
