import BowQ
import Foundation
import XCTest

/// The forms that are not predicates: the parse errors of features §8, with the position
/// bowq reports where Foundation only throws, and evaluation errors where Foundation raises.
final class ErrorConformanceTests: XCTestCase {
  private typealias C = Conformance

  func testParseErrors() {
    let parse = "features §8: parse errors"
    C.rejects(parse, "", error: "1:1: expected a value or key path, found end of input")
    C.rejects(
      parse + " — a bare key path", "age",
      error: "1:4: expected a comparison after this expression (for example == or >)")
    C.rejects(
      parse + " — a bare value", "1",
      error: "1:2: expected a comparison after this expression (for example == or >)")
    C.rejects(
      parse + " — a bare expression", "age * 25",
      error: "1:9: expected a comparison after this expression (for example == or >)")
    C.rejects(
      parse + " — ===", "age === 41", error: #"1:7: expected a value or key path, found "=""#)
    C.rejects(parse + " — ,", ",", error: #"1:1: expected a value or key path, found ",""#)
    C.rejects(parse + " — ()", "()", error: #"1:2: expected a value or key path, found ")""#)
    C.rejects(
      parse + " — unbalanced parentheses", "(age == 41",
      error: #"1:11: expected ")" to close the "(" at 1:1, found end of input"#)
    C.rejects(
      parse + " — unbalanced parentheses", "age == 41)",
      error: #"1:10: unexpected ")" after the predicate"#)
    C.rejects(
      parse + " — an unbalanced quote", "name == 'Ann",
      error: "1:9: unterminated string: add the closing '")
    C.rejects(
      parse + " — a dangling operator", "age ==",
      error: "1:7: expected a value or key path, found end of input")
    C.rejects(
      parse + " — a dangling operator", "age == 41 AND",
      error: "1:14: expected a value or key path, found end of input")
  }

  func testComparisonsDoNotChain() {
    C.rejects(
      "features §6: \"a predicate is exactly expr op expr\"", "1 < age < 100",
      error: #"1:9: unexpected "<" after the predicate"#)
  }

  func testErrorsFoundBeforeEvaluation() {
    C.rejects(
      "features §3: an unknown function name raises immediately", "lenght(name) == 3",
      error: #"1:1: unknown function lenght(). Did you mean "length"?"#)
    C.rejects(
      "features §4: MATCHES with an invalid pattern", "name MATCHES '['",
      error: #"1:14: invalid regular expression "[""#)
  }

  func testEvaluationErrorsWhereFoundationRaises() {
    C.raises(
      "features §8: comparing a string with a number by < raises", "name < 1",
      error: #"1:1: cannot order a string ("Ann") against an integer (1)"#)
    C.raises(
      "features §5: a qualifier on a non-collection raises", "ALL age > 1",
      error: "1:1: ALL needs a collection on its left, not an integer")
    C.raises(
      "features §1: evaluating an unbound variable raises", "age == $a",
      error: "1:8: unbound variable $a: give it a value in the substitution variables.")
    C.raises(
      "KVC raises for a key a value does not have", "age.years == 1",
      error:
        #"1:1: cannot read the key "years" of an integer (41): key paths read dictionaries and collections of them"#
    )
    C.raises(
      "features §3: division by zero", "age / 0 == 1", error: "1:1: division by zero")
  }
}
