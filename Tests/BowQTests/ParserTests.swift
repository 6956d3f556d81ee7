import Foundation
import XCTest

@testable import BowQ

/// The parser: every statement form, predicate and expression precedence, the predicate
/// language's forms, and its errors with their ranges, including on hostile input.
final class ParserTests: XCTestCase {
  private typealias A = AST

  private func statements(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> [Statement]
  {
    do {
      return try Parser.parseScript(text)
    } catch {
      XCTFail("\(text): \(error)", file: file, line: line)
      return []
    }
  }

  private func statement(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> Statement.Kind?
  {
    let all = statements(text, file: file, line: line)
    XCTAssertEqual(all.count, 1, text, file: file, line: line)
    return all.first?.kind
  }

  private func predicate(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> PredicateSyntax?
  {
    do {
      return try Parser.parsePredicate(text)
    } catch {
      XCTFail("\(text): \(error)", file: file, line: line)
      return nil
    }
  }

  private func expression(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> ExpressionSyntax?
  {
    do {
      return try Parser.parseExpression(text)
    } catch {
      XCTFail("\(text): \(error)", file: file, line: line)
      return nil
    }
  }

  /// The error parsing a script gives, as "message @ start-end".
  private func scriptError(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> String
  {
    do {
      let parsed = try Parser.parseScript(text)
      XCTFail("\(text) parsed as \(parsed)", file: file, line: line)
      return ""
    } catch {
      XCTAssertEqual(error.phase, .syntax, file: file, line: line)
      return "\(error.message) @ \(error.range.start)-\(error.range.end)"
    }
  }

  private func predicateError(_ text: String) -> String {
    do {
      _ = try Parser.parsePredicate(text)
      return "parsed"
    } catch {
      return error.message
    }
  }

  private func expressionError(_ text: String) -> String {
    do {
      _ = try Parser.parseExpression(text)
      return "parsed"
    } catch {
      return error.message
    }
  }

  // MARK: Statements

  func testEntityStatement() {
    let text = """
      entity BowTie {
        name: String
        rating: Double min 0 max 5 default 0
        tint: Transformable(Color)? unique external, code: String minLength 1 maxLength 0x10 matches "^[A-Z]+$"
      }
      """
    XCTAssertEqual(
      statement(text),
      .entity(
        EntityDefinition(
          name: A.name("BowTie"),
          properties: [
            PropertyDefinition(
              name: A.name("name"), typeName: A.name("String"), transformer: nil, isOptional: false,
              modifiers: []),
            PropertyDefinition(
              name: A.name("rating"), typeName: A.name("Double"), transformer: nil,
              isOptional: false,
              modifiers: [.min(A.int(0)), .max(A.int(5)), .defaultValue(A.int(0))]),
            PropertyDefinition(
              name: A.name("tint"), typeName: A.name("Transformable"), transformer: A.name("Color"),
              isOptional: true, modifiers: [.unique, .external]),
            PropertyDefinition(
              name: A.name("code"), typeName: A.name("String"), transformer: nil, isOptional: false,
              modifiers: [
                .minLength(A.int(1)), .maxLength(A.int(16)), .matches(A.string("^[A-Z]+$")),
              ]),
          ])))
    XCTAssertEqual(
      statement("entity Empty {}"), .entity(EntityDefinition(name: A.name("Empty"), properties: []))
    )
    XCTAssertEqual(
      statement("entity E {\n\n , a: Int32? ,\n}"),
      .entity(
        EntityDefinition(
          name: A.name("E"),
          properties: [
            PropertyDefinition(
              name: A.name("a"), typeName: A.name("Int32"), transformer: nil, isOptional: true,
              modifiers: [])
          ])))
  }

  /// Keywords are case-insensitive, attribute rules included (they used to match only as
  /// written, except MATCHES).
  func testKeywordsAreSpelledInAnyASCIICaseOnly() {
    XCTAssertTrue("SELECT".spellsKeyword("select"))
    XCTAssertTrue("sElEcT"[...].spellsKeyword("select"))
    XCTAssertFalse("selec".spellsKeyword("select"))
    XCTAssertFalse("selects".spellsKeyword("select"))
    XCTAssertFalse("s@lect".spellsKeyword("s`lect"), "only letters fold")
    XCTAssertFalse("\u{212A}ey".spellsKeyword("key"), "the Kelvin sign is not a K")
    XCTAssertFalse("ſort".spellsKeyword("sort"), "nor is the long s an s")
  }

  func testAttributeRulesAreCaseInsensitive() {
    guard
      case .entity(let definition) = statement(
        #"ENTITY E { a: String MINLENGTH 1 Matches "x" DEFAULT "y" Unique }"#)
    else { return XCTFail("not an entity") }
    XCTAssertEqual(
      definition.properties.first?.modifiers,
      [.minLength(A.int(1)), .matches(A.string("x")), .defaultValue(A.string("y")), .unique])
  }

  /// Every row of the property modifier table begins its modifier, in any case, and is
  /// suggested for a misspelling of it.
  func testEveryPropertyModifierKeywordBeginsItsModifier() {
    let samples: [PropertyModifierKeyword: (String, PropertyModifier)] = [
      .defaultValue: ("default 1", .defaultValue(A.int(1))), .min: ("min 1", .min(A.int(1))),
      .max: ("max 1", .max(A.int(1))), .minLength: ("minLength 1", .minLength(A.int(1))),
      .maxLength: ("maxLength 1", .maxLength(A.int(1))),
      .matches: (#"matches "x""#, .matches(A.string("x"))), .unique: ("unique", .unique),
      .external: ("external", .external), .inverse: ("inverse b", .inverse(A.name("b"))),
      .delete: ("delete cascade", .deleteRule(A.name("cascade"))),
      .ordered: ("ordered", .ordered),
      .renamed: ("renamed from b", .renamedFrom(A.name("b"))),
    ]
    XCTAssertEqual(Set(samples.keys), Set(PropertyModifierKeyword.allCases))
    for (keyword, (sample, modifier)) in samples {
      let shouted = keyword.word.uppercased() + sample.dropFirst(keyword.word.count)
      guard case .entity(let definition) = statement("entity E { a: String \(shouted) }") else {
        XCTFail(shouted)
        continue
      }
      XCTAssertEqual(definition.properties.first?.modifiers, [modifier], shouted)
      let misspelt = String(keyword.word.dropLast()) + "q"
      XCTAssertTrue(
        scriptError("entity E { a: String \(misspelt) }")
          .contains(#"Did you mean "\#(keyword.word)"?"#), misspelt)
    }
    XCTAssertNil(PropertyModifierKeyword(word: "defaultValue"))
  }

  func testImportStatement() {
    XCTAssertEqual(
      statement(#"import "SampleData.plist" INTO BowTie"#),
      .importPlist(path: "SampleData.plist", entity: A.name("BowTie")))
  }

  func testFetchStatement() {
    XCTAssertEqual(statement("fetch BowTie"), .fetch(FetchRequest(entity: A.name("BowTie"))))
    XCTAssertEqual(
      statement(
        "FETCH BowTie WHERE rating > 3 SORT BY rating desc, owner.name, name ASCENDING LIMIT 3 OFFSET 0x2"
      ),
      .fetch(
        FetchRequest(
          entity: A.name("BowTie"), predicate: A.compare(A.key("rating"), .greater, A.int(3)),
          sort: [
            SortKey(key: A.key("rating"), ascending: false),
            SortKey(key: A.key("owner", "name"), ascending: true),
            SortKey(key: A.key("name"), ascending: true),
          ],
          limit: 3, offset: 2)))
    XCTAssertEqual(
      statement("fetch T sort by a DESCENDING, b asc"),
      .fetch(
        FetchRequest(
          entity: A.name("T"),
          sort: [
            SortKey(key: A.key("a"), ascending: false), SortKey(key: A.key("b"), ascending: true),
          ])))
    XCTAssertEqual(
      statement("fetch T offset 5"), .fetch(FetchRequest(entity: A.name("T"), offset: 5)))
  }

  func testStatementWordsStayUsableAsNames() {
    XCTAssertEqual(
      statement("fetch where where where == limit limit 1"),
      .fetch(
        FetchRequest(
          entity: A.name("where"), predicate: A.compare(A.key("where"), .equal, A.key("limit")),
          limit: 1)))
  }

  func testCountSetInsertUpdateDelete() {
    XCTAssertEqual(statement("count BowTie"), .count(entity: A.name("BowTie"), predicate: nil))
    XCTAssertEqual(
      statement("count BowTie where isFavorite == YES"),
      .count(
        entity: A.name("BowTie"), predicate: A.compare(A.key("isFavorite"), .equal, A.bool(true))))
    XCTAssertEqual(
      statement("set rating = 4, timesWorn == timesWorn + 1"),
      .set([
        A.assign("rating", A.int(4)),
        A.assign("timesWorn", A.arithmetic(.add, A.key("timesWorn"), A.int(1))),
      ]))
    XCTAssertEqual(
      statement(#"insert BowTie name = "Polka", rating = 3.5"#),
      .insert(
        entity: A.name("BowTie"),
        assignments: [A.assign("name", A.string("Polka")), A.assign("rating", A.double(3.5))]))
    XCTAssertEqual(statement("insert BowTie"), .insert(entity: A.name("BowTie"), assignments: []))
    XCTAssertEqual(
      statements("insert BowTie; save").map(\.kind),
      [.insert(entity: A.name("BowTie"), assignments: []), .save])
    XCTAssertEqual(
      statement("update BowTie where timesWorn == 0 set isFavorite = NO"),
      .update(
        entity: A.name("BowTie"), predicate: A.compare(A.key("timesWorn"), .equal, A.int(0)),
        assignments: [A.assign("isFavorite", A.bool(false))]))
    XCTAssertEqual(
      statement("update BowTie set rating = 1"),
      .update(entity: A.name("BowTie"), predicate: nil, assignments: [A.assign("rating", A.int(1))])
    )
    XCTAssertEqual(
      statement("delete BowTie where rating < 1"),
      .delete(entity: A.name("BowTie"), predicate: A.compare(A.key("rating"), .less, A.int(1))))
    XCTAssertEqual(statement("delete BowTie"), .delete(entity: A.name("BowTie"), predicate: nil))
  }

  /// `why [not] [Entity/pN] [where P]`: each part may be left out.
  func testWhy() {
    let tie = ObjectReference(entity: A.name("BowTie"), key: 3, range: A.noRange)
    let rated = A.compare(A.key("rating"), .greater, A.int(3))
    XCTAssertEqual(
      statement("why BowTie/p3 where rating > 3"),
      .why(WhyRequest(expectsMatch: true, object: tie, predicate: rated)))
    XCTAssertEqual(
      statement("WHY NOT BowTie/p3"),
      .why(WhyRequest(expectsMatch: false, object: tie, predicate: nil)))
    XCTAssertEqual(
      statement("why where rating > 3"),
      .why(WhyRequest(expectsMatch: true, object: nil, predicate: rated)))
    XCTAssertEqual(
      scriptError("why BowTie/x3"),
      #"expected an object's key after "BowTie/", as in BowTie/p3, found "x3" @ 1:12-1:14"#)
  }

  func testSimpleStatementsAndExplain() {
    XCTAssertEqual(
      statements("save\nROLLBACK\nchanges\nUndo\nredo\nvalidate").map(\.kind),
      [.save, .rollback, .changes(all: false), .undo, .redo, .validate])
    XCTAssertEqual(
      statement("explain fetch BowTie"),
      .explain(A.statement(.fetch(FetchRequest(entity: A.name("BowTie"))))))
    XCTAssertEqual(
      statement("explain explain save"), .explain(A.statement(.explain(A.statement(.save)))))
  }

  func testStatementSeparatorsAndRanges() {
    XCTAssertEqual(statements("save; undo\n\n  redo;;\n").map(\.kind), [.save, .undo, .redo])
    XCTAssertEqual(statements("").count, 0)
    XCTAssertEqual(statements("-- nothing\n;\n").count, 0)
    let parsed = statements("fetch T where a > 1\n  save  ;explain count T")
    XCTAssertEqual(
      parsed.map { "\($0.range.start)-\($0.range.end)" }, ["1:1-1:20", "2:3-2:7", "2:10-2:25"])
    // A statement spans lines inside parentheses, not outside them.
    XCTAssertEqual(statements("fetch T where (a > 1\n  AND b < 2)\nsave").count, 2)
  }

  /// Every row of the statement keyword table begins its statement, in any case, and is
  /// suggested for a misspelling of it; its help line begins with the word.
  func testEveryStatementKeywordBeginsItsStatement() {
    let samples: [StatementKeyword: String] = [
      .entity: "entity E { a: String }", .import: #"import "x.plist" into E"#,
      .export: #"export E to "x.json""#, .fetch: "fetch E", .count: "count E",
      .set: "set a = 1", .insert: "insert E", .update: "update E set a = 1",
      .delete: "delete E", .save: "save", .rollback: "rollback", .changes: "changes",
      .undo: "undo", .redo: "redo", .validate: "validate", .explain: "explain save",
      .why: "why E/p1 where a == 1", .show: "show E/p1",
    ]
    XCTAssertEqual(Set(samples.keys), Set(StatementKeyword.allCases))
    for (keyword, sample) in samples {
      XCTAssertEqual(StatementKeyword(word: keyword.word.uppercased()), keyword)
      XCTAssertTrue(keyword.synopsis.hasPrefix(keyword.word), keyword.word)
      XCTAssertFalse(keyword.summary.isEmpty, keyword.word)
      let shouted = keyword.word.uppercased() + sample.dropFirst(keyword.word.count)
      XCTAssertNotNil(statement(shouted), shouted)
      let misspelt = String(keyword.word.dropLast()) + "x"
      XCTAssertTrue(
        scriptError(misspelt + " E").contains(#"Did you mean "\#(keyword.word)"?"#), misspelt)
    }
    XCTAssertNil(StatementKeyword(word: "where"))
  }

  func testStatementErrors() {
    XCTAssertEqual(
      scriptError("fetc BowTie"), #"unknown statement "fetc". Did you mean "fetch"? @ 1:1-1:5"#)
    XCTAssertEqual(
      scriptError("save undo"),
      #"unexpected "undo" after the statement; end it with a newline or ";" @ 1:6-1:10"#)
    XCTAssertEqual(
      scriptError("42"),
      "expected a statement (entity, import, export, fetch, count, set, insert, update, delete, save, rollback, changes, undo, redo, validate, explain, why, show), found 42 @ 1:1-1:3"
    )
    XCTAssertEqual(
      scriptError("fetch T limit -1"),
      #"expected a whole number after limit, found "-" @ 1:15-1:16"#)
    XCTAssertEqual(
      scriptError("fetch T limit 1.5"),
      #"expected a whole number after limit, found 1.5 @ 1:15-1:18"#)
    XCTAssertEqual(
      scriptError("update T where a == 1"),
      #"expected "set" and the changes to make (update Entity where … set key = value), found end of input @ 1:22-1:22"#
    )
    XCTAssertEqual(
      scriptError("import BowTie"), #"expected a file name in quotes, found "BowTie" @ 1:8-1:14"#)
    XCTAssertEqual(
      scriptError(#"import "x" BowTie"#),
      #"expected "into" after the file name (import "file.plist" into Entity), found "BowTie" @ 1:12-1:18"#
    )
    XCTAssertEqual(
      scriptError("set rating 4"), #"expected "=", "+=" or "-=" after rating, found 4 @ 1:12-1:13"#)
    XCTAssertEqual(
      scriptError("fetch T sort rating"), #"expected "by" after "sort", found "rating" @ 1:14-1:20"#
    )
    XCTAssertEqual(
      scriptError("entity E { a String }"),
      #"expected ":" between the property name and its type (name: Type), found "String" @ 1:14-1:20"#
    )
    XCTAssertEqual(
      scriptError("entity E { a: String defualt 1 }"),
      #"unknown property rule "defualt". Did you mean "default"? @ 1:22-1:29"#)
    XCTAssertEqual(
      scriptError("entity E { a: String b: Int32 }"),
      #"unknown property rule "b". @ 1:22-1:23"#)
    XCTAssertEqual(
      scriptError("entity E {\n  a: String"),
      #"expected a newline or "," after a property, found end of input @ 2:12-2:12"#)
    XCTAssertEqual(
      scriptError("entity E {\n  a: String\n"),
      #"expected "}" to close the entity E, found end of input @ 3:1-3:1"#)
    XCTAssertEqual(
      scriptError("explain"),
      "expected a statement (entity, import, export, fetch, count, set, insert, update, delete, save, rollback, changes, undo, redo, validate, explain, why, show), found end of input @ 1:8-1:8"
    )
  }

  // MARK: Predicates

  func testAndBindsTighterThanOr() {
    let a = A.compare(A.key("a"), .equal, A.int(1))
    let b = A.compare(A.key("b"), .equal, A.int(2))
    let c = A.compare(A.key("c"), .equal, A.int(3))
    let d = A.compare(A.key("d"), .equal, A.int(4))
    XCTAssertEqual(predicate("a == 1 OR b == 2 AND c == 3"), A.or(a, A.and(b, c)))
    XCTAssertEqual(predicate("a == 1 AND b == 2 OR c == 3"), A.or(A.and(a, b), c))
    XCTAssertEqual(
      predicate("a == 1 && b == 2 || c == 3 and d == 4"), A.or(A.and(a, b), A.and(c, d)))
    XCTAssertEqual(predicate("a == 1 or b == 2 OR c == 3"), A.or(a, b, c))
    XCTAssertEqual(predicate("a == 1 AND b == 2 AND c == 3"), A.and(a, b, c))
    XCTAssertEqual(predicate("(a == 1 OR b == 2) AND c == 3"), A.and(A.or(a, b), c))
    XCTAssertEqual(predicate("a == 1 AND (b == 2 AND c == 3)"), A.and(a, A.and(b, c)))
  }

  func testNot() {
    let a = A.compare(A.key("a"), .equal, A.int(1))
    let b = A.compare(A.key("b"), .equal, A.int(2))
    XCTAssertEqual(predicate("NOT a == 1 AND b == 2"), A.and(A.not(a), b))
    XCTAssertEqual(predicate("not not a == 1"), A.not(A.not(a)))
    XCTAssertEqual(predicate("! a == 1 || b == 2"), A.or(A.not(a), b))
    XCTAssertEqual(predicate("NOT (a == 1 OR b == 2)"), A.not(A.or(a, b)))
    XCTAssertEqual(predicate("NOT TRUEPREDICATE"), A.not(A.constant(true)))
  }

  func testParenthesizedPredicateVersusParenthesizedExpression() {
    XCTAssertEqual(
      predicate("(rating + 1) > 3"),
      A.compare(A.arithmetic(.add, A.key("rating"), A.int(1)), .greater, A.int(3)))
    XCTAssertEqual(predicate("(rating > 3)"), A.compare(A.key("rating"), .greater, A.int(3)))
    XCTAssertEqual(predicate("((rating)) > (3)"), A.compare(A.key("rating"), .greater, A.int(3)))
    XCTAssertEqual(
      predicate("((rating + 1) * 2) ** 2 >= 3"),
      A.compare(
        A.arithmetic(
          .power, A.arithmetic(.multiply, A.arithmetic(.add, A.key("rating"), A.int(1)), A.int(2)),
          A.int(2)),
        .greaterOrEqual, A.int(3)))
    XCTAssertEqual(
      predicate("(a).b[0] + 1 == 2"),
      A.compare(
        A.arithmetic(.add, A.index(A.key("a", "b"), .at(A.int(0))), A.int(1)), .equal, A.int(2)))
    XCTAssertEqual(predicateError("(a > 1) + 1 > 2"), #"unexpected "+" after the predicate"#)
    XCTAssertEqual(expressionError("((a > 1))"), "expected an expression, found a predicate")
  }

  func testTruePredicateAndFalsePredicate() {
    XCTAssertEqual(predicate("TRUEPREDICATE"), A.constant(true))
    XCTAssertEqual(predicate("falsepredicate"), A.constant(false))
    XCTAssertEqual(
      predicate("TRUEPREDICATE AND FalsePredicate"), A.and(A.constant(true), A.constant(false)))
  }

  func testEveryComparisonOperatorAndAlias() {
    let spellings: [(String, ComparisonOperator)] = [
      ("==", .equal), ("=", .equal), ("!=", .notEqual), ("<>", .notEqual), ("<", .less),
      ("<=", .lessOrEqual), ("=<", .lessOrEqual), (">", .greater), (">=", .greaterOrEqual),
      ("=>", .greaterOrEqual), ("BEGINSWITH", .beginsWith), ("beginswith", .beginsWith),
      ("EndsWith", .endsWith), ("contains", .contains), ("LIKE", .like), ("Matches", .matches),
      ("in", .in), ("between", .between),
    ]
    for (spelling, op) in spellings {
      XCTAssertEqual(predicate("a \(spelling) b"), A.compare(A.key("a"), op, A.key("b")), spelling)
    }
  }

  func testModifiers() {
    let ties = A.key("ties", "rating")
    XCTAssertEqual(
      predicate("ANY ties.rating > 3"), A.compare(ties, .greater, A.int(3), modifier: .any))
    XCTAssertEqual(
      predicate("some ties.rating > 3"), A.compare(ties, .greater, A.int(3), modifier: .any))
    XCTAssertEqual(
      predicate("ALL ties.rating > 3"), A.compare(ties, .greater, A.int(3), modifier: .all))
    XCTAssertEqual(
      predicate("None ties.rating > 3"), A.compare(ties, .greater, A.int(3), modifier: .none))
    XCTAssertEqual(
      predicate("ANY (ties.rating) + 1 > 3"),
      A.compare(A.arithmetic(.add, ties, A.int(1)), .greater, A.int(3), modifier: .any))
    XCTAssertEqual(
      predicateError("ANY ties"),
      "expected a comparison operator after ANY and its key path, found end of input")
  }

  func testStringOptions() {
    let x = A.string("x")
    XCTAssertEqual(
      predicate(#"name CONTAINS[cd] "x""#),
      A.compare(A.key("name"), .contains, x, options: [.caseInsensitive, .diacriticInsensitive]))
    XCTAssertEqual(
      predicate(#"name ==[C] "x""#), A.compare(A.key("name"), .equal, x, options: .caseInsensitive))
    XCTAssertEqual(
      predicate(#"name LIKE[DCNL] "x""#),
      A.compare(
        A.key("name"), .like, x,
        options: [.caseInsensitive, .diacriticInsensitive, .normalized, .localeSensitive]))
    XCTAssertEqual(
      predicate(#"name BEGINSWITH [ d ] "x""#),
      A.compare(A.key("name"), .beginsWith, x, options: .diacriticInsensitive))
    XCTAssertEqual(
      predicateError(#"name ==[x] "x""#),
      #"unknown comparison option "x": use c (case-insensitive), d (diacritic-insensitive), n or l"#
    )
    XCTAssertEqual(
      predicateError(#"name ==[c "x""#), #"expected "]" to close the options opened at 1:8"#)
    XCTAssertEqual(
      predicateError(#"name ==[] "x""#),
      #"expected options such as c, d or cd inside [ ], found "]""#)
  }

  func testInAndBetweenWithAggregates() {
    XCTAssertEqual(
      predicate("x IN {1, 2, 3}"),
      A.compare(A.key("x"), .in, A.aggregate(A.int(1), A.int(2), A.int(3))))
    XCTAssertEqual(
      predicate("x BETWEEN {1, 5}"),
      A.compare(A.key("x"), .between, A.aggregate(A.int(1), A.int(5))))
    XCTAssertEqual(predicate("x IN {}"), A.compare(A.key("x"), .in, A.aggregate()))
    XCTAssertEqual(
      predicate("{1, x} CONTAINS 1"),
      A.compare(A.aggregate(A.int(1), A.key("x")), .contains, A.int(1)))
    XCTAssertEqual(
      statement("fetch T where x IN {\n  1,\n  2\n}"),
      .fetch(
        FetchRequest(
          entity: A.name("T"),
          predicate: A.compare(A.key("x"), .in, A.aggregate(A.int(1), A.int(2))))))
    XCTAssertEqual(expressionError("{1,}"), #"expected a value or key path, found "}""#)
    XCTAssertEqual(
      expressionError("{1, 2"), #"expected "}" to close the "{" at 1:1, found end of input"#)
  }

  func testNotInIsAnError() {
    XCTAssertEqual(
      scriptError(#"fetch BowTie where name NOT IN {"a"}"#),
      #""NOT IN" is not predicate syntax; write NOT (x IN {…}) @ 1:25-1:31"#)
    XCTAssertEqual(
      predicate(#"NOT (name IN {"a"})"#),
      A.not(A.compare(A.key("name"), .in, A.aggregate(A.string("a")))))
  }

  func testMissingRightSideAndUnbalancedParentheses() {
    XCTAssertEqual(
      scriptError("fetch BowTie where rating >"),
      "expected a value or key path, found end of input @ 1:28-1:28")
    XCTAssertEqual(
      scriptError("fetch T where (a > 1"),
      #"expected ")" to close the "(" at 1:15, found end of input @ 1:21-1:21"#)
    XCTAssertEqual(
      scriptError("fetch T where a > 1)"),
      #"unexpected ")" after the statement; end it with a newline or ";" @ 1:20-1:21"#)
    XCTAssertEqual(
      scriptError("fetch T where ((a > 1) AND (b > 2)"),
      #"expected ")" to close the "(" at 1:15, found end of input @ 1:35-1:35"#)
    XCTAssertEqual(
      scriptError("fetch T where ()"), #"expected a value or key path, found ")" @ 1:16-1:17"#)
  }

  /// A missing comparison is pointed at the end of the expression when the text ends there
  /// (the parser used to look at a stale token and never took this branch).
  func testAnExpressionIsNotAPredicate() {
    XCTAssertEqual(
      scriptError("fetch T where NOT rating"),
      "expected a comparison after this expression (for example == or >) @ 1:25-1:25")
    XCTAssertEqual(
      scriptError("fetch T where a == 1 OR rating\nsave"),
      "expected a comparison after this expression (for example == or >) @ 1:31-1:31")
    XCTAssertEqual(
      scriptError("fetch T where rating"),
      "expected a comparison after this expression (for example == or >) @ 1:21-1:21")
    XCTAssertEqual(
      scriptError("fetch T where rating sort by x"),
      "expected a predicate such as rating > 3; found an expression with no comparison @ 1:15-1:21")
    XCTAssertEqual(
      predicateError("TRUE"), "expected a comparison after this expression (for example == or >)")
    XCTAssertEqual(
      predicateError("age * 25"),
      "expected a comparison after this expression (for example == or >)")
    XCTAssertEqual(predicateError("a === 1"), #"expected a value or key path, found "=""#)
    XCTAssertEqual(predicateError(""), "expected a value or key path, found end of input")
    XCTAssertEqual(
      predicateError("a == 1 AND b"),
      "expected a comparison after this expression (for example == or >)")
    XCTAssertEqual(predicateError("a > 1 b"), #"unexpected "b" after the predicate"#)
    XCTAssertEqual(
      predicateError("a ? 1"),
      "expected a predicate such as rating > 3; found an expression with no comparison")
  }

  // MARK: Expressions

  func testArithmeticPrecedenceAndAssociativity() {
    XCTAssertEqual(
      expression("1 + 2 * 3 ** 2"),
      A.arithmetic(
        .add, A.int(1), A.arithmetic(.multiply, A.int(2), A.arithmetic(.power, A.int(3), A.int(2))))
    )
    XCTAssertEqual(
      expression("2 ** 3 ** 2"),
      A.arithmetic(.power, A.arithmetic(.power, A.int(2), A.int(3)), A.int(2)))
    XCTAssertEqual(expression("-2 ** 2"), A.arithmetic(.power, A.int(-2), A.int(2)))
    XCTAssertEqual(
      expression("a - b - c"),
      A.arithmetic(.subtract, A.arithmetic(.subtract, A.key("a"), A.key("b")), A.key("c")))
    XCTAssertEqual(
      expression("a / b * c"),
      A.arithmetic(.multiply, A.arithmetic(.divide, A.key("a"), A.key("b")), A.key("c")))
    XCTAssertEqual(
      expression("(a + b) * c"),
      A.arithmetic(.multiply, A.arithmetic(.add, A.key("a"), A.key("b")), A.key("c")))
  }

  /// Every pair of arithmetic operators groups as the operator table's priorities say: the
  /// tighter first, and of two equal ones the left; after a parenthesized first operand too.
  func testArithmeticGroupsByTheOperatorTable() {
    let rows = BinaryOperator.table.compactMap {
      row -> (String, ArithmeticOperator, BinaryOperator)? in
      guard case .arithmetic(let op) = row.meaning, let spelling = row.punctuation else {
        return nil
      }
      return (spelling.rawValue, op, row)
    }
    XCTAssertEqual(rows.map(\.0), ["|", "^", "&", "<<", ">>", "+", "-", "*", "/", "**"])
    let (a, b, c) = (A.key("a"), A.key("b"), A.key("c"))
    for (first, firstOp, firstRow) in rows {
      for (second, secondOp, secondRow) in rows {
        let expected =
          secondRow.left > firstRow.right
          ? A.arithmetic(firstOp, a, A.arithmetic(secondOp, b, c))
          : A.arithmetic(secondOp, A.arithmetic(firstOp, a, b), c)
        let text = "a \(first) b \(second) c"
        XCTAssertEqual(expression(text), expected, text)
        XCTAssertEqual(
          predicate("(a) \(first) b \(second) c == 1"), A.compare(expected, .equal, A.int(1)), text)
      }
    }
  }

  /// AND and OR come from the same table, in every spelling, and a run of one junction is
  /// one node whichever spellings it mixes.
  func testJunctionsComeFromTheOperatorTable() {
    let p = A.compare(A.key("p"), .equal, A.int(1))
    for row in BinaryOperator.table {
      guard case .junction(let junction) = row.meaning else { continue }
      let spellings = [row.keyword, row.keyword?.lowercased(), row.punctuation?.rawValue]
        .compactMap { $0 }
      XCTAssertEqual(spellings.count, 3, junction.rawValue)
      let text = spellings.map { "p == 1 \($0) " }.joined() + "p == 1"
      let node = PredicateSyntax(junction.node([p, p, p, p]), range: A.noRange)
      XCTAssertEqual(predicate(text), node, text)
    }
    XCTAssertNil(
      BinaryOperator.spelled(by: Token(kind: .escapedIdentifier("AND"), range: A.noRange)))
    // Each language takes only its own operators from the table.
    XCTAssertEqual(predicateError("(p == 1) + 2"), #"unexpected "+" after the predicate"#)
    XCTAssertEqual(expressionError("p AND q"), #"unexpected "AND" after the expression"#)
  }

  func testUnaryMinus() {
    XCTAssertEqual(expression("-3"), A.int(-3))
    XCTAssertEqual(expression("-3.5"), A.double(-3.5))
    XCTAssertEqual(expression("- -3"), A.int(3))
    XCTAssertEqual(expression("-a.b"), A.negate(A.key("a", "b")))
    XCTAssertEqual(expression("-(a)"), A.negate(A.key("a")))
    XCTAssertEqual(expression("-x[0]"), A.negate(A.index(A.key("x"), .at(A.int(0)))))
    XCTAssertEqual(expression("a - -1"), A.arithmetic(.subtract, A.key("a"), A.int(-1)))
    XCTAssertEqual(expression("a --1"), A.key("a"), "-- starts a comment")
  }

  func testLiterals() {
    for text in ["TRUE", "YES", "true", "yes"] {
      XCTAssertEqual(expression(text), A.bool(true), text)
    }
    for text in ["FALSE", "NO", "false", "No"] {
      XCTAssertEqual(expression(text), A.bool(false), text)
    }
    for text in ["nil", "NULL", "Nil"] { XCTAssertEqual(expression(text), A.null, text) }
    XCTAssertEqual(expression("0x2A"), A.int(42))
    XCTAssertEqual(expression("0b101"), A.int(5))
    XCTAssertEqual(expression("1.5"), A.double(1.5))
    XCTAssertEqual(expression("99999999999999999999"), A.double(1e20))
    XCTAssertEqual(expression(#"'it\'s'"#), A.string("it's"))
    XCTAssertEqual(expression("{}"), A.aggregate())
  }

  func testKeyPathsSelfAndVariables() {
    XCTAssertEqual(expression("owner.name"), A.key("owner", "name"))
    XCTAssertEqual(expression("ties.@avg.rating"), A.key("ties", "@avg", "rating"))
    XCTAssertEqual(expression("SELF"), A.selfObject)
    XCTAssertEqual(expression("self.name"), A.key("name"))
    XCTAssertEqual(expression("SELF.@count"), A.key("@count"))
    XCTAssertEqual(expression("#size"), A.key("size"))
    XCTAssertEqual(expression("a.#first.b"), A.key("a", "first", "b"))
    XCTAssertEqual(expression("@count"), A.key("@count"))
    XCTAssertEqual(expression("$x"), A.variable("x"))
    XCTAssertEqual(expression("$x.name.@count"), A.member(A.variable("x"), "name", "@count"))
    XCTAssertEqual(expression("{1, 2}.@count"), A.member(A.aggregate(A.int(1), A.int(2)), "@count"))
  }

  func testIndexSelectors() {
    let tags = A.key("tags")
    XCTAssertEqual(expression("tags[FIRST]"), A.index(tags, .first))
    XCTAssertEqual(expression("tags[last]"), A.index(tags, .last))
    XCTAssertEqual(expression("tags[Size]"), A.index(tags, .size))
    XCTAssertEqual(
      expression("tags[1 + 1]"), A.index(tags, .at(A.arithmetic(.add, A.int(1), A.int(1)))))
    XCTAssertEqual(expression("{1, 2}[0]"), A.index(A.aggregate(A.int(1), A.int(2)), .at(A.int(0))))
    XCTAssertEqual(
      expression("a[0][1]"), A.index(A.index(A.key("a"), .at(A.int(0))), .at(A.int(1))))
    XCTAssertEqual(expression("a[0].b"), A.member(A.index(A.key("a"), .at(A.int(0))), "b"))
    XCTAssertEqual(expressionError("a[1"), #"expected "]" to close the index, found end of input"#)
    XCTAssertEqual(expressionError("a[FIRST + 1]"), #"expected "]" to close the index, found "+""#)
  }

  func testCast() {
    XCTAssertEqual(expression(#"CAST(0, "NSDate")"#), A.cast(A.int(0), "NSDate"))
    XCTAssertEqual(
      expression(#"cast('2024-01-31', 'NSDate') + 1"#),
      A.arithmetic(.add, A.cast(A.string("2024-01-31"), "NSDate"), A.int(1)))
    XCTAssertEqual(
      expressionError("CAST(1)"), #"expected "," between CAST's value and its type name, found ")""#
    )
    XCTAssertEqual(
      expressionError("CAST(1, NSDate)"),
      #"expected a type name in quotes, such as "NSDate", found "NSDate""#)
    XCTAssertEqual(expressionError("CAST 1"), #"expected "(" after CAST, found 1"#)
  }

  /// `TERNARY(condition, a, b)`; like FUNCTION, TERNARY is a keyword only before a "(", so
  /// a key spelt `ternary` needs no `#`.
  func testTernary() {
    XCTAssertEqual(
      expression("TERNARY(a > 1, 'x', b + 1)"),
      A.ternary(
        A.compare(A.key("a"), .greater, A.int(1)), A.string("x"),
        A.arithmetic(.add, A.key("b"), A.int(1))))
    XCTAssertEqual(
      expression("ternary(a == 1 OR NOT b == 2, {1}, nil)[0]"),
      A.index(
        A.ternary(
          A.or(
            A.compare(A.key("a"), .equal, A.int(1)),
            A.not(A.compare(A.key("b"), .equal, A.int(2)))),
          A.aggregate(A.int(1)), A.null),
        .at(A.int(0))))
    XCTAssertEqual(
      expression("ternary + Ternary.TERNARY"),
      A.arithmetic(.add, A.key("ternary"), A.key("Ternary", "TERNARY")),
      "TERNARY is no reserved word: without a \"(\" it is a key")
    XCTAssertEqual(
      predicate("ternary == TERNARY(ternary > 1, ternary, 0)"),
      A.compare(
        A.key("ternary"), .equal,
        A.ternary(A.compare(A.key("ternary"), .greater, A.int(1)), A.key("ternary"), A.int(0))))
    XCTAssertEqual(
      expressionError("TERNARY(a, 1, 2)"),
      "expected a predicate such as rating > 3; found an expression with no comparison")
    XCTAssertEqual(
      expressionError("TERNARY(a > 1, 1)"),
      #"expected "," between TERNARY's two values, found ")""#)
    XCTAssertEqual(
      expressionError("TERNARY(a > 1, 1, 2"), #"expected ")" to close TERNARY, found end of input"#)
  }

  func testSubquery() {
    XCTAssertEqual(
      predicate("SUBQUERY(ties, $t, $t.rating > 3 AND $t.name != nil).@count > 0"),
      A.compare(
        A.member(
          A.subquery(
            A.key("ties"), "t",
            A.and(
              A.compare(A.member(A.variable("t"), "rating"), .greater, A.int(3)),
              A.compare(A.member(A.variable("t"), "name"), .notEqual, A.null))),
          "@count"),
        .greater, A.int(0)))
    XCTAssertEqual(
      expressionError("SUBQUERY(ties, t, t > 1)"),
      #"expected a variable such as $x for SUBQUERY's elements, found "t""#)
    XCTAssertEqual(
      expressionError("SUBQUERY(ties, $t, $t)"),
      "expected a predicate such as rating > 3; found an expression with no comparison")
  }

  func testFunctionCalls() {
    XCTAssertEqual(expression("now()"), A.function("now"))
    XCTAssertEqual(expression("uppercase(name)"), A.function("uppercase", A.key("name")))
    XCTAssertEqual(expression("max({1, 2})"), A.function("max", A.aggregate(A.int(1), A.int(2))))
    XCTAssertEqual(expression("abs(-x)"), A.function("abs", A.negate(A.key("x"))))
    XCTAssertEqual(expressionError("f(a, b + 1)(2)"), #"unexpected "(" after the expression"#)
    XCTAssertEqual(expression("NOW()"), A.function("NOW"))
    XCTAssertEqual(expression("count(x).@sum"), A.member(A.function("count", A.key("x")), "@sum"))
    XCTAssertEqual(
      expressionError("f(1, 2"), #"expected ")" to close the arguments of f(), found end of input"#)
  }

  /// `FUNCTION(receiver, 'selector:', arguments…)` keeps its spelling in the tree, so it
  /// prints back as written; its keyword is case-insensitive and needs a quoted selector.
  func testFunctionExpression() {
    XCTAssertEqual(expression("FUNCTION(x, 'sqrt:')"), A.invocation(A.key("x"), "sqrt:"))
    XCTAssertEqual(
      expression(#"function(rating, "raise:toPower:", 1 + 1)"#),
      A.invocation(A.key("rating"), "raise:toPower:", A.arithmetic(.add, A.int(1), A.int(1))))
    XCTAssertEqual(expression("Function(SELF, 'now')"), A.invocation(A.selfObject, "now"))
    XCTAssertEqual(
      expression("FUNCTION({1, 2}, 'sum:').@count"),
      A.member(A.invocation(A.aggregate(A.int(1), A.int(2)), "sum:"), "@count"))
    XCTAssertNotEqual(
      expression("FUNCTION(x, 'sqrt:')"), A.function("sqrt:", A.key("x")),
      "FUNCTION is not the selector form it means")
    XCTAssertEqual(
      expression("function + FUNCTION"),
      A.arithmetic(.add, A.key("function"), A.key("FUNCTION")),
      "FUNCTION is no reserved word: without a \"(\" it is a key")
    XCTAssertEqual(
      expressionError("FUNCTION(x, sqrt)"),
      #"expected FUNCTION's selector in quotes, such as 'sqrt:', found "sqrt""#)
    XCTAssertEqual(
      expressionError("FUNCTION(x)"), #"expected "," after FUNCTION's receiver, found ")""#)
    XCTAssertEqual(
      expressionError("FUNCTION(x, 'sqrt:', )"), #"expected a value or key path, found ")""#)
    XCTAssertEqual(
      expressionError("FUNCTION(x, 'sqrt:'"),
      #"expected ")" to close FUNCTION, found end of input"#)
    XCTAssertEqual(
      scriptError("fetch T where FUNCTION(x, $s) == 1"),
      #"expected FUNCTION's selector in quotes, such as 'sqrt:', found $s @ 1:27-1:29"#)
  }

  // MARK: Reserved words

  func testReservedWordsNeedAHash() {
    XCTAssertEqual(
      scriptError("fetch T where size == 1"),
      #""size" is a reserved word; write #size to use it as a name @ 1:15-1:19"#)
    XCTAssertEqual(
      statement("set first = 1"), .set([A.assign("first", A.int(1))]),
      "where only a name can stand, a reserved word is a name")
    XCTAssertEqual(
      statement("entity E { contains: String }"),
      .entity(
        EntityDefinition(
          name: A.name("E"),
          properties: [
            PropertyDefinition(
              name: A.name("contains"), typeName: A.name("String"), isOptional: false, modifiers: []
            )
          ])))
    XCTAssertEqual(
      scriptError("fetch T sort by #a.last"),
      #""last" is a reserved word; write #last to use it as a name @ 1:20-1:24"#)
    XCTAssertEqual(
      statement("fetch #SELF where #size == 1 sort by #in"),
      .fetch(
        FetchRequest(
          entity: A.name("SELF"), predicate: A.compare(A.key("size"), .equal, A.int(1)),
          sort: [SortKey(key: A.key("in"), ascending: true)])))
    XCTAssertEqual(
      statement("entity E { #contains: String }"),
      .entity(
        EntityDefinition(
          name: A.name("E"),
          properties: [
            PropertyDefinition(
              name: A.name("contains"), typeName: A.name("String"), transformer: nil,
              isOptional: false,
              modifiers: [])
          ])))
  }

  /// A reserved word is not a function name: `FIRST(x)` and `TRUEPREDICATE(1)` used to parse
  /// as calls of unknown functions, so `a[FIRST(x)]` and a leading `TRUEPREDICATE(1)` parsed
  /// differently from the same call elsewhere.
  func testReservedWordsAreNotFunctionNames() {
    XCTAssertEqual(
      expressionError("FIRST(x)"), #""FIRST" is a reserved word; write #FIRST to use it as a name"#)
    XCTAssertEqual(
      expressionError("and(1)"), #""and" is a reserved word; write #and to use it as a name"#)
    XCTAssertEqual(
      predicateError("a == TRUEPREDICATE(1)"),
      #""TRUEPREDICATE" is a reserved word; write #TRUEPREDICATE to use it as a name"#)
    XCTAssertEqual(predicateError("TRUEPREDICATE(1) == 1"), #"unexpected "(" after the predicate"#)
    XCTAssertEqual(
      predicate("ANY(x) > 1"), A.compare(A.key("x"), .greater, A.int(1), modifier: .any),
      "ANY stays a modifier")
  }

  // MARK: Hostile input

  /// Parsing `text` fails with `message`, in reasonable time.
  private func assertParseError(
    _ text: String, _ message: String, _ label: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let start = Date()
    XCTAssertThrowsError(try Parser.parseScript(text), label, file: file, line: line) { error in
      XCTAssertEqual((error as? LanguageError)?.message, message, label, file: file, line: line)
    }
    // Generous: this guards against quadratic or exponential work, not for speed.
    XCTAssertLessThan(Date().timeIntervalSince(start), 20, label, file: file, line: line)
  }

  private func assertNestingError(
    _ text: String, _ label: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    assertParseError(
      text, "nesting is deeper than \(Parser.maximumDepth) levels", label, file: file, line: line)
  }

  func testDeepParenthesesAndNotsThrowANestingError() {
    assertNestingError("fetch T where " + String(repeating: "(", count: 100_000), "(")
    assertNestingError(
      "fetch T where " + String(repeating: "NOT ", count: 100_000) + "a == 1", "NOT")
    assertNestingError("fetch T where " + String(repeating: "! ", count: 100_000) + "a == 1", "!")
  }

  /// Long repetitions of the forms that do not nest end in their own error where the
  /// repetition starts.
  func testLongRepetitionsOfOtherFormsEndInTheirOwnError() {
    let n = 100_000
    assertParseError(
      "fetch T where " + String(repeating: "$x := ", count: n) + "1",
      "assignment expressions ($x := …) are not supported; give $x its value as a "
        + "substitution variable",
      ":=")
    assertParseError(
      "fetch T where " + String(repeating: "ANY ", count: n) + "a == 1",
      #""ANY" is a reserved word; write #ANY to use it as a name"#, "ANY")
    assertParseError(
      "fetch T where ALL " + String(repeating: "NONE ", count: n) + "a == 1",
      #""NONE" is a reserved word; write #NONE to use it as a name"#, "ALL NONE")
    assertParseError(
      "fetch T where a" + String(repeating: " BETWEEN {1, 2}", count: n),
      #"unexpected "BETWEEN" after the statement; end it with a newline or ";""#, "BETWEEN")
    assertParseError(
      "fetch T where a" + String(repeating: " IN b", count: n),
      #"unexpected "IN" after the statement; end it with a newline or ";""#, "IN")
    assertParseError(
      "fetch T where " + String(repeating: "a == 1 OR ", count: n),
      "expected a value or key path, found end of input", "unfinished OR")
  }

  /// Function calls, CAST, SUBQUERY, TERNARY, index brackets, explain, operator chains and
  /// key paths (which the binder follows one node per key) used to recurse without a limit
  /// and overflow the stack on input like this.
  func testEveryFormOfNestingIsBounded() {
    let n = 100_000
    assertNestingError(
      "fetch T where a == " + String(repeating: "- ", count: n) + "1", "unary minus")
    assertNestingError("fetch T where a IN " + String(repeating: "{", count: n), "{")
    assertNestingError("fetch T where a == " + String(repeating: "f(", count: n), "f(")
    assertNestingError("fetch T where a == " + String(repeating: "CAST(", count: n), "CAST(")
    assertNestingError(
      "fetch T where a == " + String(repeating: "SUBQUERY(", count: n), "SUBQUERY(")
    assertNestingError(
      "fetch T where a == " + String(repeating: "FUNCTION(", count: n), "FUNCTION(")
    assertNestingError(
      "fetch T where a == " + String(repeating: "TERNARY(", count: n), "TERNARY(")
    assertNestingError(
      "fetch T where a == " + String(repeating: "TERNARY(a > 1, ", count: n), "TERNARY(…,")
    assertNestingError("fetch T where a == b" + String(repeating: "[b", count: n), "[")
    assertNestingError(String(repeating: "explain ", count: n) + "save", "explain")
    assertNestingError("fetch T where a == 1" + String(repeating: " + 1", count: n), "+ chain")
    assertNestingError("fetch T where a == 1" + String(repeating: " * 1", count: n), "* chain")
    assertNestingError("fetch T where a == 1" + String(repeating: " ** 1", count: n), "** chain")
    assertNestingError("fetch T where a == b" + String(repeating: "[0]", count: n), "index chain")
    assertNestingError(
      "fetch T where a == f(x)" + String(repeating: ".a[0]", count: n), "member chain")
    assertNestingError("fetch T where a" + String(repeating: ".a", count: n) + " == 1", "key path")
    assertNestingError(
      "fetch T where a" + String(repeating: ".@distinctUnionOfObjects", count: n) + " == 1",
      "collection operators")
    assertNestingError(
      "fetch T where SELF" + String(repeating: ".a", count: n) + " == 1", "key path from SELF")
    assertNestingError(
      "fetch T where f(x)" + String(repeating: ".a", count: n) + " == 1", "member key path")
    // Chains nested in parentheses: each level is short, the tree is deep.
    var nested = "1"
    for _ in 0..<100 { nested = "(" + nested + String(repeating: " + 1", count: 100) + ")" }
    assertNestingError("fetch T where a == " + nested, "nested chains")
  }

  func testNestingUpToTheLimitParses() {
    let depth = Parser.maximumDepth
    XCTAssertNoThrow(
      try Parser.parseScript(
        "fetch T where " + String(repeating: "(", count: depth) + "a == 1"
          + String(repeating: ")", count: depth)))
    assertNestingError(
      "fetch T where " + String(repeating: "(", count: depth + 1) + "a == 1"
        + String(repeating: ")", count: depth + 1),
      "one level too deep")
    XCTAssertNoThrow(
      try Parser.parseScript("fetch T where a == 1" + String(repeating: " + 1", count: depth - 1)))
    assertNestingError(
      "fetch T where a == 1" + String(repeating: " + 1", count: depth), "one link too long")
    XCTAssertNoThrow(
      try Parser.parseScript("fetch T where a == b" + String(repeating: "[0]", count: depth - 1)))
    let keyPath = { (keys: Int) in Array(repeating: "a", count: keys).joined(separator: ".") }
    XCTAssertNoThrow(try Parser.parseScript("fetch T where \(keyPath(depth)) == 1"))
    XCTAssertNoThrow(try Parser.parseScript("fetch T where SELF.\(keyPath(depth)) == 1"))
    assertNestingError("fetch T where \(keyPath(depth + 1)) == 1", "one key too many")
  }

  /// What the parser allows, the later passes (binding, evaluation, formatting) handle
  /// without running out of stack.
  func testTheDeepestAcceptedTreesBindAndEvaluate() throws {
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory,
      clock: { Date(timeIntervalSinceReferenceDate: 0) })
    _ = try interpreter.run("entity T { n: Int64 }\ninsert T n = 1")
    let depth = Parser.maximumDepth
    let chain = "n" + String(repeating: " + 1", count: depth - 1)
    let text =
      "fetch T where " + String(repeating: "(", count: depth - 1) + chain + " > 1"
      + String(repeating: ")", count: depth - 1)
    let results = try interpreter.run(text)
    guard case .objects(let found) = results.first else { return XCTFail("\(results)") }
    XCTAssertEqual(found.rows, [[.int(1)]])
    let predicate = try Parser.parsePredicate("NOT " + chain + " > 1")
    XCTAssertEqual(try Parser.parsePredicate(PredicateFormatter.format(predicate)), predicate)
    // Nesting and chains are bounded apart, so the tallest tree is a chain as long as
    // allowed in calls nested as deep as allowed: about twice the limit.
    let tallest =
      String(repeating: "abs(", count: depth - 1) + chain + String(repeating: ")", count: depth - 1)
      + " > 1"
    let tallResults = try interpreter.run("fetch T where " + tallest)
    guard case .objects(let tallFound) = tallResults.first else {
      return XCTFail("\(tallResults)")
    }
    XCTAssertEqual(tallFound.rows, [[.int(1)]])
    XCTAssertFalse(PredicateFormatter.format(try Parser.parsePredicate(tallest)).isEmpty)
  }

  /// Every recursive form, nested 200 deep: each binds, evaluates and prints without
  /// running out of stack, and at a depth whose printed form (which adds parentheses, as
  /// in `NOT (NOT …)` and `(a + b) + c`) stays within the limit, parses back the same.
  func testEachFormNestedDeepBindsEvaluatesAndPrints() throws {
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory,
      clock: { Date(timeIntervalSinceReferenceDate: 0) })
    _ = try interpreter.run(
      """
      entity N { v: Int64\n next: N? inverse previous\n previous: N? inverse next }
      insert N v = 1
      fetch N
      set next = N where v == 1
      """)
    func repeated(_ text: String, _ count: Int) -> String {
      String(repeating: text, count: count)
    }
    // Each true of the one object, whose v is 1 and whose next is itself, at an even depth.
    let forms: [(String, (Int) -> String)] = [
      ("parentheses", { repeated("(", $0) + "v == 1" + repeated(")", $0) }),
      ("AND in parentheses", { repeated("(v == 1 AND ", $0) + "v == 1" + repeated(")", $0) }),
      ("NOT", { repeated("NOT ", $0) + "v == 1" }),
      ("unary minus", { "v == " + repeated("- ", $0) + "v" }),
      (
        "braces",
        {
          repeated("{", $0) + "v" + repeated("}", $0) + " == " + repeated("{", $0) + "1"
            + repeated("}", $0)
        }
      ),
      ("function calls", { repeated("abs(", $0) + "v" + repeated(")", $0) + " == 1" }),
      ("selector form", { repeated("abs:(", $0) + "v" + repeated(")", $0) + " == 1" }),
      ("FUNCTION", { repeated("FUNCTION(", $0) + "v" + repeated(", 'abs:')", $0) + " == 1" }),
      ("CAST", { repeated("CAST(", $0) + "v" + repeated(", 'NSNumber')", $0) + " == 1" }),
      (
        "TERNARY's values",
        { repeated("TERNARY(v == 1, ", $0) + "1" + repeated(", 0)", $0) + " == 1" }
      ),
      (
        "TERNARY's condition",
        { repeated("TERNARY(", $0) + "v == 1" + repeated(", 1, 0) == 1", $0) }
      ),
      (
        "SUBQUERY's collection",
        {
          repeated("SUBQUERY(", $0) + "{v}" + repeated(", $x, $x == 1)", $0) + "[SIZE] == 1"
        }
      ),
      (
        "SUBQUERY's predicate",
        {
          repeated("SUBQUERY({v}, $x, ", $0) + "$x == 1" + repeated(") == {1}", $0)
        }
      ),
      ("brackets", { repeated("{v, v}[", $0) + "0" + repeated("]", $0) + " == 1" }),
      (
        "index chain",
        { repeated("{", $0 / 2) + "v" + repeated("}", $0 / 2) + repeated("[0]", $0 / 2) + " == 1" }
      ),
      ("key path", { repeated("next.", $0) + "v == 1" }),
      ("member key path", { "TERNARY(v == 1, SELF, SELF)" + repeated(".next", $0) + ".v == 1" }),
      ("collection operators", { "{v}" + repeated(".@distinctUnionOfObjects", $0) + " == {1}" }),
      ("+ chain", { "v" + repeated(" + 0", $0) + " == 1" }),
      ("* chain", { "v" + repeated(" * 1", $0) + " == 1" }),
      ("** chain", { "v" + repeated(" ** 1", $0) + " == 1" }),
      ("ANY", { "ANY {" + repeated("abs(", $0) + "v" + repeated(")", $0) + "} == 1" }),
      ("BETWEEN", { "v BETWEEN {" + repeated("abs(", $0) + "v" + repeated(")", $0) + ", 1}" }),
      ("IN", { "v IN {" + repeated("abs(", $0) + "v" + repeated(")", $0) + "}" }),
    ]
    for (label, form) in forms {
      do {
        let deep = form(200)
        let results = try interpreter.run("fetch N where " + deep)
        guard case .objects(let found) = results.first else {
          XCTFail("\(label): \(results)")
          continue
        }
        XCTAssertEqual(found.rows.count, 1, label)
        XCTAssertFalse(PredicateFormatter.format(try Parser.parsePredicate(deep)).isEmpty, label)
        let shallower = try Parser.parsePredicate(form(100))
        XCTAssertEqual(
          try Parser.parsePredicate(PredicateFormatter.format(shallower)), shallower, label)
      } catch {
        XCTFail("\(label): \(error)")
      }
    }
  }

  /// A long AND, OR or aggregate is one flat node: with tens of thousands of operands it
  /// binds, evaluates and prints without running out of stack. (Compiling AND and OR into
  /// one closure per operand, each calling the next, used to overflow it.)
  func testLongFlatListsBindEvaluateAndPrint() throws {
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory,
      clock: { Date(timeIntervalSinceReferenceDate: 0) })
    _ = try interpreter.run("entity T { n: Int64 }\ninsert T n = 1")
    // Enough to overflow the stack of a test run one frame per operand; few enough for a
    // debug build to parse quickly. Each predicate is written as it prints.
    let n = 30_000
    func list(_ term: String, _ last: String, separator: String) -> String {
      (Array(repeating: term, count: n - 1) + [last]).joined(separator: separator)
    }
    let predicates = [
      "OR": list("n == 2", "n == 1", separator: " OR "),
      "AND": list("n >= 1", "n < 2", separator: " AND "),
      "AND in OR": list("(n == 1 AND n == 2)", "(n == 1 AND n > 0)", separator: " OR "),
      "IN": "n IN {" + list("n + 1", "n", separator: ", ") + "}",
    ]
    for (label, text) in predicates {
      let results = try interpreter.run("fetch T where " + text)
      guard case .objects(let found) = results.first else { return XCTFail("\(label): \(results)") }
      XCTAssertEqual(found.rows, [[.int(1)]], label)
      XCTAssertEqual(PredicateFormatter.format(try Parser.parsePredicate(text)), text, label)
    }
  }
}

/// What SQL's habits are told: how bowq writes the same thing, at the place of the habit.
final class SQLHabitTests: XCTestCase {
  private func error(_ text: String) -> String {
    do {
      _ = try Parser.parseScript(text)
      return "parsed"
    } catch {
      return "\(error.range.start): \(error.message)"
    }
  }

  func testEachHabitGetsHowBowqWritesIt() {
    let cases: [(String, String)] = [
      (#"count T where k IN ["R", "G"]"#, #"1:20: a list is written in braces: IN {"R", "G"}"#),
      (#"count T where k IN ("R", 2)"#, #"1:20: a list is written in braces: IN {"R", 2}"#),
      ("fetch T order by name", "1:9: bowq writes sort by: sort by name, rating desc"),
      ("delete from T where a > 1", #"1:8: bowq writes delete T, without "from""#),
      ("insert into T a = 1", #"1:8: bowq writes insert T, without "into""#),
      (
        "select * from BowTie",
        "1:1: SQL's SELECT is a fetch in bowq: fetch BowTie select name where …, "
          + "or fetch BowTie for whole objects"
      ),
      (
        "update T set a = 1 where b > 2",
        "1:20: the where clause comes before set: update Entity where … set key = value"
      ),
      (
        "fetch T offset 2 limit 3",
        #"1:18: "limit" comes too late: a fetch's clauses go in the order "#
          + "select, where, group by, having, sort by, limit, offset"
      ),
      (
        "explain fetch T where a > 1 select a",
        #"1:29: "select" comes too late: a fetch's clauses go in the order "#
          + "select, where, group by, having, sort by, limit, offset"
      ),
      (
        "count T where timesWorn % 2 == 0",
        "1:25: predicates have no % operator: the remainder is modulus:by:(timesWorn, 2)"
      ),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(error(text), expected, text)
    }
  }

  func testValidStatementsThatLookLikeHabitsStillParse() {
    for text in [
      #"count T where k IN ("R")"#, #"count T where k IN[c] {"r"}"#,
      "fetch T where from == 1", "insert T into = 2", "count T where modulus:by:(a, 2) == 0",
    ] {
      XCTAssertEqual(error(text), "parsed", text)
    }
  }
}
