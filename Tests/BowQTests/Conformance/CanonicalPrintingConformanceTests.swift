import BowQ
import Foundation
import XCTest

/// `predicateFormat`: the canonical form of features §7, observed from Apple's output in
/// public tests, and the round trip (the printed form parses back to the same predicate).
final class CanonicalPrintingConformanceTests: XCTestCase {
  private typealias C = Conformance

  func testComparisons() {
    let comparison = "features §7.1: <lhs> <OP><options> <rhs>, the operator canonicalized"
    C.prints(comparison, "a = 1", as: "a == 1")
    C.prints(comparison, "a <> 1", as: "a != 1")
    C.prints(comparison, "a =< 1 AND b => 2", as: "a <= 1 AND b >= 2")
    C.prints(comparison, "a beginswith 'x' or a like 'y'", as: #"a BEGINSWITH "x" OR a LIKE "y""#)
    C.prints(comparison, "a in {1,2} and a between {1,5}", as: "a IN {1, 2} AND a BETWEEN {1, 5}")
    C.prints(
      "features §7.1: options in the order c, d, n, l", "a contains[ldc] 'x'",
      as: #"a CONTAINS[cdl] "x""#)
    C.prints(
      "Parser Basics' example: \"%K like %@\" evaluates to firstName like \"Adam\"", "%K like %@",
      ["firstName", "Adam"], as: #"firstName LIKE "Adam""#)
  }

  func testModifiers() {
    C.prints("features §7.2: SOME parses to ANY", "some ties.rating > 1", as: "ANY ties.rating > 1")
    C.prints("features §7.2: ALL", "all ties.rating > 1", as: "ALL ties.rating > 1")
    C.prints(
      "features §7.2 infers NOT ANY for NONE; bowq keeps NONE, which means the same",
      "none ties.rating > 1", as: "NONE ties.rating > 1")
  }

  func testCompounds() {
    let compound = "features §7.3: a nested AND/OR compound is parenthesized"
    C.prints(compound, "a > 1 && b == 2 || c == 3", as: "(a > 1 AND b == 2) OR c == 3")
    C.prints(compound, "(x == 1 AND y == 2) AND z == 3", as: "(x == 1 AND y == 2) AND z == 3")
    C.prints(
      "features §7.3: NOT p, p parenthesized when compound", "!(a == 1 or b == 2)",
      as: "NOT (a == 1 OR b == 2)")
    C.prints(
      "features §7.3: the text's parentheses around comparisons are not kept", "((a == 1))",
      as: "a == 1")
    C.prints(
      "features §7.11: TRUEPREDICATE and FALSEPREDICATE", "truepredicate or falsepredicate",
      as: "TRUEPREDICATE OR FALSEPREDICATE")
  }

  func testConstants() {
    C.prints("features §7.4: strings are always double-quoted", "a == 'x'", as: #"a == "x""#)
    C.prints(
      #"features §7.4: " prints as \" and \ as \\"#, #"a == 'say "hi" \\ bye'"#,
      as: #"a == "say \"hi\" \\ bye""#)
    C.prints("features §7.4: non-ASCII prints as it is", "a == 'Zürich'", as: #"a == "Zürich""#)
    C.prints("features §7.5: numbers print as values", "a == 0x2A", as: "a == 42")
    C.prints(
      "features §7.5: YES/TRUE → 1, NO/FALSE → 0", "a == YES OR a == false", as: "a == 1 OR a == 0")
    C.prints("features §7.5: 10.5 stays 10.5", "a == 10.5", as: "a == 10.5")
    C.prints("features §7.5: a double 10 prints as 10", "a == 10.0", as: "a == 10")
    C.prints(
      "features §7.5 prints a double 10 as 10; in arithmetic bowq keeps 10.0, as 10 / 4 and "
        + "10.0 / 4 differ", "a == 10.0 / 4", as: "a == 10.0 / 4")
    C.prints("features §7.6: a nil constant prints as nil", "a == NULL", as: "a == nil")
    C.prints(
      "features §7.7: a date prints as CAST(<interval>, \"NSDate\")", "a == %@",
      [Date(timeIntervalSinceReferenceDate: 123.5)], as: #"a == CAST(123.5, "NSDate")"#)
    C.prints("features §7.8: aggregates print as {a, b}", "a IN {1,'b'}", as: #"a IN {1, "b"}"#)
    C.prints("features §7.8: an empty aggregate prints as {}", "a IN { }", as: "a IN {}")
  }

  func testExpressions() {
    C.prints("features §7.9: key paths with dots; SELF; $name", "SELF.a.b == $v", as: "a.b == $v")
    C.prints("features §7.9: SELF on its own", "SELF == 1", as: "SELF == 1")
    C.prints(
      "features §7.9: reserved words as keys are escaped", "g.@max.#self == 1",
      as: "g.@max.#self == 1")
    C.prints("features §7.10: arithmetic prints infix with spaces", "a+2==4", as: "a + 2 == 4")
    C.prints(
      "features §7.10: a nested arithmetic operand is parenthesized", "(a + $b) + $c == 1",
      as: "(a + $b) + $c == 1")
    C.prints(
      "features §7.10 infers sum:(…) for functions; bowq prints the name it parsed, which reads back",
      "sum({1,2,3}) == 6", as: "sum({1, 2, 3}) == 6")
    C.prints(
      "features §7.11: index expressions print as written", "a[SIZE] == 1 AND a[FIRST] == a[1]",
      as: "a[SIZE] == 1 AND a[FIRST] == a[1]")
    C.prints(
      "features §7.11: SUBQUERY prints as written", "SUBQUERY(c, $x, $x.y > 0).@count > 0",
      as: "SUBQUERY(c, $x, $x.y > 0).@count > 0")
  }

  func testSubstitutedVariablesPrintAsConstants() throws {
    let template = try FormatPredicate(format: "lastName like[c] $LAST_NAME")
    XCTAssertEqual(
      try template.withSubstitutionVariables(["LAST_NAME": "Turner"]).predicateFormat,
      #"lastName LIKE[c] "Turner""#,
      "Creating Predicates Using Predicate Templates: predicateWithSubstitutionVariables:")
  }
}
