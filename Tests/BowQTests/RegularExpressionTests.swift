import XCTest

@testable import BowQ

/// MATCHES patterns that cannot hang: shapes that take exponential time are refused, and a
/// match that runs out of steps is an error naming the pattern, never a silent "no match".
final class RegularExpressionTests: XCTestCase {
  /// A pattern with no nested repetition that still takes about n⁸ steps to fail.
  static let polynomial = ".*.*.*.*.*.*.*.*="

  func testCatastrophicShapesAreRefusedNamingThePattern() {
    for pattern in [
      "(a|a)+$", "(a|aa)+$", "(a+){1,100}$", "(.*a){25}", "((a|a)+$)|(.*)", "(ab|abab)*",
      "(a|b|ab)+", "(x+x+)+y", "(\\w*){3}", "(?:.+,){2,}", "(a[a-z]+)*$", "(-[a-z-]+)*$",
      "(-.+)*$", "(?i)(A[a-z]+)*$", "(-\\w+|x)*$", "(\\.\\W+)*$", "(_\\w+)*$", "(-[^a]+)*$",
      "(-a*-?)*$", "([a-z]*,[a-z]*)*$",
    ] {
      XCTAssertThrowsError(try RegularExpression(pattern, options: []), pattern) { error in
        let message = (error as? EvaluationError)?.message ?? ""
        XCTAssertTrue(message.contains(Value.quoted(pattern)), message)
        XCTAssertTrue(message.contains("exponential time"), message)
      }
    }
  }

  func testRepetitionsThatSplitTextOneWayAreAccepted() throws {
    let accepted: [(String, String)] = [
      ("(\\d+\\.){3}\\d+", "192.168.0.1"), ("(foo|bar)+", "foobarfoo"), ("(a|ab)+", "aab"),
      ("(ab)+", "abab"), ("a{2,5}", "aaa"), ("(?:x|y)*z", "xyz"), ("(a+)?b", "aab"),
      ("(a+)++", "aaa"), ("(?>a+)+", "aaa"), ("[(a+)]+", "a+"), ("\\(a+\\)+", "(aa))"),
      ("(?i)(ab|cd){1,3}", "ABcd"), ("(?<word>[a-z]+)-\\d", "ab-1"), ("\\Q(a+)+\\E", "(a+)+"),
      ("[a-z]+(-[a-z]+)*", "bow-tie-blue"), ("(\\d+\\.)+\\d+", "192.168.0.1"),
      ("\\w+(\\.\\w+)*@\\w+", "first.last@example"), ("(-[^-]+)*", "-ab-cd"),
      ("([a-z_]+,)*end", "a,b_c,end"), ("(?i)(-[A-Z]+)+", "-ab-Cd"),
      ("(-(?:[a-z]+,)+)*$", "-ab,c,-d,"),
    ]
    for (pattern, subject) in accepted {
      XCTAssertTrue(try RegularExpression(pattern, options: []).matches(subject), pattern)
    }
  }

  func testAMatchThatRunsOutOfStepsIsAnErrorNamingThePattern() throws {
    let regex = try RegularExpression(Self.polynomial, options: [])
    let start = Date()
    XCTAssertThrowsError(try regex.matches(String(repeating: "x", count: 40))) { error in
      let message = (error as? EvaluationError)?.message ?? ""
      XCTAssertTrue(message.contains(Value.quoted(Self.polynomial)), message)
      XCTAssertTrue(message.contains("gave up after 200,000 steps"), message)
    }
    XCTAssertLessThan(Date().timeIntervalSince(start), 1)
  }

  func testGivingUpIsNeverNoMatch() throws {
    let regex = try RegularExpression(Self.polynomial + "|.*", options: [])
    XCTAssertThrowsError(try regex.matches(String(repeating: "x", count: 40)))
    XCTAssertTrue(try regex.matches("x="), "decided within the budget")
  }

  func testLongLinearMatchesStayWithinTheBudget() throws {
    let long = String(repeating: "ab", count: 500_000)
    XCTAssertTrue(try RegularExpression("[ab]*", options: []).matches(long))
    XCTAssertTrue(try RegularExpression("(?:ab)*+", options: []).matches(long))
    XCTAssertFalse(try RegularExpression("(?:ab)*+c", options: []).matches(long))
    XCTAssertTrue(try RegularExpression(".*b", options: []).matches(long))
  }

  func testAMatchICUGivesUpOnIsAnErrorNotNoMatch() throws {
    let long = String(repeating: "ab", count: 500_000)
    XCTAssertThrowsError(try RegularExpression("(ab)*", options: []).matches(long)) { error in
      let message = (error as? EvaluationError)?.message ?? ""
      XCTAssertTrue(message.hasPrefix("the regular expression \"(ab)*\" ran out of room"), message)
    }
  }

  func testMatchesInAPredicateThatGivesUpFailsTheStatement() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Tie { name: String }
      insert Tie name = "\(String(repeating: "x", count: 40))"
      """)
    XCTAssertThrowsError(
      try interpreter.run("count Tie where name MATCHES \"\(Self.polynomial)|.*\"")
    ) { error in
      XCTAssertTrue("\(error)".contains("gave up"), "\(error)")
    }
  }

  func testAPatternRuleThatGivesUpIsReportedAsUndecided() throws {
    let attribute = Attribute(name: "code", type: .string, pattern: Self.polynomial)
    let failure = Validator.check(.string(String(repeating: "x", count: 40)), against: attribute)
    XCTAssertEqual(failure?.code, .stringPatternMatching)
    XCTAssertEqual(failure?.message, "code could not be checked against its pattern.")
    XCTAssertTrue(failure?.rule.contains(Value.quoted(Self.polynomial)) ?? false)
  }

  func testAnEntityRuleThatGivesUpIsReportedAsUndecided() throws {
    var graph = ObjectGraph()
    try graph.define(
      Entity(
        name: "Tie", attributes: [Attribute(name: "name", type: .string)],
        rules: [
          EntityRule(predicate: "name MATCHES \"\(Self.polynomial)|.*\"", message: "bad name")
        ]))
    let ids = (0..<40).map { _ in
      graph.insert([.string(String(repeating: "x", count: 40))], into: "Tie")
    }
    let start = Date()
    let errors = try Validator.validate(ids, in: graph)
    XCTAssertLessThan(Date().timeIntervalSince(start), 5, "40 objects, each bounded")
    XCTAssertEqual(errors.count, 40)
    XCTAssertTrue(errors[0].message.hasPrefix("The rule could not be checked: "), errors[0].message)
    XCTAssertTrue(errors[0].message.contains("gave up"), errors[0].message)
  }
}
