import Foundation
import XCTest

@testable import BowQ

/// The canonical form predicates print in, and the round trip: parsing the printed form
/// gives back the same predicate.
final class PredicateFormatterTests: XCTestCase {
  private func canonical(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> String
  {
    do {
      return PredicateFormatter.format(try Parser.parsePredicate(text))
    } catch {
      XCTFail("\(text): \(error)", file: file, line: line)
      return ""
    }
  }

  // MARK: Canonical forms

  func testOperatorsPrintCanonically() {
    XCTAssertEqual(canonical(#"name = "x""#), #"name == "x""#)
    XCTAssertEqual(canonical("a <> 1"), "a != 1")
    XCTAssertEqual(canonical("a =< 1"), "a <= 1")
    XCTAssertEqual(canonical("a => 1"), "a >= 1")
    XCTAssertEqual(canonical("a<1"), "a < 1")
    XCTAssertEqual(canonical("a   >\t1"), "a > 1")
    XCTAssertEqual(canonical(#"name beginswith[dc] 'x'"#), #"name BEGINSWITH[cd] "x""#)
    XCTAssertEqual(canonical(#"name Contains[LNDC] 'x'"#), #"name CONTAINS[cdnl] "x""#)
    XCTAssertEqual(
      canonical(#"name endswith "x" && name like "y" || name matches "z""#),
      #"(name ENDSWITH "x" AND name LIKE "y") OR name MATCHES "z""#)
    XCTAssertEqual(canonical("x in {1,2}"), "x IN {1, 2}")
    XCTAssertEqual(canonical("x between {1,5}"), "x BETWEEN {1, 5}")
    XCTAssertEqual(canonical("x IN {}"), "x IN {}")
  }

  func testModifiersPrintCanonically() {
    XCTAssertEqual(canonical("some ties.rating > 1"), "ANY ties.rating > 1")
    XCTAssertEqual(canonical("any ties.rating > 1"), "ANY ties.rating > 1")
    XCTAssertEqual(canonical("all ties.rating > 1"), "ALL ties.rating > 1")
    XCTAssertEqual(canonical("none ties.rating > 1"), "NONE ties.rating > 1")
  }

  func testLiteralsPrintByValue() {
    XCTAssertEqual(canonical("a == 0x2A"), "a == 42")
    XCTAssertEqual(canonical("a == 0b1010 + 0o17"), "a == 10 + 15")
    XCTAssertEqual(canonical("a == 1_000"), "a == 1000")
    XCTAssertEqual(canonical("a == YES"), "a == 1")
    XCTAssertEqual(canonical("a == true"), "a == 1")
    XCTAssertEqual(canonical("a == NO"), "a == 0")
    XCTAssertEqual(canonical("a == NULL"), "a == nil")
    XCTAssertEqual(canonical("a == 10.5"), "a == 10.5")
    XCTAssertEqual(canonical("a == 5.0 / 2"), "a == 5.0 / 2", "not 5 / 2, which truncates")
    XCTAssertEqual(canonical("a == 1.5e-5"), "a == 1.5e-05")
    XCTAssertEqual(canonical("a == -3"), "a == -3")
  }

  /// Apple prints a whole Double in a comparison without its fraction (`score == 10`:
  /// nspredicate-features §7.5, from SafeFetching's and GNUstep's OS X-matching tests);
  /// in arithmetic it keeps `.0`, where `5.0 / 2` is not `5 / 2`.
  func testWholeDoublesInComparisonsPrintAsIntegers() throws {
    XCTAssertEqual(canonical("a == 10.0"), "a == 10")
    XCTAssertEqual(canonical("a == 1e3"), "a == 1000")
    XCTAssertEqual(canonical("a == -3.0"), "a == -3")
    XCTAssertEqual(canonical("a IN {1.0, 2.5}"), "a IN {1, 2.5}")
    XCTAssertEqual(canonical("a BETWEEN {0.0, 5.0}"), "a BETWEEN {0, 5}")
    XCTAssertEqual(canonical("a == 1.5e20"), "a == 1.5e+20")
    XCTAssertEqual(canonical("a == 5.0 / 2"), "a == 5.0 / 2", "not 5 / 2, which truncates")
    XCTAssertEqual(canonical("sqrt(4.0) == 2.0"), "sqrt(4.0) == 2")
    let printed = canonical("score == 10.0")
    XCTAssertEqual(try Parser.parsePredicate(printed), try Parser.parsePredicate("score == 10"))
  }

  func testStringsAreDoubleQuotedWithEscapes() {
    XCTAssertEqual(canonical(#"a == 'say "hi"'"#), #"a == "say \"hi\"""#)
    XCTAssertEqual(canonical(#"a == 'back\\slash'"#), #"a == "back\\slash""#)
    XCTAssertEqual(canonical(#"a == "line\nbreak\ttab""#), #"a == "line\nbreak\ttab""#)
    XCTAssertEqual(canonical(#"a == 'it\'s é'"#), #"a == "it's é""#)
  }

  func testControlCharactersAreEscapedSoTheyReadBackAndNeverReachATerminal() throws {
    let text = "red\u{1B}[31m bell\u{07} nul\u{0} del\u{7F} c1\u{85} e\u{301}"
    let quoted = Value.quoted(text)
    XCTAssertEqual(
      quoted, #""red\u{1B}[31m bell\u{7} nul\u{0} del\u{7F} c1\u{85} é""#)
    XCTAssertFalse(quoted.unicodeScalars.contains { $0.properties.generalCategory == .control })
    XCTAssertEqual(
      try Parser.parsePredicate("a == \(quoted)"),
      try Parser.parsePredicate("a == $x").substituting(["x": .string(text)]))
  }

  func testCompoundsAreParenthesizedWhenNested() {
    XCTAssertEqual(canonical("a == 1 AND b == 2 AND c == 3"), "a == 1 AND b == 2 AND c == 3")
    XCTAssertEqual(canonical("(a > 1 and b == 2) or c == 3"), "(a > 1 AND b == 2) OR c == 3")
    XCTAssertEqual(canonical("a > 1 and b == 2 or c == 3"), "(a > 1 AND b == 2) OR c == 3")
    XCTAssertEqual(canonical("a == 1 or b == 2 and c == 3"), "a == 1 OR (b == 2 AND c == 3)")
    XCTAssertEqual(canonical("(a == 1 and b == 2) and c == 3"), "(a == 1 AND b == 2) AND c == 3")
    XCTAssertEqual(canonical("(a == 1)"), "a == 1", "the text's own parentheses are not kept")
    XCTAssertEqual(canonical("not a == 1"), "NOT a == 1")
    XCTAssertEqual(canonical("! (a == 1 || b == 2)"), "NOT (a == 1 OR b == 2)")
    XCTAssertEqual(canonical("NOT NOT a == 1"), "NOT (NOT a == 1)")
    XCTAssertEqual(canonical("not a == 1 and b == 2"), "(NOT a == 1) AND b == 2")
    XCTAssertEqual(canonical("truepredicate or FALSEPREDICATE"), "TRUEPREDICATE OR FALSEPREDICATE")
  }

  func testEmptyAndSingleCompoundsPrintAsConstantsAndBare() {
    let r = SourceRange(.start, .start)
    XCTAssertEqual(PredicateFormatter.format(PredicateSyntax(.and([]), range: r)), "TRUEPREDICATE")
    XCTAssertEqual(PredicateFormatter.format(PredicateSyntax(.or([]), range: r)), "FALSEPREDICATE")
    XCTAssertEqual(
      PredicateFormatter.format(
        PredicateSyntax(.and([AST.compare(AST.key("a"), .equal, AST.int(1))]), range: r)), "a == 1")
  }

  func testExpressionsPrintCanonically() {
    XCTAssertEqual(canonical("a + 2 == 4"), "a + 2 == 4")
    XCTAssertEqual(canonical("a+b+c == 1"), "(a + b) + c == 1")
    XCTAssertEqual(canonical("a + b * c == 1"), "a + (b * c) == 1")
    XCTAssertEqual(canonical("(a + b) * c == 1"), "(a + b) * c == 1")
    XCTAssertEqual(canonical("2 ** 3 ** 2 == 64"), "(2 ** 3) ** 2 == 64")
    XCTAssertEqual(canonical("-a == 1"), "-a == 1")
    XCTAssertEqual(canonical("a - -1 == 0"), "a - (-1) == 0")
    XCTAssertEqual(canonical("-(a + 1) == 0"), "-(a + 1) == 0")
    XCTAssertEqual(canonical("#size == 1"), "#size == 1")
    XCTAssertEqual(canonical("a.#first.b == 1"), "a.#first.b == 1")
    XCTAssertEqual(canonical("self == nil"), "SELF == nil")
    XCTAssertEqual(canonical("SELF.name == nil"), "name == nil")
    XCTAssertEqual(canonical("$x == 1"), "$x == 1")
    XCTAssertEqual(canonical("ties.@avg.rating > 1"), "ties.@avg.rating > 1")
    XCTAssertEqual(canonical(#"cast(0, 'NSDate') < when"#), #"CAST(0, "NSDate") < when"#)
    XCTAssertEqual(
      canonical("Ternary == ternary(ternary > 1, function, 0)"),
      "Ternary == TERNARY(ternary > 1, function, 0)", "keys spelt as keywords need no #")
    XCTAssertEqual(
      canonical("subquery(ties, $t, $t.rating > 3 and $t.x == 1).@count > 0"),
      "SUBQUERY(ties, $t, $t.rating > 3 AND $t.x == 1).@count > 0")
    XCTAssertEqual(
      canonical("tags[first] == 1 and tags[Last] == 2 and tags[size] == 3 and tags[0] == 4"),
      "tags[FIRST] == 1 AND tags[LAST] == 2 AND tags[SIZE] == 3 AND tags[0] == 4")
    XCTAssertEqual(
      canonical(#"uppercase(name) == "A" and now() > x"#), #"uppercase(name) == "A" AND now() > x"#)
    XCTAssertEqual(canonical("(a + 1).b == 1"), "(a + 1).b == 1")
    XCTAssertEqual(canonical("{1, -2}[0] == 1"), "{1, -2}[0] == 1")
  }

  /// FUNCTION keeps its spelling, and prints as Apple's `predicateFormat` does: the keyword
  /// in capitals, the selector double-quoted, and " , " before each argument after it.
  func testFunctionExpressionsPrintAsApplesDo() {
    XCTAssertEqual(canonical("function(x, 'sqrt:') == 3"), #"FUNCTION(x, "sqrt:") == 3"#)
    XCTAssertEqual(
      canonical("FUNCTION(rating,'raise:toPower:',2) > 10"),
      #"FUNCTION(rating, "raise:toPower:" , 2) > 10"#)
    XCTAssertEqual(
      canonical(#"FUNCTION(a, "sel:with:and:", b + 1, {1}) == 1"#),
      #"FUNCTION(a, "sel:with:and:" , b + 1 , {1}) == 1"#)
    XCTAssertEqual(canonical("FUNCTION(SELF, 'now') > x"), #"FUNCTION(SELF, "now") > x"#)
    XCTAssertEqual(
      canonical(#"FUNCTION(-a, 'it\'s "x"').b == 1"#), #"FUNCTION(-a, "it's \"x\"").b == 1"#)
    XCTAssertEqual(
      canonical("modulus:by:(7, 2) == FUNCTION(7, 'modulus:by:', 2)"),
      #"modulus:by:(7, 2) == FUNCTION(7, "modulus:by:" , 2)"#,
      "each spelling prints as it was written")
  }

  // MARK: Round trip

  func testSplitMix64IsTheReferenceSequence() {
    var rng = SplitMix64(seed: 0)
    XCTAssertEqual(rng.next(), 0xE220_A839_7B1D_CDAF)
    XCTAssertEqual(rng.next(), 0x6E78_9E6A_A1B9_65F4)
  }

  /// 2,000 random predicates over fixed key paths, constants and operators: each prints,
  /// parses back to the same tree, and prints the same again.
  func testFormatThenParseGivesBackThePredicate() {
    var generator = PredicateGenerator(seed: 0xB0_77_1E)
    var failures = 0
    for i in 0..<2000 {
      let original = generator.predicate(depth: 3)
      let printed = PredicateFormatter.format(original)
      do {
        let parsed = try Parser.parsePredicate(printed)
        if parsed != original {
          failures += 1
          XCTFail("#\(i): \(printed) parses as \(PredicateFormatter.format(parsed))")
        } else {
          XCTAssertEqual(PredicateFormatter.format(parsed), printed, "#\(i)")
        }
      } catch {
        failures += 1
        XCTFail("#\(i): \(printed) does not parse: \(error)")
      }
      if failures > 10 { return }
    }
  }

  func testFormatThenParseGivesBackTheExpression() {
    var generator = PredicateGenerator(seed: 42)
    for i in 0..<1000 {
      let original = generator.expression(depth: 3)
      let printed = PredicateFormatter.format(original)
      XCTAssertEqual(try? Parser.parseExpression(printed), original, "#\(i): \(printed)")
    }
  }

  /// The generator covers what it should: every operator, modifier, option and expression
  /// kind turns up in the 2,000 cases.
  func testTheGeneratorCoversTheLanguage() {
    var generator = PredicateGenerator(seed: 0xB0_77_1E)
    var text = ""
    for _ in 0..<2000 { text += PredicateFormatter.format(generator.predicate(depth: 3)) + "\n" }
    for needle in ComparisonOperator.allCases.map({ " \($0.rawValue)" })
      + [
        "ANY ", "ALL ", "NONE ", "NOT ", " AND ", " OR ", "TRUEPREDICATE", "FALSEPREDICATE", "[c]",
        "[cd]", "[cdnl]",
        " + ", " - ", " * ", " / ", " ** ", "-(", "#size", "@count", "SELF", "$", "{}", "CAST(",
        "SUBQUERY(",
        "[FIRST]", "[LAST]", "[SIZE]", "nil", "\\\"", "\\\\", "\\n", "(-", "e+20", "now()",
        "FUNCTION(", "\" , ", "TERNARY(", "ternary", "function", "#cast", "#Subquery",
      ]
    {
      XCTAssertTrue(text.contains(needle), "no generated predicate contains \(needle)")
    }
  }
}

/// Random predicates and expressions, as the parser would produce them (so that printing
/// and parsing can give them back exactly).
private struct PredicateGenerator {
  private var rng: SplitMix64
  private typealias A = AST

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  /// Keys, some of them reserved words (printed with #), statement words, or words that
  /// are keywords only before a "(" (TERNARY, FUNCTION), which print as they are.
  private let keys = [
    "rating", "name", "owner", "ties", "size", "first", "where", "_x", "SELF", "naïve",
    "ternary", "function", "cast", "Subquery",
  ]
  private let operators = ["count", "sum", "avg", "min", "max"]
  private let strings = [
    "", "Polka", "say \"hi\"", "back\\slash", "line\nbreak", "tab\tcr\r", "é ü ß", "--", "*?",
  ]
  private let functions = ["now", "abs", "uppercase", "sum", "max", "myFunction"]
  /// FUNCTION's selectors: the parser takes any string, and the binder checks it.
  private let selectors = ["sqrt:", "raise:toPower:", "now", "pow:", "say \"hi\""]
  private let variables = ["x", "t", "1"]
  private let castTypes = ["NSDate", "NSNumber", "NSString"]

  mutating func predicate(depth: Int) -> PredicateSyntax {
    let roll = rng.int(in: 0...99)
    if depth <= 0 || roll < 45 { return comparison(depth: depth) }
    if roll < 50 { return A.constant(rng.chance(50)) }
    if roll < 65 { return A.not(predicate(depth: depth - 1)) }
    var operands: [PredicateSyntax] = []
    for _ in 0..<rng.int(in: 2...3) { operands.append(predicate(depth: depth - 1)) }
    return PredicateSyntax(roll < 83 ? .and(operands) : .or(operands), range: A.noRange)
  }

  private mutating func comparison(depth: Int) -> PredicateSyntax {
    let modifier = rng.pick([ComparisonModifier.direct, .direct, .direct, .any, .all, .none])
    let op = rng.pick(ComparisonOperator.allCases)
    let options = StringOptions(rawValue: rng.chance(30) ? UInt8(rng.int(in: 1...15)) : 0)
    return A.compare(
      expression(depth: depth - 1), op, expression(depth: depth - 1), modifier: modifier,
      options: options)
  }

  mutating func expression(depth: Int) -> ExpressionSyntax {
    let roll = rng.int(in: 0...99)
    if depth <= 0 || roll < 40 { return leaf() }
    switch roll {
    case 40..<50:
      return A.arithmetic(
        rng.pick([
          .add, .subtract, .multiply, .divide, .power, .bitwiseAnd, .bitwiseOr, .bitwiseXor,
          .leftShift, .rightShift,
        ]),
        expression(depth: depth - 1),
        expression(depth: depth - 1))
    case 50..<55:
      var operand = expression(depth: depth - 1)
      // The parser folds the negation of a number into the number.
      if case .constant(let v) = operand.kind, v.numericValue != nil { operand = A.key("rating") }
      return A.negate(operand)
    case 55..<62:
      var elements: [ExpressionSyntax] = []
      for _ in 0..<rng.int(in: 0...3) { elements.append(expression(depth: depth - 1)) }
      return ExpressionSyntax(.aggregate(elements), range: A.noRange)
    case 62..<67:
      var arguments: [ExpressionSyntax] = []
      let name = rng.pick(functions)
      if name != "now" {
        for _ in 0..<rng.int(in: 1...2) { arguments.append(expression(depth: depth - 1)) }
      }
      return ExpressionSyntax(.function(name, arguments), range: A.noRange)
    case 67..<70:
      var arguments: [ExpressionSyntax] = []
      for _ in 0..<rng.int(in: 0...2) { arguments.append(expression(depth: depth - 1)) }
      return ExpressionSyntax(
        .invocation(
          receiver: expression(depth: depth - 1), selector: rng.pick(selectors),
          arguments: arguments),
        range: A.noRange)
    case 70..<78:
      return ExpressionSyntax(
        .member(memberBase(depth: depth - 1), components(1...2)), range: A.noRange)
    case 78..<86:
      let selector: IndexSelector =
        switch rng.int(in: 0...3) {
        case 0: .first
        case 1: .last
        case 2: .size
        default: .at(expression(depth: depth - 1))
        }
      return A.index(expression(depth: depth - 1), selector)
    case 86..<93:
      return A.cast(expression(depth: depth - 1), rng.pick(castTypes))
    case 93..<96:
      return A.ternary(
        predicate(depth: depth - 1), expression(depth: depth - 1), expression(depth: depth - 1))
    default:
      return A.subquery(
        expression(depth: depth - 1), rng.pick(variables), predicate(depth: depth - 1))
    }
  }

  /// The base of a member access: anything but a key path or SELF (which absorb the keys
  /// into one key path) or another member access (which the parser merges).
  private mutating func memberBase(depth: Int) -> ExpressionSyntax {
    while true {
      let base = expression(depth: depth)
      switch base.kind {
      case .keyPath, .evaluatedObject, .member: continue
      default: return base
      }
    }
  }

  private mutating func components(_ count: ClosedRange<Int>) -> [KeyPathComponent] {
    (0..<rng.int(in: count)).map { _ in
      rng.chance(70) ? .key(rng.pick(keys)) : .collectionOperator(rng.pick(operators))
    }
  }

  private mutating func leaf() -> ExpressionSyntax {
    switch rng.int(in: 0...9) {
    case 0, 1:
      let magnitude = rng.chance(10) ? Int64.max : Int64(rng.int(in: 0...1000))
      return A.int(rng.chance(25) ? -magnitude : magnitude)
    case 2:
      // No whole Doubles: a comparison prints one as Apple does, without its fraction, which
      // reads back as the equal integer (testWholeDoublesInComparisonsPrintAsIntegers).
      let value =
        rng.chance(20) ? 1.5e20 : Double(rng.int(in: 0...1000)) + rng.pick([0.5, 0.25, 0.1])
      return A.double(rng.chance(25) ? -value : value)
    case 3: return A.string(rng.pick(strings))
    case 4: return A.null
    case 5: return A.variable(rng.pick(variables))
    case 6: return A.selfObject
    default:
      var path = components(1...3)
      if rng.chance(80), case .collectionOperator = path[0] { path[0] = .key(rng.pick(keys)) }
      return ExpressionSyntax(.keyPath(path), range: A.noRange)
    }
  }
}
