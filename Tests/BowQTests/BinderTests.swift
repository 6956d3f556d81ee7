import Foundation
import XCTest

@testable import BowQ

/// The binder: names resolved against the model with did-you-mean, types checked before
/// any object is evaluated, constants folded, and entity definitions checked.
final class BinderTests: XCTestCase {
  private static let now = Date(timeIntervalSinceReferenceDate: 0)

  private static let bowTie = """
    entity BowTie {
      name: String
      searchKey: String?
      rating: Double
      timesWorn: Int32
      lastWorn: Date?
      isFavorite: Bool
      photo: Binary?
    }
    """

  private func model() throws -> Model {
    let entity = try defineEntity(Self.bowTie)
    return Model(entities: [entity])
  }

  private func defineEntity(_ text: String) throws -> Entity {
    let statement = try XCTUnwrap(try Parser.parseScript(text).first)
    guard case .entity(let definition) = statement.kind else {
      throw LanguageError(.syntax, "not an entity", at: statement.range)
    }
    return try Binder(model: Model(), variables: [:], now: Self.now).bind(definition).0
  }

  private func bind(
    _ text: String, model: Model? = nil, variables: [String: Value] = [:], selection: Entity? = nil
  ) throws -> BoundStatement {
    let statement = try XCTUnwrap(try Parser.parseScript(text).first)
    return try Binder(model: try model ?? self.model(), variables: variables, now: Self.now)
      .bind(statement, selection: selection)
  }

  /// The binding error, as "message @ start-end".
  private func error(
    _ text: String, model: Model? = nil, variables: [String: Value] = [:],
    file: StaticString = #filePath, line: UInt = #line
  ) -> String {
    do {
      let bound = try bind(text, model: model, variables: variables)
      XCTFail("\(text) bound as \(bound)", file: file, line: line)
      return ""
    } catch let error as LanguageError {
      XCTAssertEqual(error.phase, .semantic, text, file: file, line: line)
      return "\(error.message) @ \(error.range.start)-\(error.range.end)"
    } catch {
      XCTFail("\(text): \(error)", file: file, line: line)
      return ""
    }
  }

  /// The error's message only.
  private func message(
    _ text: String, variables: [String: Value] = [:], file: StaticString = #filePath,
    line: UInt = #line
  ) -> String {
    let full = error(text, variables: variables, file: file, line: line)
    return full.components(separatedBy: " @ ").dropLast().joined(separator: " @ ")
  }

  // MARK: Names

  func testUnknownEntityWithDidYouMean() throws {
    XCTAssertEqual(
      error("fetch BowTy"), #"unknown entity "BowTy". Did you mean "BowTie"? @ 1:7-1:12"#)
    XCTAssertEqual(
      error("count Bowtie"), #"unknown entity "Bowtie". Did you mean "BowTie"? @ 1:7-1:13"#)
    XCTAssertEqual(error("delete Person"), #"unknown entity "Person". @ 1:8-1:14"#)
    XCTAssertEqual(
      error("fetch BowTie", model: Model()),
      "unknown entity \"BowTie\". The store has no entities yet: define one with `entity Name { … }`. @ 1:7-1:13"
    )
  }

  func testUnknownAttributeWithDidYouMean() {
    XCTAssertEqual(
      error("fetch BowTie where ratng > 3"),
      #"unknown attribute "ratng" on BowTie. Did you mean "rating"? @ 1:20-1:25"#)
    XCTAssertEqual(
      error("fetch BowTie sort by ratng"),
      #"unknown attribute "ratng" on BowTie. Did you mean "rating"? @ 1:22-1:27"#)
    XCTAssertEqual(
      error("insert BowTie nmae = \"x\""),
      #"unknown attribute "nmae" on BowTie. Did you mean "name"? @ 1:15-1:19"#)
    XCTAssertEqual(
      error("update BowTie where rating > 1 set timesworn = 1"),
      #"unknown attribute "timesworn" on BowTie. Did you mean "timesWorn"? @ 1:36-1:45"#)
    XCTAssertEqual(
      error("fetch BowTie where xyzzy > 3"), #"unknown attribute "xyzzy" on BowTie. @ 1:20-1:25"#)
  }

  // MARK: Types

  func testOrderingAStringAgainstANumber() {
    XCTAssertEqual(
      error("fetch BowTie where name < 3"),
      "cannot compare name (a string) with an integer using <" + Binder.appleEvaluatesIt
        + " @ 1:25-1:26")
    XCTAssertEqual(
      error("fetch BowTie where rating >= \"3\""),
      "cannot compare rating (a number) with a string using >=" + Binder.appleEvaluatesIt
        + " @ 1:27-1:29")
    XCTAssertEqual(
      error("fetch BowTie where lastWorn > \"New Year\""),
      #"cannot compare lastWorn (a date) with a string using >; write a date as CAST("2024-01-31T12:00:00Z", "NSDate")"#
        + Binder.appleEvaluatesIt + " @ 1:29-1:30"
    )
  }

  func testAStringComparedWithADateIsTheDateItSpells() throws {
    let interpreter = try Interpreter.sampleInMemory()
    for (statement, count) in [
      (#"count BowTie where lastWorn > "2024-03-01""#, 3),
      (#"count BowTie where "2024-03-01" < lastWorn"#, 3),
      (#"count BowTie where lastWorn == "2024-03-01T09:30:00Z""#, 1),
      (#"count BowTie where lastWorn != "2024-03-01T09:30:00Z""#, 6),
    ] {
      guard case .count(_, let n)? = try interpreter.run(statement).last else {
        return XCTFail(statement)
      }
      XCTAssertEqual(n, count, statement)
    }
  }

  func testStringOperatorsNeedStrings() {
    XCTAssertEqual(
      error("fetch BowTie where rating BEGINSWITH \"4\""),
      "BEGINSWITH compares strings, but rating is a number" + Binder.appleEvaluatesIt
        + " @ 1:20-1:26")
    XCTAssertEqual(
      error("fetch BowTie where name CONTAINS 4"),
      "CONTAINS compares strings, but 4 is an integer" + Binder.appleEvaluatesIt + " @ 1:34-1:35")
    XCTAssertEqual(
      message("fetch BowTie where isFavorite LIKE \"Y*\""),
      "LIKE compares strings, but isFavorite is a Boolean" + Binder.appleEvaluatesIt)
    XCTAssertEqual(
      message("fetch BowTie where lastWorn ENDSWITH \"Z\""),
      "ENDSWITH compares strings, but lastWorn is a date" + Binder.appleEvaluatesIt)
  }

  func testBetweenNeedsTwoOrderableBounds() throws {
    XCTAssertEqual(
      error("fetch BowTie where rating BETWEEN {1, 2, 3}"),
      "BETWEEN needs two bounds on its right, as in BETWEEN {1, 5}" + Binder.appleEvaluatesIt
        + " @ 1:35-1:44")
    XCTAssertEqual(
      message("fetch BowTie where rating BETWEEN 3"),
      "BETWEEN needs two bounds on its right, as in BETWEEN {1, 5}" + Binder.appleEvaluatesIt)
    XCTAssertEqual(
      message("fetch BowTie where rating BETWEEN {\"a\", 5}"),
      "cannot compare rating (a number) with a string using BETWEEN" + Binder.appleEvaluatesIt)
    // Two constant bounds fold to one constant collection and still bind.
    XCTAssertNoThrow(try bind("fetch BowTie where rating BETWEEN {1, 5}"))
    XCTAssertNoThrow(try bind("fetch BowTie where rating BETWEEN {timesWorn, 5}"))
  }

  func testInvalidRegularExpression() {
    XCTAssertEqual(
      error("fetch BowTie where name MATCHES \"(\""), #"invalid regular expression "(" @ 1:33-1:36"#
    )
    XCTAssertNoThrow(try bind("fetch BowTie where name MATCHES \"[A-Z]+\""))
  }

  func testInAndModifiersNeedCollections() {
    XCTAssertEqual(
      error("fetch BowTie where ANY name == \"x\""),
      "ANY needs a collection on its left (a to-many key path or {…}), but name is a string"
        + Binder.appleEvaluatesIt + " @ 1:24-1:28"
    )
    XCTAssertEqual(
      message("fetch BowTie where rating IN 3"),
      "IN needs a collection such as {1, 2} or a string on its right, not an integer"
        + Binder.appleEvaluatesIt)
    XCTAssertEqual(
      message("fetch BowTie where rating IN \"abc\""),
      "IN with a string on its right needs a string on its left, not a number"
        + Binder.appleEvaluatesIt)
    XCTAssertNoThrow(try bind("fetch BowTie where ALL {rating, timesWorn} > 1"))
    XCTAssertNoThrow(try bind("fetch BowTie where name IN \"abc\""))
  }

  /// `$a.$b` and `lhs selector: rhs`, which Apple's parser takes (issue 29 item 6): a
  /// variable key is the key its string names; a custom selector has no method to call.
  func testVariableKeysAndCustomSelectors() {
    XCTAssertNoThrow(
      try bind("fetch BowTie where SELF.$k > 3", variables: ["k": .string("rating")]))
    XCTAssertEqual(
      message("fetch BowTie where SELF.$k > 3", variables: ["k": .string("ratng")]),
      #"unknown attribute "ratng" on BowTie. Did you mean "rating"?"#)
    XCTAssertEqual(
      message("fetch BowTie where SELF.$k > 3", variables: ["k": .int(1)]),
      "$k names a key of the key path, so its value must be a string, not an integer")
    XCTAssertEqual(
      message("fetch BowTie where SELF isKindOfClass: \"BowTie\""),
      "isKindOfClass: sends an Objective-C message to SELF, and bowq has no Objective-C "
        + "methods to call: compare values with the operators instead (==, IN, BEGINSWITH, …)")
  }

  func testArithmeticAndFunctionTypes() {
    XCTAssertEqual(
      message("fetch BowTie where name + 1 > 2"),
      "\"+\" needs numbers, but name is a string" + Binder.appleEvaluatesIt)
    XCTAssertEqual(
      message("fetch BowTie where -name == 1"),
      "\"-\" needs numbers, but name is a string" + Binder.appleEvaluatesIt)
    XCTAssertEqual(
      message("fetch BowTie where lastWorn > now() - 86400"),
      "\"-\" needs numbers, but the expression now() is a date" + Binder.appleEvaluatesIt
        + ". A date moves by seconds through its number: "
        + #"CAST(CAST(now(), "NSNumber") - 86400, "NSDate") is a day earlier"#)
    XCTAssertEqual(
      message("fetch BowTie where -lastWorn == 1"),
      "\"-\" needs numbers, but lastWorn is a date" + Binder.appleEvaluatesIt)
    XCTAssertEqual(message("fetch BowTie where abs(1, 2) == 1"), "abs() takes 1 argument, not 2")
    XCTAssertEqual(message("fetch BowTie where now(1) == 1"), "now() takes no arguments, not 1")
    XCTAssertEqual(
      message("fetch BowTie where uppercase(rating) == \"A\""),
      "uppercase() takes a string, not a number" + Binder.appleEvaluatesIt)
    XCTAssertEqual(
      message("fetch BowTie where sum(rating) == 1"),
      "sum() takes a collection, not a number" + Binder.appleEvaluatesIt)
    XCTAssertEqual(
      message("fetch BowTie where lastWorn == CAST(1, \"NSFoo\")"),
      #"CAST to "NSFoo" is not supported; use "NSDate", "NSNumber", "NSString", "NSUUID""#)
  }

  func testUnknownFunctionWithSuggestion() {
    XCTAssertEqual(
      error("fetch BowTie where uppercse(name) == \"A\""),
      #"unknown function uppercse(). Did you mean "uppercase"? @ 1:20-1:34"#)
    XCTAssertEqual(
      message("fetch BowTie where frobnicate(name) == 1"), "unknown function frobnicate().")
  }

  // MARK: FUNCTION(receiver, 'selector:', arguments…)

  /// The function expression binds to the built-in its selector names, applied to the
  /// receiver and then the arguments, exactly as the function-call form does.
  func testFunctionExpressionBindsToTheBuiltinItsSelectorNames() throws {
    func rhs(_ text: String) throws -> BoundExpression? {
      guard case .fetch(let fetch) = try bind("fetch BowTie where rating == " + text),
        case .comparison(let c)? = fetch.predicate
      else { return nil }
      return c.rhs
    }
    XCTAssertEqual(try rhs("FUNCTION(9, 'sqrt:')")?.constantValue, .double(3))
    XCTAssertEqual(try rhs("FUNCTION(7, 'modulus:by:', 3)")?.constantValue, .int(1))
    XCTAssertEqual(try rhs(#"FUNCTION("a", 'uppercase:')"#)?.constantValue, .string("A"))
    XCTAssertEqual(try rhs("FUNCTION({1, 2, 3}, 'sum:')")?.constantValue, .int(6))
    XCTAssertEqual(try rhs("FUNCTION(2, 'from:subtract:', 5)")?.constantValue, .int(-3))
    guard
      case .function(.raise, let operands)? = try rhs("FUNCTION(rating, 'raise:toPower:', 2)")?.kind
    else { return XCTFail("not raise:toPower:") }
    XCTAssertEqual(operands.count, 2, "the receiver is the first argument")
    let now = try rhs("FUNCTION(SELF, 'now')")
    guard case .function(.now, let none)? = now?.kind else { return XCTFail("not now") }
    XCTAssertTrue(none.isEmpty, "a selector without a colon ignores its receiver")
    XCTAssertEqual(now?.type, .date)
    guard case .function(.random, _)? = try rhs("function(timesWorn, 'random')")?.kind else {
      return XCTFail("not random")
    }
  }

  func testFunctionExpressionErrors() {
    XCTAssertEqual(
      error("fetch BowTie where FUNCTION(name, 'length') == 3"),
      #"unknown selector "length" in FUNCTION. bowq has no Objective-C methods to call: "#
        + #"FUNCTION takes only the selectors of the built-in functions, such as "sqrt:", "#
        + #""uppercase:" or "modulus:by:". Did you mean "length:"? @ 1:20-1:44"#)
    XCTAssertEqual(
      message("fetch BowTie where FUNCTION(rating, 'modulus') == 1"),
      #"unknown selector "modulus" in FUNCTION. bowq has no Objective-C methods to call: "#
        + #"FUNCTION takes only the selectors of the built-in functions, such as "sqrt:", "#
        + #""uppercase:" or "modulus:by:"."#,
      "the function-call name of a two-argument function is no selector")
    XCTAssertEqual(
      message("fetch BowTie where FUNCTION(rating, 'SQRT:') == 1"),
      #"unknown selector "SQRT:" in FUNCTION. bowq has no Objective-C methods to call: "#
        + #"FUNCTION takes only the selectors of the built-in functions, such as "sqrt:", "#
        + #""uppercase:" or "modulus:by:". Did you mean "sqrt:"?"#)
    XCTAssertEqual(
      error("fetch BowTie where FUNCTION(rating, 'modulus:by:') == 1"),
      #"FUNCTION(…, "modulus:by:") takes one argument for each colon of the selector: "#
        + "the receiver and 1 more, not the receiver alone @ 1:20-1:51")
    XCTAssertEqual(
      message("fetch BowTie where FUNCTION(rating, 'sqrt:', 2) == 1"),
      #"FUNCTION(…, "sqrt:") takes one argument for each colon of the selector: "#
        + "the receiver alone, not the receiver and 1 more")
    XCTAssertEqual(
      message("fetch BowTie where FUNCTION(SELF, 'now', 1) == 1"),
      #"FUNCTION(…, "now") takes no arguments after the selector, which has no colon, not 1"#)
    XCTAssertEqual(
      error("fetch BowTie where FUNCTION(name, 'sqrt:') == 1"),
      "sqrt() takes a number, not a string" + Binder.appleEvaluatesIt + " @ 1:29-1:33")
    XCTAssertEqual(
      error("fetch BowTie where FUNCTION(rating, 'uppercase:') == 1"),
      "uppercase() takes a string, not a number" + Binder.appleEvaluatesIt + " @ 1:29-1:35")
    XCTAssertEqual(
      error("fetch BowTie where FUNCTION(ratin, 'now') == nil"),
      #"unknown attribute "ratin" on BowTie. Did you mean "rating"? @ 1:29-1:34"#,
      "an unused receiver still has its names checked")
    XCTAssertEqual(
      message("fetch BowTie where FUNCTION(7, 'modulus:by:', 0) == 1"), "modulus by zero")
  }

  func testUnboundVariable() {
    XCTAssertEqual(
      error("fetch BowTie where name == $who"),
      "unbound variable $who. Give it a value with `.param set who VALUE`. @ 1:28-1:32")
    XCTAssertEqual(
      message("fetch BowTie where name == $who", variables: ["whom": .string("x")]),
      #"unbound variable $who. Did you mean "whom"?"#)
    XCTAssertNoThrow(
      try bind("fetch BowTie where name == $who", variables: ["who": .string("Polka")]))
    // A variable's value is typed like a constant.
    XCTAssertEqual(
      message("fetch BowTie where name < $n", variables: ["n": .int(3)]),
      "cannot compare name (a string) with an integer using <" + Binder.appleEvaluatesIt)
  }

  func testCollectionOperators() {
    XCTAssertEqual(
      message("fetch BowTie where {1}.@cout == 1"),
      #"unknown collection operator @cout. Did you mean "count"?"#)
    XCTAssertEqual(
      message("fetch BowTie where rating.@count == 1"),
      "@count needs a collection, but this is a number")
    XCTAssertEqual(
      message("fetch BowTie where @count == 1"),
      "@count needs a collection, but this is a BowTie object")
  }

  func testConstantsFoldAndTheirErrorsAreBindingErrors() throws {
    guard case .fetch(let fetch) = try bind("fetch BowTie where rating > 2 * 3 - 1"),
      case .comparison(let c)? = fetch.predicate
    else { return XCTFail("not a fetch with a comparison") }
    XCTAssertEqual(c.rhs.constantValue, .int(5))
    guard case .fetch(let live) = try bind("fetch BowTie where lastWorn < now()"),
      case .comparison(let n)? = live.predicate
    else { return XCTFail("not a fetch with a comparison") }
    XCTAssertNil(n.rhs.constantValue, "now() is read when the statement runs, not folded")
    XCTAssertEqual(message("fetch BowTie where rating == 1 / 0"), "division by zero")
    XCTAssertEqual(
      message("fetch BowTie where rating == 9223372036854775807 + 1"),
      "integer overflow in 9223372036854775807 + 1")
  }

  /// TERNARY evaluates only the branch its condition takes: the other is never folded into
  /// an error, and with a constant condition it is not kept at all.
  func testTernaryFoldsOnlyTheBranchTaken() throws {
    guard case .fetch(let fetch) = try bind("fetch BowTie where TERNARY(name == nil, 1/0, 2) == 2"),
      case .comparison(let c)? = fetch.predicate,
      case .ternary(_, let whenTrue, let whenFalse) = c.lhs.kind
    else { return XCTFail("not a comparison of a TERNARY") }
    XCTAssertNil(whenTrue.constantValue, "the failing branch is left to fail if it is taken")
    XCTAssertEqual(whenFalse.constantValue, .int(2))
    guard
      case .fetch(let constant) = try bind(
        "fetch BowTie where TERNARY(FALSEPREDICATE, 1/0, 2) == 2"),
      case .comparison(let k)? = constant.predicate
    else { return XCTFail("not a fetch with a comparison") }
    XCTAssertEqual(k.lhs.constantValue, .int(2), "a constant condition folds to its branch")
    XCTAssertEqual(
      message("fetch BowTie where TERNARY(TRUEPREDICATE, 1/0, 2) == 2"), "division by zero")
    XCTAssertEqual(
      message("fetch BowTie where TERNARY(name == nil, 1/0 + 'a', 2) == 2"),
      "\"+\" needs numbers, but \"a\" is a string" + Binder.appleEvaluatesIt,
      "types are still checked in both branches")
  }

  // MARK: Assignments

  func testAssignments() throws {
    XCTAssertEqual(
      error("set rating = 1"),
      "there is no current selection: `set` changes the objects of the last fetch; run `fetch Entity where …` first @ 1:1-1:15"
    )
    XCTAssertEqual(
      error("insert BowTie rating = \"x\""),
      "cannot store a string in rating, which is Double @ 1:24-1:27")
    XCTAssertEqual(
      error("insert BowTie rating = 1, rating = 2"),
      "rating is assigned twice in one statement @ 1:27-1:33")
    XCTAssertEqual(
      message("insert BowTie timesWorn = 1.5"), "1.5 is not a whole number, and timesWorn is Int32")
    XCTAssertEqual(
      message("insert BowTie timesWorn = 3000000000"),
      "3000000000 is out of range for timesWorn (Int32 holds -2147483648…2147483647)")
    XCTAssertEqual(
      message("insert BowTie lastWorn = \"yesterday\""),
      #""yesterday" is not an ISO 8601 date such as "2024-01-31T12:00:00Z""#)
    let entity = try XCTUnwrap(try model().entity(named: "BowTie"))
    guard case .set(let assignments) = try bind("set rating = 4", selection: entity) else {
      return XCTFail("not a set")
    }
    XCTAssertEqual(assignments.map(\.name), ["rating"])
  }

  // MARK: Entity definitions

  private func definitionError(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> String
  {
    error(text, model: Model(), file: file, line: line)
  }

  func testEntityDefinitionChecks() {
    XCTAssertEqual(
      definitionError("entity E { a: Strng }"),
      #"unknown type "Strng". Did you mean "String"? @ 1:15-1:20"#)
    XCTAssertEqual(
      definitionError("entity E { a: int32 }"),
      #"unknown type "int32". Did you mean "Int32"? @ 1:15-1:20"#)
    // Bare Transformable used to be offered to itself: `Did you mean "Transformable"?`.
    XCTAssertEqual(
      definitionError("entity E { a: Transformable }"),
      #"unknown type "Transformable". Name its transformer: Transformable(Color). @ 1:15-1:28"#)
    XCTAssertEqual(
      definitionError("entity E { a: String(Color) }"),
      "only Transformable takes a value transformer in parentheses @ 1:22-1:27")
    XCTAssertEqual(
      definitionError("entity E { a: String min 1 }"),
      "min and max bound numbers and dates; a is String (use minLength and maxLength for strings) @ 1:26-1:27"
    )
    XCTAssertEqual(
      definitionError("entity E { a: Bool max 1 }"),
      "min and max bound numbers and dates; a is Bool @ 1:24-1:25")
    XCTAssertEqual(
      definitionError("entity E { a: String external }"),
      "external applies to Binary attributes; a is String @ 1:12-1:13")
    XCTAssertEqual(
      definitionError("entity E { a: Int32 default \"x\" }"),
      #"cannot store a string "x" in a (Int32) @ 1:29-1:32"#)
    XCTAssertEqual(
      definitionError("entity E { a: Bool default 2 }"),
      "cannot store an integer 2 in a (Bool) @ 1:28-1:29")
    XCTAssertEqual(
      definitionError("entity E { a: String, a: Int32 }"), "E defines a twice @ 1:23-1:24")
    XCTAssertEqual(
      definitionError("entity E { a: Int32 minLength 1 }"),
      "minLength and maxLength apply to String attributes @ 1:31-1:32")
    XCTAssertEqual(
      definitionError("entity E { a: String maxLength -1 }"),
      "a length must be a whole number, 0 or more @ 1:32-1:34")
    XCTAssertEqual(
      definitionError("entity E { a: String matches \"(\" }"),
      #"invalid regular expression "(" @ 1:30-1:33"#)
    XCTAssertEqual(
      definitionError("entity E { a: Date default now() }"),
      "default of a must be a constant @ 1:28-1:33")
    XCTAssertEqual(
      definitionError("entity E { a: Int32 max 3000000000 }"),
      "3000000000 is out of range for a (Int32 holds -2147483648…2147483647) @ 1:25-1:35")
    XCTAssertEqual(
      definitionError("entity E { a: Int32 default b }"),
      "a key path needs an object to evaluate against; none is in scope here @ 1:29-1:30")
  }

  func testAnEntityDefinitionBecomesTheModelsEntity() throws {
    let entity = try defineEntity(
      """
      entity E {
        r: Double min 0 max 5 default 0
        t: Int32 default 0x10
        w: Date? default "2001-01-02T00:00:00Z"
        c: Transformable(Color)?
        s: String minLength 1 maxLength 3 matches "[a-z]+" unique
        p: Binary? external
        f: Bool default YES
      }
      """)
    XCTAssertEqual(entity.name, "E")
    XCTAssertEqual(
      entity.attributes,
      [
        Attribute(
          name: "r", type: .double, defaultValue: .double(0), minimum: .double(0),
          maximum: .double(5)),
        Attribute(name: "t", type: .int32, defaultValue: .int(16)),
        Attribute(
          name: "w", type: .date, isOptional: true,
          defaultValue: .date(Date(timeIntervalSinceReferenceDate: 86400))),
        Attribute(name: "c", type: .transformable(.color), isOptional: true),
        Attribute(
          name: "s", type: .string, minLength: 1, maxLength: 3, pattern: "[a-z]+", isUnique: true),
        Attribute(name: "p", type: .binary, isOptional: true, allowsExternalStorage: true),
        Attribute(name: "f", type: .bool, defaultValue: .bool(true)),
      ])
  }
}
