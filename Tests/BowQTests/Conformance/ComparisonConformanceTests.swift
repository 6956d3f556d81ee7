import BowQ
import Foundation
import XCTest

/// Comparisons and their options: "Predicate Format String Syntax" — Basic Comparisons,
/// String Comparisons' `[c]` and `[d]` — "Using Null Values", and the evaluation rules
/// of features §4 and §8.
final class ComparisonConformanceTests: XCTestCase {
  private typealias C = Conformance

  func testEquality() {
    let equal =
      "Basic Comparisons: \"=, ==\" — the left-hand expression is equal to the right-hand one"
    C.check(equal, "name == 'Ann' AND name = 'Ann'", is: true)
    C.check(equal, "name == 'Bob'", is: false)
    C.check(
      "features §4: numbers compare by value (4 == 4.0, YES == 1)",
      "age == 41.0 AND 4 == 4.0 AND YES == 1", is: true)
    C.check(
      "features §4: across types the answer is simply false", "name == 41 OR age == '41'", is: false
    )
    C.check(
      "features §4: dates compare by value", "ties[0].lastWorn == %@", [Wardrobe.secondDay],
      is: true)
  }

  func testInequality() {
    let notEqual = "Basic Comparisons: \"!=, <>\" — not equal"
    C.check(notEqual, "name != 'Bob' AND name <> 'Bob'", is: true)
    C.check(notEqual, "name != 'Ann'", is: false)
    C.check(
      "features §4: the negation of ==, so nil != \"x\" is true", "missing != 'x' AND nil != 'x'",
      is: true)
    C.check("features §4: across types != is simply true", "name != 41", is: true)
  }

  func testOrdering() {
    C.check("Basic Comparisons: \">=, =>\"", "age >= 41 AND age => 41 AND age >= 40", is: true)
    C.check("Basic Comparisons: \"<=, =<\"", "age <= 41 AND age =< 41 AND age <= 42", is: true)
    C.check("Basic Comparisons: \">\"", "age > 40", is: true)
    C.check("Basic Comparisons: \"<\"", "age < 41", is: false)
    C.check(
      "features §4: dates order chronologically", #"ties[1].lastWorn < ties[0].lastWorn"#, is: true)
    let utf16 = "features §4: strings order by UTF-16 code unit"
    C.check(utf16, "'XYZ' < 'abc' AND '' < 'a' AND 'B' > 'A'", is: true)
    C.check(
      "features §4: \"Any nil operand makes the result false\"",
      "missing < 1 OR missing > 1 OR missing <= 1 OR missing >= 1 OR 1 < nil", is: false)
    C.raises(
      "features §4: mixed types (string vs number) raise", "name < 3",
      error: #"1:1: cannot order a string ("Ann") against an integer (3)"#)
    C.raises(
      "features §8: a date against a number raises", "ties[0].lastWorn > 3",
      error: #"1:1: cannot order a date (CAST(86400, "NSDate")) against an integer (3)"#)
    C.raises(
      "Creating Predicates: \"The parser does not perform semantic type checking\" — a "
        + "mismatch between constants too raises only when evaluated",
      "'a' < 3", error: #"1:5: cannot compare "a" (a string) with an integer using <"#)
  }

  func testBetween() {
    let between = "Basic Comparisons: \"BETWEEN\" — between, or equal to either of, the two bounds"
    C.check(between, "age BETWEEN { 0 , 41 } AND age BETWEEN {41, 100}", is: true)
    C.check(between, "age BETWEEN {42, 100}", is: false)
    C.check(
      between, "$INPUT BETWEEN { $LOWER, $UPPER }",
      variables: ["INPUT": 5, "LOWER": 1, "UPPER": 9], is: true)
    C.check(
      "features §4: BETWEEN works for dates and strings",
      #"ties[0].lastWorn BETWEEN {CAST(0, "NSDate"), CAST(86400, "NSDate")} AND name BETWEEN {"A", "B"}"#,
      is: true)
    C.check("features §8: BETWEEN is false on nil", "missing BETWEEN {0, 1}", is: false)
    C.raises(
      "Basic Comparisons: \"The right-hand side is a two value array\"", "age BETWEEN {1, 2, 3}",
      error: "1:13: BETWEEN needs two bounds on its right, as in BETWEEN {1, 5}")
    C.raises(
      "features §4: \"otherwise it raises at evaluation\"", "age BETWEEN $bounds",
      variables: ["bounds": [1]],
      error: "1:1: BETWEEN needs two bounds on its right, as in BETWEEN {1, 5}")
  }

  func testCaseAndDiacriticOptions() {
    let options = "String Comparisons: \"[c]\" and \"[d]\" specify case and diacritic insensitivity"
    C.check(options, "name BEGINSWITH[c] 'an'", is: true)
    C.check(options, "name BEGINSWITH 'an'", is: false)
    C.check(options, "city == 'Zurich'", is: false)
    C.check(options, "city ==[d] 'Zurich' AND city ==[cd] 'ZURICH'", is: true)
    C.check(options, "city CONTAINS[cd] 'RI' AND city LIKE[cd] 'zu*'", is: true)
    C.check(
      "features §4: [d] folds by Unicode rules (é ~ e, ü ~ u; ß is not ss)",
      "SELF ==[d] 'Cafe' AND NOT SELF ==[cd] 'CAFE '", on: "Café", is: true)
    C.check("features §4: [d] alone: ß is not ss", "SELF ==[d] 'Strasse'", on: "Straße", is: false)
    C.check(
      "CFString's kCFCompareCaseInsensitive folds case fully (docs/case-folding.md): ß ~ ss",
      "SELF ==[c] 'STRASSE' AND SELF ==[cd] 'strasse' AND SELF CONTAINS[c] 'SS'", on: "Straße",
      is: true)
    C.check(
      "features §4: options are accepted on == and != too (==[c], !=[d])",
      "name ==[c] 'ANN' AND city !=[d] 'Zurich'", is: false)
    C.check("features §4: and on ordering operators (<[c])", "name <[c] 'b'", is: true)
    C.check(
      "features §4: [n] and [l] are accepted",
      "name ==[n] 'Ann' AND name ==[l] 'Ann' AND name ==[cdnl] 'ann'", is: true)
    C.rejects(
      "features §4: options are the letters c, d, n and l", "name ==[x] 'Ann'",
      error:
        #"1:9: unknown comparison option "x": use c (case-insensitive), d (diacritic-insensitive), n or l"#
    )
  }

  func testNil() {
    let null =
      "Using Null Values: a comparison does not match null \"except null (nil) or the NSNull null value\""
    C.check(null, "nickname == nil AND missing == nil AND nil == missing", is: true)
    C.check(null, "nickname == '' OR nickname == 0 OR nickname == NO", is: false)
    C.check(null, "name == nil", is: false)
    C.check(
      "Using Null Values: \"(birthday > %@) || (birthday = nil)\"",
      "(ties[2].lastWorn > %@) || (ties[2].lastWorn = nil)",
      [Wardrobe.secondDay], is: true)
    C.check(
      "features §8: string operators are false on nil",
      "missing BEGINSWITH 'a' OR missing CONTAINS 'a' OR missing LIKE '*' OR missing MATCHES '.*'",
      is: false)
  }

  func testBooleanValuePredicates() {
    C.check(
      "Boolean Value Predicates: \"TRUEPREDICATE\" always evaluates to true", "TRUEPREDICATE",
      is: true)
    C.check(
      "Boolean Value Predicates: \"FALSEPREDICATE\" always evaluates to false", "FALSEPREDICATE",
      is: false)
    C.check(
      "features §6: constant predicates combine like any other",
      "TRUEPREDICATE AND NOT FALSEPREDICATE AND (FALSEPREDICATE OR age == 41)", is: true)
  }
}
