import Foundation
import XCTest

@testable import BowQ

/// PredicateSyntax and expression evaluation, through the interpreter, on a small graph:
/// NSPredicate's semantics for every operator, option, nil, empty string, wildcard,
/// arithmetic, function and aggregate.
final class EvaluationTests: XCTestCase {
  /// 2024-01-31T12:00:00Z, the clock `now()` reads.
  private static let fixedNow = Date(timeIntervalSince1970: 1_706_702_400)

  private var interpreter: Interpreter!

  override func setUpWithError() throws {
    interpreter = Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory, clock: { EvaluationTests.fixedNow })
    _ = try interpreter.run(
      #"""
      entity Item {
        id: Int32
        name: String?
        rating: Double?
        n: Int64?
        flag: Bool?
        when: Date?
        tag: String?
      }
      insert Item id = 1, name = "Polka", rating = 4.5, n = 5, flag = YES, when = CAST(0, "NSDate"), tag = "a*b"
      insert Item id = 2, name = "polka dot", rating = 3, n = -3, flag = NO, when = CAST(86400, "NSDate"), tag = "a?b"
      insert Item id = 3, name = "Café", rating = 1, n = 0x10, tag = "a\\b"
      insert Item id = 4, name = "Straße", rating = 0, n = 0, tag = "über"
      insert Item id = 5
      insert Item id = 6, name = "", rating = 5, n = 9223372036854775807
      """#)
  }

  /// The ids of the items the predicate matches, in insertion order.
  private func ids(_ predicate: String, file: StaticString = #filePath, line: UInt = #line) -> [Int]
  {
    do {
      let results = try interpreter.run("fetch Item where " + predicate)
      guard case .objects(let found) = results.first else {
        XCTFail("\(predicate): \(results)", file: file, line: line)
        return []
      }
      return found.rows.map { row in
        guard case .int(let id) = row[0] else { return -1 }
        return Int(id)
      }
    } catch {
      XCTFail("\(predicate): \(error)", file: file, line: line)
      return []
    }
  }

  private let all = [1, 2, 3, 4, 5, 6]

  /// The evaluation error a predicate raises.
  private func evaluationError(
    _ predicate: String, file: StaticString = #filePath, line: UInt = #line
  ) -> String {
    do {
      let results = try interpreter.run("fetch Item where " + predicate)
      XCTFail("\(predicate) evaluated to \(results)", file: file, line: line)
    } catch let error as EvaluationError {
      return error.message
    } catch {
      XCTFail("\(predicate): not an evaluation error: \(error)", file: file, line: line)
    }
    return ""
  }

  // MARK: Comparison operators

  func testEqualityAndItsAliases() {
    XCTAssertEqual(ids(#"name == "Polka""#), [1])
    XCTAssertEqual(ids(#"name = "Polka""#), [1])
    XCTAssertEqual(ids(#"name != "Polka""#), [2, 3, 4, 5, 6])
    XCTAssertEqual(ids(#"name <> "Polka""#), [2, 3, 4, 5, 6])
    // Numbers and Booleans compare by value.
    XCTAssertEqual(ids("rating == 3"), [2])
    XCTAssertEqual(ids("n == 16.0"), [3])
    XCTAssertEqual(ids("flag == YES"), [1])
    XCTAssertEqual(ids("flag == 1"), [1])
    XCTAssertEqual(ids("flag == NO"), [2])
    XCTAssertEqual(ids("flag == 0"), [2])
    // Across types equality is simply false.
    XCTAssertEqual(ids("name == 1"), [])
    XCTAssertEqual(ids(#"n == "5""#), [])
  }

  func testOrderingOperatorsAndAliases() {
    XCTAssertEqual(ids("rating < 3"), [3, 4])
    XCTAssertEqual(ids("rating <= 3"), [2, 3, 4])
    XCTAssertEqual(ids("rating =< 3"), [2, 3, 4])
    XCTAssertEqual(ids("rating > 3"), [1, 6])
    XCTAssertEqual(ids("rating >= 3"), [1, 2, 6])
    XCTAssertEqual(ids("rating => 3"), [1, 2, 6])
    XCTAssertEqual(ids(#"when < CAST(86400, "NSDate")"#), [1])
    // Strings order by UTF-16 code unit: upper case before lower case.
    XCTAssertEqual(ids(#"name < "a""#), [1, 3, 4, 6])
    XCTAssertEqual(ids(#"name > "Z""#), [2])
  }

  func testStringOperators() {
    XCTAssertEqual(ids(#"name BEGINSWITH "Pol""#), [1])
    XCTAssertEqual(ids(#"name ENDSWITH "dot""#), [2])
    XCTAssertEqual(ids(#"name CONTAINS "olk""#), [1, 2])
    XCTAssertEqual(ids(#"name LIKE "P*""#), [1])
    XCTAssertEqual(ids(#"name MATCHES "P.*a""#), [1])
    XCTAssertEqual(ids(#"name beginswith "pol""#), [2])
  }

  func testCaseAndDiacriticOptions() {
    XCTAssertEqual(ids(#"name ==[c] "POLKA""#), [1])
    XCTAssertEqual(ids(#"name !=[c] "POLKA""#), [2, 3, 4, 5, 6])
    XCTAssertEqual(ids(#"name BEGINSWITH[c] "POL""#), [1, 2])
    XCTAssertEqual(ids(#"name == "Cafe""#), [])
    XCTAssertEqual(ids(#"name ==[d] "Cafe""#), [3])
    XCTAssertEqual(ids(#"name ==[c] "CAFÉ""#), [3])
    XCTAssertEqual(ids(#"name ==[cd] "CAFE""#), [3])
    XCTAssertEqual(ids(#"tag ==[d] "uber""#), [4])
    XCTAssertEqual(ids(#"tag ==[cd] "UBER""#), [4])
    XCTAssertEqual(ids(#"name ==[c] "STRAßE""#), [4])
    XCTAssertEqual(ids(#"name ==[cd] "strasse""#), [4], "ß folds to ss, as CFString folds it")
    XCTAssertEqual(ids(#"name ==[c] "STRASSE""#), [4])
    XCTAssertEqual(ids(#"name == "Strasse""#), [], "without [c], ß is not ss")
    XCTAssertEqual(ids(#"name CONTAINS[cd] "FE""#), [3])
    XCTAssertEqual(ids(#"name ENDSWITH "e""#), [4])
    XCTAssertEqual(ids(#"name ENDSWITH[d] "e""#), [3, 4])
    XCTAssertEqual(ids(#"name LIKE "caf?""#), [])
    XCTAssertEqual(ids(#"name LIKE[cd] "caf?""#), [3])
    XCTAssertEqual(ids(#"name MATCHES[c] "polka""#), [1])
    XCTAssertEqual(ids(#"name IN[c] {"POLKA", "CAFÉ"}"#), [1, 3])
  }

  /// `[c]` folds strings scalar by scalar itself, for speed; it must agree with
  /// CoreFoundation's own case folding (`kCFCompareCaseInsensitive`, which Foundation's
  /// `folding(options: .caseInsensitive)` runs) on every scalar CoreFoundation folds (its
  /// tables are of an older Unicode than the standard library's, which folds newer
  /// letters too), and on
  /// strings mixing scalars that fold to ASCII (the Kelvin sign, `ß`), to several scalars
  /// (`İ`), or not at all (`ı`).
  func testCaseFoldingAgreesWithCoreFoundation() {
    for text in [
      "", "Polka DOT", "CAFÉ Crème Brûlée", "\u{212A}elvin", "İSTANBUL", "ΣΟΦΟΣ", "STRAßE",
      "ǅungla", "ＡＢＣ", "Ⅻ", "👔 Bow TIE", "e\u{301}\u{300}", "\u{0}\u{7F}@[`{", "ẞ ﬁ ſ µ ς ı",
    ] {
      XCTAssertEqual(
        ValueComparison.caseFolded(text), text.folding(options: .caseInsensitive, locale: nil),
        text)
    }
    var compared = 0
    for value in UInt32(0x80)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(scalar)
      let folded = text.folding(options: .caseInsensitive, locale: nil)
      guard !folded.utf8.elementsEqual(text.utf8) else { continue }
      XCTAssertEqual(
        Array(ValueComparison.caseFolded(text).utf8), Array(folded.utf8),
        "U+\(String(value, radix: 16, uppercase: true))")
      compared += 1
    }
    XCTAssertGreaterThan(compared, 1_000)
  }

  // MARK: nil and empty strings

  func testNilSemantics() {
    XCTAssertEqual(ids("name == nil"), [5])
    XCTAssertEqual(ids("nil == name"), [5])
    XCTAssertEqual(ids("name != nil"), [1, 2, 3, 4, 6])
    XCTAssertEqual(ids(#"name != "x""#), all, "!= a value matches nil")
    XCTAssertEqual(ids("rating < 100"), [1, 2, 3, 4, 6])
    XCTAssertEqual(ids("rating > -100"), [1, 2, 3, 4, 6])
    XCTAssertEqual(ids("NOT rating < 100"), [5])
    XCTAssertEqual(ids("rating BETWEEN {-100, 100}"), [1, 2, 3, 4, 6])
    XCTAssertEqual(ids(#"name BEGINSWITH "P" OR name == nil"#), [1, 5])
    XCTAssertEqual(ids("rating + 1 > 0"), [1, 2, 3, 4, 6], "arithmetic with nil gives nil")
    XCTAssertEqual(ids(#"name IN {"Polka", nil}"#), [1, 5])
  }

  func testEmptyStringRules() {
    XCTAssertEqual(ids(#"name BEGINSWITH """#), [])
    XCTAssertEqual(ids(#"name ENDSWITH """#), [])
    XCTAssertEqual(ids(#"name CONTAINS """#), [])
    XCTAssertEqual(ids(#""" IN name"#), [])
    XCTAssertEqual(ids(#"name IN """#), [])
    XCTAssertEqual(ids(#"name == """#), [6])
    XCTAssertEqual(ids(#"name LIKE "*""#), [1, 2, 3, 4, 6])
    XCTAssertEqual(ids(#"name LIKE """#), [6])
    XCTAssertEqual(ids(#"name IN {""}"#), [6])
    XCTAssertEqual(ids(#"name MATCHES "x?""#), [6])
  }

  // MARK: Patterns

  func testLikeWildcardsAndEscapes() {
    XCTAssertEqual(ids(#"name LIKE "P?lka""#), [1])
    XCTAssertEqual(ids(#"name LIKE "*dot""#), [2])
    XCTAssertEqual(ids(#"name LIKE "*olka*""#), [1, 2])
    XCTAssertEqual(ids(#"name LIKE "olk""#), [], "LIKE matches the whole string")
    XCTAssertEqual(ids(#"name LIKE "polka""#), [])
    XCTAssertEqual(ids(#"name LIKE[c] "polka""#), [1])
    XCTAssertEqual(ids(#"name LIKE "??????""#), [4])
    XCTAssertEqual(ids(#"tag LIKE "a?b""#), [1, 2, 3])
    XCTAssertEqual(ids(#"tag LIKE "a*""#), [1, 2, 3])
    // The string escape \\ leaves one backslash, which escapes the wildcard after it.
    XCTAssertEqual(ids(#"tag LIKE "a\\*b""#), [1])
    XCTAssertEqual(ids(#"tag LIKE "a\\?b""#), [2])
    XCTAssertEqual(ids(#"tag LIKE "a\\\\b""#), [3])
  }

  func testMatchesIsWholeString() {
    XCTAssertEqual(ids(#"name MATCHES "olk""#), [])
    XCTAssertEqual(ids(#"name MATCHES ".*olk.*""#), [1, 2])
    XCTAssertEqual(ids(#"name MATCHES "P.*""#), [1])
    XCTAssertEqual(ids(#"name MATCHES "[a-z ]+""#), [2])
    XCTAssertEqual(ids(#"name MATCHES "Caf.""#), [3])
    XCTAssertEqual(ids(#"name MATCHES "polka|Polka""#), [1])
  }

  // MARK: IN, BETWEEN, constants, compounds

  func testInWithAnAggregateAndWithAString() {
    XCTAssertEqual(ids("n IN {5, 16}"), [1, 3])
    XCTAssertEqual(ids("n IN {}"), [])
    XCTAssertEqual(ids(#""olk" IN name"#), [1, 2])
    XCTAssertEqual(ids(#"name IN "Polka dots""#), [1])
    XCTAssertEqual(ids(#"name IN[c] "POLKA DOTS""#), [1, 2])
    XCTAssertEqual(ids("{n, 1} CONTAINS 5"), [1])
    XCTAssertEqual(ids(#"{name} CONTAINS "Polka""#), [1])
  }

  func testBetweenIsInclusive() {
    XCTAssertEqual(ids("rating BETWEEN {3, 4.5}"), [1, 2])
    XCTAssertEqual(ids("n BETWEEN {-3, 0}"), [2, 4])
    XCTAssertEqual(ids(#"when BETWEEN {CAST(0, "NSDate"), CAST(86400, "NSDate")}"#), [1, 2])
    XCTAssertEqual(ids(#"name BETWEEN {"A", "Q"}"#), [1, 3])
    XCTAssertEqual(ids("rating BETWEEN {n, 5}"), [2, 4])
  }

  func testTruePredicateAndFalsePredicate() {
    XCTAssertEqual(ids("TRUEPREDICATE"), all)
    XCTAssertEqual(ids("FALSEPREDICATE"), [])
    XCTAssertEqual(ids("NOT FALSEPREDICATE"), all)
    XCTAssertEqual(ids(#"TRUEPREDICATE AND name == "Polka""#), [1])
    XCTAssertEqual(ids("FALSEPREDICATE OR id == 2"), [2])
  }

  func testAndBindsTighterThanOr() {
    XCTAssertEqual(ids(#"name == "Polka" OR rating == 3 AND n == 5"#), [1])
    XCTAssertEqual(ids(#"(name == "Polka" OR rating == 3) AND n == -3"#), [2])
    XCTAssertEqual(ids(#"name == "Polka" OR (rating == 3 AND n == -3)"#), [1, 2])
    XCTAssertEqual(ids(#"NOT name == "Polka" AND n > 0"#), [3, 6])
  }

  // MARK: Arithmetic

  func testIntegerDivisionTruncatesAndPowerIsDouble() {
    XCTAssertEqual(ids("n / 2 == 2"), [1])
    XCTAssertEqual(ids("n / 2 == -1"), [2], "-3 / 2 truncates toward zero")
    XCTAssertEqual(ids("n / 2 ** 1 == 2.5"), [1], "** always gives a Double")
    XCTAssertEqual(ids("n ** 2 == 25"), [1])
    // id 6 holds Int64.max, where integer arithmetic overflows (see below).
    XCTAssertEqual(ids("id != 6 AND n * 2 == 32"), [3])
    XCTAssertEqual(ids("n - 1 == 4"), [1])
    XCTAssertEqual(ids("-n == 3"), [2])
    XCTAssertEqual(ids("id != 6 AND (n + 1) * 2 == 12"), [1])
    XCTAssertEqual(ids("n + 0.5 == 5.5"), [1])
    XCTAssertEqual(ids("rating * 2 == 9"), [1])
  }

  func testOverflowAndDivisionByZeroAreErrors() throws {
    XCTAssertEqual(evaluationError("n + 1 > 0"), "integer overflow in 9223372036854775807 + 1")
    XCTAssertEqual(
      evaluationError("n * n > 0"), "integer overflow in 9223372036854775807 * 9223372036854775807")
    XCTAssertEqual(evaluationError("n / (n - 5) == 1"), "division by zero")
    // Between constants the error is found before any object is read.
    XCTAssertThrowsError(try interpreter.run("fetch Item where 9223372036854775807 * 2 > 0")) {
      error in
      XCTAssertEqual(
        (error as? LanguageError)?.message, "integer overflow in 9223372036854775807 * 2")
    }
  }

  /// The branch TERNARY does not take is never evaluated, so its errors never surface; the
  /// branch it takes raises them; and an integer sum overflows as `+` does.
  func testTernaryRaisesOnlyFromTheBranchTakenAndSumsOverflow() {
    XCTAssertEqual(ids("TERNARY(id > 0, 2, 1/0) == 2"), all)
    XCTAssertEqual(ids("TERNARY(id == 0, 1/0, id) == 3"), [3])
    XCTAssertEqual(evaluationError("TERNARY(id == 2, 1/0, 2) == 2"), "division by zero")
    XCTAssertEqual(
      evaluationError("sum({n, 1}) > 0"), "integer overflow in the sum of 2 integers")
    XCTAssertEqual(evaluationError("{n, 1}.@sum > 0"), "integer overflow in the sum of 2 integers")
  }

  // MARK: Functions

  func testNowReadsTheInjectedClock() throws {
    XCTAssertEqual(ids("when < now()"), [1, 2])
    _ = try interpreter.run("update Item where id == 1 set when = now()")
    XCTAssertEqual(ids("when == now()"), [1])
    guard case .objects(let found) = try interpreter.run("fetch Item where id == 1").first else {
      return XCTFail("no objects")
    }
    XCTAssertEqual(found.rows.first?[5], .date(Self.fixedNow))
  }

  func testFunctions() {
    XCTAssertEqual(ids(#"uppercase(name) == "POLKA""#), [1])
    XCTAssertEqual(ids(#"lowercase(name) == "polka""#), [1])
    XCTAssertEqual(ids("length(name) == 6"), [4])
    XCTAssertEqual(ids("abs(n) == 3"), [2])
    XCTAssertEqual(ids("floor(rating) == 4"), [1])
    XCTAssertEqual(ids("ceiling(rating) == 5"), [1, 6])
    XCTAssertEqual(ids("trunc(rating) == 4"), [1])
    XCTAssertEqual(ids("sqrt(n) == 4"), [3])
    XCTAssertEqual(ids("rating == exp(0)"), [3])
    XCTAssertEqual(ids("ln(rating) == 0"), [3])
    XCTAssertEqual(ids("rating * log(100) == 2"), [3])
    XCTAssertEqual(ids("id != 6 AND sum({n, 1}) == 6"), [1], "row 6's n + 1 overflows")
    XCTAssertEqual(ids("average({rating, 1}) == 2"), [2])
    XCTAssertEqual(ids("min({rating, n}) == -3"), [2])
    XCTAssertEqual(ids("max({rating, n}) == 16"), [3])
    XCTAssertEqual(ids("count({n, 1}) == 2"), all)
  }

  /// `FUNCTION(receiver, 'selector:', arguments…)` evaluates as the built-in its selector
  /// names, with the receiver as the first argument.
  func testFunctionExpression() {
    XCTAssertEqual(ids("FUNCTION(n, 'sqrt:') == 4"), [3])
    XCTAssertEqual(ids(#"FUNCTION(name, 'uppercase:') == "POLKA""#), [1])
    XCTAssertEqual(ids("FUNCTION(name, 'length:') == 6"), [4])
    XCTAssertEqual(ids("FUNCTION(n, 'modulus:by:', 3) == 2"), [1])
    XCTAssertEqual(ids("FUNCTION(rating, 'raise:toPower:', 2) > 10"), [1, 6])
    XCTAssertEqual(ids("FUNCTION(n, 'bitwiseAnd:with:', 4) == 4"), [1, 2, 6])
    XCTAssertEqual(ids("id != 6 AND FUNCTION({n, 1}, 'sum:') == 6"), [1])
    XCTAssertEqual(ids("FUNCTION(n, 'abs:') == 3"), [2])
    XCTAssertEqual(ids("when < FUNCTION(SELF, 'now')"), [1, 2])
    XCTAssertEqual(ids("FUNCTION(1, 'randomn:') == 0"), all)
    XCTAssertEqual(
      ids("FUNCTION(FUNCTION(rating, 'add:to:', 1), 'multiply:by:', 2) == 11"), [1],
      "a function expression can be the receiver of another")
    XCTAssertEqual(
      evaluationError("FUNCTION(0, 'randomn:') == 0"), "randomn() needs a positive bound, not 0")
  }

  func testCast() {
    XCTAssertEqual(ids(#"when == CAST(0, "NSDate")"#), [1])
    XCTAssertEqual(ids(#"when == CAST("2001-01-02T00:00:00Z", "NSDate")"#), [2])
    XCTAssertEqual(ids(#"when > CAST(-1.5, "NSDate")"#), [1, 2])
    XCTAssertEqual(ids(#"CAST(when, "NSNumber") == 86400"#), [2])
    XCTAssertEqual(ids(#"CAST(n, "NSString") == "5""#), [1])
    XCTAssertEqual(ids(#"CAST(rating, "NSString") == "4.5""#), [1])
    XCTAssertEqual(ids(#"CAST("16", "NSNumber") == n"#), [3])
  }

  // MARK: Aggregates

  func testCollectionOperatorsOnAggregates() {
    XCTAssertEqual(ids("{n, 1, 2}.@count == 3"), all)
    XCTAssertEqual(ids("id != 6 AND {n, 1}.@sum == 6"), [1])
    XCTAssertEqual(ids("{rating, 1}.@sum == 1"), [4, 5], "nil elements are skipped")
    XCTAssertEqual(ids("{rating, 1}.@avg == 2"), [2])
    XCTAssertEqual(ids("{n, 0}.@min == -3"), [2])
    XCTAssertEqual(ids("{n, 0}.@max == 16"), [3])
    XCTAssertEqual(ids(#"{name, "B"}.@max == "polka dot""#), [2])
    XCTAssertEqual(ids("{}.@count == 0 AND {}.@sum == 0 AND {}.@avg == 0 AND {}.@min == nil"), all)
  }

  func testAnyAllNoneOnAggregates() {
    XCTAssertEqual(ids("ANY {n, rating} > 10"), [3, 6])
    XCTAssertEqual(ids("SOME {n, rating} > 10"), [3, 6])
    XCTAssertEqual(ids("ALL {n, rating} >= 0"), [1, 3, 4, 6])
    XCTAssertEqual(ids("NONE {n} == 0"), [1, 2, 3, 5, 6])
    XCTAssertEqual(ids("ALL {} == 1"), all, "ALL of nothing is true")
    XCTAssertEqual(ids("ANY {} == 1"), [], "ANY of nothing is false")
    XCTAssertEqual(ids(#"ANY {name, tag} BEGINSWITH "a""#), [1, 2, 3])
    XCTAssertEqual(
      evaluationError("ANY {name, 1} < 3"),
      #"cannot order a string ("Polka") against an integer (3)"#)
  }

  // MARK: Number literals

  func testHexOctalAndBinaryNumbers() {
    XCTAssertEqual(ids("n == 0x10"), [3])
    XCTAssertEqual(ids("n == 0o20"), [3])
    XCTAssertEqual(ids("n == 0b10000"), [3])
    XCTAssertEqual(ids("n == 0x_1_0"), [3])
    XCTAssertEqual(ids("n == 1_6"), [3])
    XCTAssertEqual(ids("n == 0b101"), [1])
    XCTAssertEqual(ids("n == -0b11"), [2])
    XCTAssertEqual(ids("rating == 0x4 + 0.5"), [1])
    XCTAssertEqual(ids("rating == 4.5e0 AND n == 5E0"), [1])
  }
}
