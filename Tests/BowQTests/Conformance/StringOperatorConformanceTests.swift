import BowQ
import Foundation
import XCTest

/// The string operators: "Predicate Format String Syntax" — String Comparisons — "Using
/// Regular Expressions", and the empty-string and whole-string rules of features §4 and §8.
final class StringOperatorConformanceTests: XCTestCase {
  private typealias C = Conformance

  func testBeginsWithEndsWithContains() {
    C.check("String Comparisons: \"BEGINSWITH\"", "name BEGINSWITH 'An'", is: true)
    C.check("String Comparisons: \"ENDSWITH\"", "name ENDSWITH 'nn'", is: true)
    C.check("String Comparisons: \"CONTAINS\"", "city CONTAINS 'ri'", is: true)
    C.check("String Comparisons: \"CONTAINS\"", "city CONTAINS 'RI'", is: false)
    C.check(
      "features §8: CONTAINS, BEGINSWITH and ENDSWITH do not anchor at both ends",
      "name BEGINSWITH 'A' AND name ENDSWITH 'n' AND name CONTAINS 'n'", is: true)
  }

  func testEmptyStringsOnTheRightNeverMatch() {
    let empty = "features §4/§8: \"An empty string on the right never matches\""
    C.check(
      empty, "name BEGINSWITH '' OR name ENDSWITH '' OR name CONTAINS '' OR '' IN name", is: false)
    C.check(empty, "note BEGINSWITH ''", is: false)
    C.check(
      "features §8: x == \"\" and x LIKE \"*\" do match \"\"", "note == '' AND note LIKE '*'",
      is: true)
  }

  func testStringOperatorsCompareStrings() {
    let strings = "features §4: substring operators on anything but strings raise"
    C.raises(
      strings, "age BEGINSWITH 'A'", error: "1:1: BEGINSWITH compares strings, not an integer (41)")
    C.raises(
      "features §5: substring operators raise on a to-many key path", "ties.name ENDSWITH 'Tie'",
      error:
        #"1:1: ENDSWITH compares strings, not a collection ({"Red Bow Tie", "Blue Bow Tie", "Polka Dot"})"#
    )
    C.check(strings, "missing BEGINSWITH 'A'", is: false)
  }

  func testLike() {
    let like = "String Comparisons: \"LIKE\" — ? matches 1 character and * matches 0 or more"
    C.check(
      like, "name LIKE 'A?n' AND name LIKE 'A*' AND name LIKE '*' AND name LIKE 'Ann*'", is: true)
    C.check(like, "name LIKE 'A?' OR name LIKE 'n*'", is: false)
    C.check("features §4: LIKE matches the whole string", "name LIKE 'nn'", is: false)
    C.check("features §4: [c] and [d] are allowed on LIKE", "city LIKE[cd] 'ZURI?H'", is: true)
    C.check(
      "features §4: \\ escapes a wildcard; every other character is literal",
      #"SELF LIKE 'a\\*b' AND NOT SELF LIKE 'a\\*c' AND 'a.b' LIKE 'a.b' AND NOT 'axb' LIKE 'a.b'"#,
      on: "a*b", is: true)
    C.check("features §4: LIKE '*' matches \"\"", "note LIKE '*'", is: true)
  }

  func testMatches() {
    let matches = "String Comparisons: \"MATCHES\" — a regex-style comparison according to ICU"
    C.check(matches, "name MATCHES 'A.n' AND name MATCHES '[A-Z][a-z]+'", is: true)
    C.check("features §4: MATCHES must match the whole string", "name MATCHES 'nn'", is: false)
    C.check("features §4: [c] makes MATCHES case-insensitive", "name MATCHES[c] 'ann'", is: true)
    C.check(
      "Using Regular Expressions: the pattern is an ICU regular expression",
      #"SELF MATCHES '\\d{3}-\\d{4}'"#, on: "555-1234", is: true)
    C.rejects(
      "features §4: \"An invalid pattern raises\" — a constant one when the predicate is made",
      "name MATCHES '('", error: #"1:14: invalid regular expression "(""#)
    C.raises(
      "features §4: \"An invalid pattern raises\" — a variable one at evaluation",
      "name MATCHES $pattern", variables: ["pattern": "("],
      error: #"1:1: invalid regular expression "(""#)
  }

  func testInWithStrings() {
    let inString = "features §4: IN with strings on both sides is a substring test"
    C.check(inString, "'xyz' IN 'wxyz' AND name IN 'MaryAnne'", is: true)
    C.check(inString, "name IN 'Bob'", is: false)
    C.check("features §4: IN takes [c]", "'ANN' IN[c] 'hannah'", is: true)
  }

  func testUniformTypeIdentifiersAreApplePlatformsOnly() {
    let uti = "String Comparisons: UTI-CONFORMS-TO and UTI-EQUALS (Apple platforms only)"
    C.rejects(
      uti, "type UTI-CONFORMS-TO 'public.text'",
      error:
        "1:6: UTI-CONFORMS-TO and UTI-EQUALS test Uniform Type Identifiers, which exist only on Apple platforms; compare the type identifier as a string (==, BEGINSWITH)"
    )
    C.rejects(
      uti, "type UTI-EQUALS 'public.text'",
      error:
        "1:6: UTI-CONFORMS-TO and UTI-EQUALS test Uniform Type Identifiers, which exist only on Apple platforms; compare the type identifier as a string (==, BEGINSWITH)"
    )
  }
}
