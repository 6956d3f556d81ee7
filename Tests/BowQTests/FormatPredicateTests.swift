import BowQ
import Foundation
import XCTest

/// The Swift API as a program that depends on the BowQ library uses it (no `@testable`):
/// format arguments put in place on tokens, evaluation against plain Swift values and
/// against objects of a graph, substitution variables, and the errors with their positions.
final class FormatPredicateTests: XCTestCase {
  private let tie: [String: Any] = [
    "name": "Blue Bow Tie", "rating": 4.5, "timesWorn": 3, "isFavorite": true,
    "lastWorn": Date(timeIntervalSinceReferenceDate: 86_400), "tags": ["silk", "blue"],
    "owner": ["name": "Ann", "age": 41] as [String: Any],
  ]

  /// Whether the format with its arguments holds for `object`.
  private func holds(
    _ format: String, _ arguments: [Any?] = [], for object: Any?,
    variables: [String: Any?] = [:], file: StaticString = #filePath, line: UInt = #line
  ) -> Bool? {
    do {
      return try FormatPredicate(format: format, argumentArray: arguments)
        .evaluate(with: object, substitutionVariables: variables)
    } catch {
      XCTFail("\(format): \(error)", file: file, line: line)
      return nil
    }
  }

  /// The canonical form of the format with its arguments.
  private func canonical(_ format: String, _ arguments: Any?...) throws -> String {
    try FormatPredicate(format: format, argumentArray: arguments).predicateFormat
  }

  /// The error making the predicate gives, as its description (`line:column: message`).
  private func formatError(_ format: String, _ arguments: Any?...) -> String {
    do {
      let predicate = try FormatPredicate(format: format, argumentArray: arguments)
      return "made \(predicate)"
    } catch {
      return error.description
    }
  }

  /// The error making the predicate throws.
  private func thrownError(_ format: String, _ arguments: Any?...) -> PredicateFormatError? {
    do {
      _ = try FormatPredicate(format: format, argumentArray: arguments)
      return nil
    } catch {
      return error
    }
  }

  /// The error evaluating the predicate gives, as its description.
  private func evaluationError(
    _ format: String, for object: Any?, variables: [String: Any?] = [:]
  ) -> String {
    do {
      let result = try FormatPredicate(format: format).evaluate(
        with: object, substitutionVariables: variables)
      return "evaluated to \(result)"
    } catch let error as PredicateEvaluationError {
      return error.description
    } catch {
      return "not an evaluation error: \(error)"
    }
  }

  // MARK: Format arguments

  func testObjectArgumentsBecomeConstants() throws {
    XCTAssertEqual(try canonical("name == %@", "Blue"), #"name == "Blue""#)
    XCTAssertEqual(try canonical("rating > %@", 3), "rating > 3")
    XCTAssertEqual(try canonical("rating > %@", 3.5), "rating > 3.5")
    XCTAssertEqual(try canonical("rating > %@", NSNumber(value: 2)), "rating > 2")
    XCTAssertEqual(try canonical("isFavorite == %@", true), "isFavorite == 1")
    XCTAssertEqual(try canonical("lastWorn == %@", nil), "lastWorn == nil")
    XCTAssertEqual(try canonical("lastWorn == %@", NSNull()), "lastWorn == nil")
    XCTAssertEqual(
      try canonical("lastWorn < %@", Date(timeIntervalSinceReferenceDate: 60)),
      #"lastWorn < CAST(60, "NSDate")"#)
    XCTAssertEqual(try canonical("name IN %@", ["a", "b"]), #"name IN {"a", "b"}"#)
    XCTAssertEqual(try canonical("rating IN %@", Set([2])), "rating IN {2}")
    XCTAssertEqual(try canonical("rating IN %@", ["b": 2, "a": 1]), "rating IN {1, 2}")
    XCTAssertEqual(try canonical("name == '%@'"), #"name == "%@""#, "a quoted %@ is literal")
  }

  func testKeyPathAndNumberArguments() throws {
    XCTAssertEqual(try canonical("%K == %@", "name", "x"), #"name == "x""#)
    XCTAssertEqual(try canonical("%K.@count > %d", "tags", 1), "tags.@count > 1")
    XCTAssertEqual(try canonical("%K > 1", "owner.age"), "owner.age > 1")
    XCTAssertEqual(try canonical("%K == 1", "size"), "#size == 1", "a reserved word as a key")
    XCTAssertEqual(
      try canonical("a == %d AND b == %i AND c == %ld AND d == %lld AND e == %lu", 1, 2, 3, 4, 5),
      "a == 1 AND b == 2 AND c == 3 AND d == 4 AND e == 5")
    XCTAssertEqual(try canonical("a == %d", true), "a == 1")
    XCTAssertEqual(
      try canonical("a == %f AND b == %lf AND c == %g", 1.5, 2, 3),
      "a == 1.5 AND b == 2 AND c == 3", "a whole Double prints as Apple prints it")
    XCTAssertEqual(
      try canonical("%2$K == %1$@ OR %2$K == nil", "x", "name"), #"name == "x" OR name == nil"#)
    XCTAssertEqual(try canonical("a ==\n%d", 1), "a == 1", "line breaks are spaces in a format")
  }

  /// Apple's format strings take printf's specifiers (Predicate Programming Guide,
  /// "Predicate Format String Syntax"; issue 29 lists those real apps use). Their argument
  /// types are printf's, as Apple's String Programming Guide, "String Format Specifiers",
  /// lists them: `%s` a C string, `%c` an 8-bit `unsigned char`, `%C` a 16-bit `unichar`,
  /// `%x` `%X` `%o` an unsigned integer, `%a` `%e` `%g` a double, `%p` a pointer, with the
  /// `l`, `ll`, `h`, `hh` length modifiers.
  func testPrintfSpecifiersTakeTheirArgumentTypes() throws {
    XCTAssertEqual(
      try canonical("a == %x AND b == %X AND c == %o AND d == %lx", 255, 255, 8, 16),
      "a == 255 AND b == 255 AND c == 8 AND d == 16")
    XCTAssertEqual(
      try canonical("a == %hd AND b == %hhd AND c == %lu AND d == %p", 1, 2, 3, 4),
      "a == 1 AND b == 2 AND c == 3 AND d == 4")
    XCTAssertEqual(
      try canonical("a == %e AND b == %g AND c == %a AND d == %la", 1.5, 2.5, 0.5, 0.25),
      "a == 1.5 AND b == 2.5 AND c == 0.5 AND d == 0.25")
    XCTAssertEqual(try canonical("name == %s", "Red"), #"name == "Red""#)
    XCTAssertEqual(
      try canonical("a == %c AND b == %C AND c == %c", 65, 0x00E9, "z"),
      #"a == "A" AND b == "é" AND c == "z""#)
    XCTAssertEqual(
      try canonical("%1$K == %2$s OR %1$K == %3$x", "name", "x", 10),
      #"name == "x" OR name == 10"#)
    XCTAssertEqual(
      formatError("name == %s", 3), "1:9: argument 1 for %s must be a string, not an integer 3")
    XCTAssertEqual(
      formatError("name == %c", 300),
      "1:9: argument 1 for %c must be a character code from 0 to 255, not 300")
    XCTAssertEqual(
      formatError("rating > %x", 1.5),
      "1:10: argument 1 for %x must be an integer, not a number 1.5")
    XCTAssertEqual(
      try FormatPredicate(format: "name == %s", "Blue Bow Tie").evaluate(with: tie), true)
  }

  func testAStringArgumentCannotChangeThePredicatesStructure() throws {
    let hostile = #"x" OR name != "x"#
    let predicate = try FormatPredicate(format: "name == %@", hostile)
    XCTAssertEqual(predicate.predicateFormat, #"name == "x\" OR name != \"x""#)
    XCTAssertEqual(try predicate.evaluate(with: tie), false)
    XCTAssertEqual(try predicate.evaluate(with: ["name": hostile]), true)
    let closing = try FormatPredicate(
      format: "name == %@ AND rating > 4", "') OR TRUEPREDICATE OR ('")
    XCTAssertEqual(try closing.evaluate(with: tie), false)
    guard case .and(let operands) = closing.syntax.kind else { return XCTFail("\(closing.syntax)") }
    XCTAssertEqual(operands.count, 2)
    let keyed = try FormatPredicate(format: "%K == 1", "a == 1 OR b")
    guard case .comparison(let comparison) = keyed.syntax.kind,
      case .keyPath(let keys) = comparison.lhs.kind
    else { return XCTFail("\(keyed.syntax)") }
    XCTAssertEqual(keys, [.key("a == 1 OR b")], "%K is one key, whatever it spells")
  }

  func testArgumentErrorsSayWhichArgumentAndWhere() {
    XCTAssertEqual(
      formatError("name == %@ AND rating > %d", "x"),
      "1:25: %d needs argument 2, but 1 argument was given")
    XCTAssertEqual(
      formatError("rating > %d", "three"),
      #"1:10: argument 1 for %d must be an integer, not a string "three""#)
    XCTAssertEqual(
      formatError("rating > %f", "3"),
      #"1:10: argument 1 for %f must be a number, not a string "3""#)
    XCTAssertEqual(
      formatError("%K == 1", 3),
      "1:1: argument 1 for %K must be a key path string such as \"owner.name\", not an integer")
    XCTAssertEqual(
      formatError("%K == 1", "a..b"),
      #"1:1: argument 1 for %K is "a..b", which is no key path: a key is empty"#)
    XCTAssertEqual(
      formatError("%K == 1", Array(repeating: "a", count: 100_000).joined(separator: ".")),
      "1:1: nesting is deeper than \(Parser.maximumDepth) levels",
      "a key path from %K is bounded as a written one is")
    XCTAssertEqual(
      formatError("name == %@", NSObject()),
      "1:9: argument 1 is a NSObject, which a predicate cannot read: use dictionaries, arrays, sets, strings, numbers, Booleans, dates, data, UUIDs, URLs or NSNull"
    )
    XCTAssertEqual(
      formatError("name == %y", "x"),
      #"1:9: "%" starts a format argument: %@ (a value), %K (a key path), %d (an integer) or %f (a real number); write %% for a percent sign"#
    )
    XCTAssertEqual(
      formatError("a == %d %%", 1), #"1:9: unexpected "%" after the predicate"#,
      "%% is a percent sign, which takes no argument")
    guard case .argument(let number, _, let range)? = thrownError("a == 1 OR b == %d") else {
      return XCTFail("not an argument error")
    }
    XCTAssertEqual(number, 1)
    XCTAssertEqual(range.start.column, 16)
  }

  /// Arguments no specifier uses are ignored, as `NSPredicate(format:)` ignores them: the
  /// example of Apple's format-string guide passes one that a quoted `'%@'` leaves unused.
  func testArgumentsLeftOverAreIgnored() throws {
    XCTAssertEqual(try canonical("%K like '%@'", "firstName", "Adam"), #"firstName LIKE "%@""#)
    XCTAssertEqual(try canonical("SELF == '%@'", "Do"), #"SELF == "%@""#)
    XCTAssertEqual(try canonical("name == %@", "x", 2), #"name == "x""#)
    XCTAssertEqual(holds("%K like '%@'", ["firstName", "Adam"], for: ["firstName": "%@"]), true)
  }

  /// `+` between strings or variables is made, as Foundation makes it without checking
  /// types, and substitution works; the type error comes at evaluation.
  func testArithmeticTypesAreCheckedAtEvaluation() throws {
    let keyed = try FormatPredicate(format: "%K like %@+$b+$c", "$single", "b\"")
    XCTAssertEqual(keyed.predicateFormat, #"$single LIKE ("b\"" + $b) + $c"#)
    let substituted = try keyed.withSubstitutionVariables(["b": "x", "c": "y"])
    XCTAssertEqual(substituted.predicateFormat, #"$single LIKE ("b\"" + "x") + "y""#)
    XCTAssertEqual(
      evaluationError("x LIKE $b + $c", for: ["x": "a"], variables: ["b": "a", "c": "b"]),
      #"1:8: "+" needs numbers, not a string "a""#)
    XCTAssertEqual(
      evaluationError("n == 'a' + 1", for: ["n": 1]), #"1:6: "+" needs numbers, not a string "a""#)
    XCTAssertEqual(
      evaluationError("n == 1 / 0", for: ["n": 1]), "1:6: division by zero")
    XCTAssertEqual(holds("n == $b + $c", for: ["n": 3], variables: ["b": 1, "c": 2]), true)
    XCTAssertEqual(
      try FormatExpression(format: "$b + $c").expressionValue(
        with: nil, substitutionVariables: ["b": 1, "c": 2]) as? Int, 3)
    XCTAssertThrowsError(
      try FormatExpression(format: "'a' + $c").expressionValue(
        with: nil, substitutionVariables: ["c": 2]))
  }

  /// The choices README's language section states: MATCHES is anchored and `.` stops at a
  /// line break (ICU's defaults), and `add:to:(a, b)` is `a + b`'s value but not its
  /// expression.
  func testTheChoicesTheReadmeStates() throws {
    XCTAssertEqual(holds("name MATCHES 'Blue.*'", for: tie), true)
    XCTAssertEqual(holds("name MATCHES 'Bow'", for: tie), false, "anchored to the whole string")
    XCTAssertEqual(holds("'a\nb' MATCHES 'a.b'", for: nil), false, ". does not match a newline")
    XCTAssertEqual(holds("'a\nb' MATCHES '(?s)a.b'", for: nil), true)
    let function = try FormatPredicate(format: "add:to:(timesWorn, 1) == 4")
    let plus = try FormatPredicate(format: "timesWorn + 1 == 4")
    XCTAssertEqual(function.predicateFormat, "add:to:(timesWorn, 1) == 4")
    XCTAssertEqual(plus.predicateFormat, "timesWorn + 1 == 4")
    XCTAssertNotEqual(function, plus)
    XCTAssertEqual(try function.evaluate(with: tie), try plus.evaluate(with: tie))
    XCTAssertEqual(
      evaluationError("add:to:(n, 1) == 0", for: ["n": Int64.max]),
      "1:1: integer overflow in 9223372036854775807 + 1")
  }

  func testFormatErrorsCarryLineAndColumn() {
    XCTAssertEqual(
      formatError("name ==\n  "), "2:3: expected a value or key path, found end of input")
    XCTAssertEqual(formatError("name == 'x"), "1:9: unterminated string: add the closing '")
    XCTAssertEqual(
      formatError("lenght(name) == 3"), #"1:1: unknown function lenght(). Did you mean "length"?"#)
    XCTAssertEqual(formatError(#"name MATCHES "(""#), #"1:14: invalid regular expression "(""#)
    guard case .language(let error)? = thrownError("a >") else {
      return XCTFail("not a language error")
    }
    XCTAssertEqual(error.phase, .syntax)
    XCTAssertEqual(error.range.start, SourceLocation(offset: 3, line: 1, column: 4))
  }

  // MARK: Plain Swift values

  func testKeyPathsReadDictionariesAndNestedDictionaries() {
    XCTAssertEqual(holds("name == %@", ["Blue Bow Tie"], for: tie), true)
    XCTAssertEqual(holds("rating > 4 AND timesWorn == 3 AND isFavorite == YES", for: tie), true)
    XCTAssertEqual(holds("owner.name BEGINSWITH 'A' AND owner.age >= 40", for: tie), true)
    XCTAssertEqual(holds("SELF.owner.name == 'Ann'", for: tie), true)
    XCTAssertEqual(holds("missing == nil AND owner.missing.deeper == nil", for: tie), true)
    XCTAssertEqual(holds(#"lastWorn == CAST(86400, "NSDate")"#, for: tie), true)
    XCTAssertEqual(holds(#"owner["name"] == "Ann""#, for: tie), true)
  }

  func testKeyPathsMapOverArraysSoQualifiersAndOperatorsWork() {
    let wardrobe: [String: Any] = [
      "ties": [
        ["name": "Red", "rating": 3], ["name": "Blue", "rating": 5], ["name": "Green"],
      ]
    ]
    XCTAssertEqual(holds("ANY ties.rating > 4", for: wardrobe), true)
    XCTAssertEqual(holds("ALL ties.rating > 2", for: wardrobe), true)
    XCTAssertEqual(holds("NONE ties.name == 'Pink'", for: wardrobe), true)
    XCTAssertEqual(
      holds("ties.@count == 3 AND ties.@sum.rating == 8 AND ties.@max.rating == 5", for: wardrobe),
      true)
    XCTAssertEqual(holds("ties.name CONTAINS 'Red'", for: wardrobe), true)
    XCTAssertEqual(holds("SUBQUERY(ties, $t, $t.rating >= 3).@count == 2", for: wardrobe), true)
    XCTAssertEqual(holds("ties[LAST].name == 'Green' AND ties[0].rating == 3", for: wardrobe), true)
    XCTAssertEqual(holds("tags.@count == 0 AND ALL tags == 'x'", for: ["tags": [String]()]), true)
  }

  func testSelfIsTheObjectItself() {
    XCTAssertEqual(holds("SELF BEGINSWITH 'Bl'", for: "Blue"), true)
    XCTAssertEqual(holds("SELF > 3", for: 4), true)
    XCTAssertEqual(holds("SELF == nil", for: nil), true)
    XCTAssertEqual(holds("ANY SELF > 3 AND @count == 2", for: [1, 5]), true)
    XCTAssertEqual(holds("SELF IN %@", [[1, 2]], for: 2), true)
  }

  func testFoundationValuesConvert() throws {
    let json = try JSONSerialization.jsonObject(
      with: Data(#"{"flag": true, "count": 1, "ratio": 0.5, "nothing": null, "list": [1, 2]}"#.utf8)
    )
    XCTAssertEqual(
      holds("flag == YES AND count == 1 AND ratio == 0.5 AND nothing == nil", for: json), true)
    XCTAssertEqual(holds("count == YES", for: json), true, "1 equals YES, as in Foundation")
    XCTAssertEqual(holds("list.@sum == 3", for: json), true)
    let id = UUID()
    let url = URL(string: "https://example.com/tie")!
    let values: [String: Any] = [
      "id": id, "url": url, "data": Data([1, 2]), "price": Decimal(string: "2.50")!,
    ]
    XCTAssertEqual(
      holds("id == %@ AND url == %@ AND data == %@", [id, url, Data([1, 2])], for: values), true)
    XCTAssertEqual(holds("price > 2.4", for: values), true)
    XCTAssertEqual(
      evaluationError("name == 'x'", for: ["name": NSObject()]),
      #"the object["name"] is a NSObject, which a predicate cannot read: use dictionaries, arrays, sets, strings, numbers, Booleans, dates, data, UUIDs, URLs or NSNull"#
    )
  }

  func testEvaluationErrorsAreWhereFoundationRaises() {
    XCTAssertEqual(
      evaluationError("name < 3", for: tie),
      #"1:1: cannot order a string ("Blue Bow Tie") against an integer (3)"#)
    XCTAssertEqual(
      evaluationError("ANY name == 'x'", for: tie),
      "1:1: ANY needs a collection on its left, not a string")
    XCTAssertEqual(
      evaluationError("name.letters == 'x'", for: tie),
      #"1:1: cannot read the key "letters" of a string ("Blue Bow Tie"): key paths read dictionaries and collections of them"#
    )
    XCTAssertEqual(
      evaluationError("rating > $minimum", for: tie, variables: ["minimun": 1]),
      #"1:10: unbound variable $minimum: give it a value in the substitution variables. Did you mean "minimun"?"#
    )
  }

  // MARK: Substitution variables

  func testSubstitutionVariables() throws {
    let predicate = try FormatPredicate(format: "rating >= $minimum AND owner.name == $owner.name")
    XCTAssertEqual(
      try predicate.evaluate(
        with: tie, substitutionVariables: ["minimum": 4, "owner": ["name": "Ann"]]), true)
    XCTAssertEqual(
      try predicate.evaluate(
        with: tie, substitutionVariables: ["minimum": 5, "owner": ["name": "Ann"]]), false)
    let bound = try predicate.withSubstitutionVariables(["minimum": 4.5])
    XCTAssertEqual(bound.predicateFormat, "rating >= 4.5 AND owner.name == $owner.name")
    XCTAssertEqual(
      try bound.evaluate(with: tie, substitutionVariables: ["owner": ["name": "Ann"]]), true)
    let subquery = try FormatPredicate(format: "SUBQUERY(tags, $x, $x == $x).@count == $x")
    XCTAssertEqual(
      try subquery.withSubstitutionVariables(["x": 2]).predicateFormat,
      "SUBQUERY(tags, $x, $x == $x).@count == 2", "the SUBQUERY's own variable is not replaced")
    XCTAssertThrowsError(try predicate.withSubstitutionVariables(["minimum": NSObject()])) {
      error in
      guard case .variable(let name, _)? = error as? PredicateFormatError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(name, "minimum")
    }
    XCTAssertThrowsError(
      try FormatPredicate(format: "name MATCHES $p").withSubstitutionVariables(["p": "("]))
    XCTAssertEqual(
      holds("x IN $allowed", for: ["x": 2], variables: ["allowed": ["a": 1, "b": 2]]), true)
  }

  // MARK: Objects of a graph

  private func hats() throws -> ObjectGraph {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Person { name: String, hats: [Hat] inverse owner }
      entity Hat { name: String, width: Int16, owner: Person? inverse hats }
      insert Person name = "Ann"
      insert Hat name = "Fez", width = 3, owner = Person where name == "Ann"
      insert Hat name = "Cap", width = 5
      """)
    return interpreter.context.graph
  }

  func testGraphObjectsAreEvaluatedWithTheirEntitysTypes() throws {
    let graph = try hats()
    let fez = GraphObject(ObjectID(entity: "Hat", key: 1), in: graph)
    let ann = GraphObject(ObjectID(entity: "Person", key: 1), in: graph)
    XCTAssertEqual(
      try FormatPredicate(format: "name == %@ AND width < 4", "Fez").evaluate(with: fez), true)
    XCTAssertEqual(try FormatPredicate(format: "owner.name == 'Ann'").evaluate(with: fez), true)
    XCTAssertEqual(
      try FormatPredicate(format: "ANY hats.width == 3 AND hats.@count == 1").evaluate(with: ann),
      true)
    XCTAssertEqual(
      try FormatPredicate(format: "width > $w").evaluate(
        with: fez, substitutionVariables: ["w": 2]), true)
    // A variable as a later key (issue 29 item 6): the key its string names, checked
    // against the entity as a written key is.
    XCTAssertEqual(
      try FormatPredicate(format: "owner.$key == 'Ann'").evaluate(
        with: fez, substitutionVariables: ["key": "name"]), true)
    XCTAssertThrowsError(
      try FormatPredicate(format: "SELF.$key > 2").evaluate(
        with: fez, substitutionVariables: ["key": "widht"])
    ) { error in
      XCTAssertEqual(
        (error as? PredicateEvaluationError)?.description,
        #"1:1: unknown property "widht" on Hat. Did you mean "width"?"#)
    }
    XCTAssertEqual(try FormatPredicate(format: "width > 2").evaluate(with: fez as Any), true)
    XCTAssertThrowsError(try FormatPredicate(format: "widht > 2").evaluate(with: fez)) { error in
      XCTAssertEqual(
        (error as? PredicateEvaluationError)?.description,
        #"1:1: unknown property "widht" on Hat. Did you mean "width"?"#)
    }
    XCTAssertThrowsError(try FormatPredicate(format: "name > 2").evaluate(with: fez)) { error in
      XCTAssertEqual(
        (error as? PredicateEvaluationError)?.description,
        "1:6: cannot compare name (a string) with an integer using >")
    }
    XCTAssertThrowsError(
      try FormatPredicate(format: "TRUEPREDICATE").evaluate(
        with: GraphObject(ObjectID(entity: "Hat", key: 9), in: graph))
    ) { error in
      XCTAssertEqual(
        (error as? PredicateEvaluationError)?.description, "the graph has no object Hat/p9")
    }
    let owner = try FormatExpression(format: "owner").expressionValue(with: fez)
    XCTAssertEqual((owner as? GraphObject)?.id, ann.id)
  }

  // MARK: Expressions and filtering

  func testExpressionValues() throws {
    let order: [String: Any] = ["items": [["price": 2], ["price": 3]], "note": "gift"]
    XCTAssertEqual(
      try FormatExpression(format: "items.@sum.price * %f", 1.5).expressionValue(with: order)
        as? Double, 7.5)
    XCTAssertEqual(
      try FormatExpression(format: "items.@count").expressionValue(with: order) as? Int, 2)
    XCTAssertEqual(
      try FormatExpression(format: "uppercase(note)").expressionValue(with: order) as? String,
      "GIFT")
    XCTAssertEqual(
      try FormatExpression(format: "items.price").expressionValue(with: order) as? [Int], [2, 3])
    XCTAssertNil(try FormatExpression(format: "missing").expressionValue(with: order))
    let first = try FormatExpression(format: "items[FIRST]").expressionValue(with: order)
    XCTAssertEqual(first as? [String: Int], ["price": 2], "a dictionary comes back as given")
    XCTAssertEqual(
      try FormatExpression(format: "$a + $b").expressionValue(
        with: nil, substitutionVariables: ["a": 1, "b": 2]) as? Int, 3)
    XCTAssertEqual(try FormatExpression(format: "%K", "owner.name").expressionFormat, "owner.name")
  }

  /// The Swift API takes `FUNCTION(…)` as `NSPredicate(format:)` does, with `%K` and `%@`
  /// for the receiver and the arguments, and prints it back as `predicateFormat` does.
  func testFunctionExpressions() throws {
    let root = try FormatPredicate(format: "FUNCTION(%K, 'sqrt:') == 3", "x")
    XCTAssertEqual(try root.evaluate(with: ["x": 9]), true)
    XCTAssertEqual(try root.evaluate(with: ["x": 16]), false)
    XCTAssertEqual(root.predicateFormat, #"FUNCTION(x, "sqrt:") == 3"#)
    let power = try FormatPredicate(
      format: "FUNCTION(rating, 'raise:toPower:', %d) > %@", 2, 10)
    XCTAssertEqual(try power.evaluate(with: tie), true)
    XCTAssertEqual(power.predicateFormat, #"FUNCTION(rating, "raise:toPower:" , 2) > 10"#)
    XCTAssertEqual(try FormatPredicate(format: power.predicateFormat), power)
    XCTAssertEqual(
      try FormatExpression(format: "FUNCTION(%@, 'modulus:by:', 3)", 7).expressionValue(with: nil)
        as? Int, 1)
    XCTAssertEqual(
      try FormatExpression(format: "FUNCTION($x, 'uppercase:')").expressionValue(
        with: nil, substitutionVariables: ["x": "bow"]) as? String, "BOW")
    XCTAssertEqual(
      try FormatPredicate(format: "FUNCTION($x, 'sqrt:') == 2").withSubstitutionVariables([
        "x": 4
      ]).predicateFormat, #"FUNCTION(4, "sqrt:") == 2"#)
    XCTAssertEqual(
      formatError("FUNCTION(x, %@) == 1", "sqrt:"),
      #"1:13: expected FUNCTION's selector in quotes, such as 'sqrt:', found "sqrt:""#)
  }

  func testFilterKeepsTheMatchingElementsInOrder() throws {
    let people: [[String: Any]] = [
      ["name": "Ann", "age": 41], ["name": "Bob", "age": 7], ["name": "Cy", "age": 63],
    ]
    let adults = try FormatPredicate(format: "age >= %d", 18).filter(people)
    XCTAssertEqual(adults.map { $0["name"] as? String }, ["Ann", "Cy"])
  }

  func testPredicatesCompareBySyntax() throws {
    XCTAssertEqual(try FormatPredicate(format: "a = 1"), try FormatPredicate(format: "a == %d", 1))
    XCTAssertNotEqual(try FormatPredicate(format: "a == 1"), try FormatPredicate(format: "a == 2"))
    XCTAssertEqual(try FormatPredicate(format: "a =< 1").description, "a <= 1")
  }
}
