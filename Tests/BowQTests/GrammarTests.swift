import Foundation
import XCTest

@testable import BowQ

/// Keeps `Grammar/bowq.ebnf` true: it must read as EBNF, name every keyword the parser
/// knows, and accept exactly what the parser accepts (checked on a table of samples and on
/// every script in `Examples/`).
final class GrammarTests: XCTestCase {
  /// The package root, three levels above this file (Tests/BowQTests/GrammarTests.swift).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let grammarURL = packageRoot.appendingPathComponent("Grammar/bowq.ebnf")

  /// Where derivations start: a script, a predicate or expression on its own, and the
  /// character-level description of the source text.
  static let startSymbols = ["script", "predicate_text", "expression_text", "SOURCE"]

  static func loadGrammar() throws -> EBNFGrammar {
    try EBNFGrammar(parsing: String(contentsOf: grammarURL, encoding: .utf8))
  }

  // MARK: The grammar itself

  func testGrammarReadsAsEBNF() throws {
    let grammar = try Self.loadGrammar()
    XCTAssertGreaterThan(grammar.productions.count, 40)
    for start in Self.startSymbols {
      XCTAssertNotNil(grammar.rules[start], "the grammar has no \(start) production")
    }
  }

  func testTheEBNFReaderRejectsBrokenGrammars() {
    for broken in [
      "a = \"x\"", "a = ;", "a = [ \"x\" ;", "a = \"x\" ; a = \"y\" ;", "(* open", "a = 'x ;",
      "= \"x\" ;", "a = \"x\" | ;",
    ] {
      XCTAssertThrowsError(try EBNFGrammar(parsing: broken), broken)
    }
    XCTAssertEqual(
      try EBNFGrammar(parsing: "(* (* nested *) *) a = \"x\", [ b ] - \"y\" | { ? U+0041 ? } ;")
        .rules["a"],
      .choice([
        .sequence([.terminal("x"), .except(.optional(.nonterminal("b")), .terminal("y"))]),
        .repetition(.special("U+0041")),
      ]))
  }

  func testEveryNonterminalUsedIsDefined() throws {
    let grammar = try Self.loadGrammar()
    for production in grammar.productions {
      for name in EBNFGrammar.references(production.body).sorted() where grammar.rules[name] == nil
      {
        XCTFail("\(production.name) (line \(production.line)) uses \(name), which is not defined")
      }
    }
  }

  func testEveryProductionIsReachable() throws {
    let grammar = try Self.loadGrammar()
    let reachable = grammar.reachable(from: Self.startSymbols)
    for production in grammar.productions where !reachable.contains(production.name) {
      XCTFail("\(production.name) (line \(production.line)) is never used")
    }
  }

  func testLexicalProductionsUseOnlyLexicalProductions() throws {
    let grammar = try Self.loadGrammar()
    for production in grammar.productions where GrammarChecker.isLexical(production.name) {
      for name in EBNFGrammar.references(production.body) where !GrammarChecker.isLexical(name) {
        XCTFail("the lexical production \(production.name) uses the syntactic \(name)")
      }
    }
  }

  func testEverySpecialSequenceIsKnown() throws {
    let grammar = try Self.loadGrammar()
    for production in grammar.productions {
      EBNFGrammar.walk(production.body) { node in
        if case .special(let text) = node {
          XCTAssertNotNil(GrammarChecker.scalarClass(text), "unknown special sequence ? \(text) ?")
        }
      }
    }
  }

  // MARK: The parser's words are in the grammar

  /// Terminals of the syntactic productions, which are matched case-insensitively.
  private func syntaxTerminals(_ grammar: EBNFGrammar) -> Set<String> {
    var terminals: Set<String> = []
    for production in grammar.productions where !GrammarChecker.isLexical(production.name) {
      terminals.formUnion(EBNFGrammar.terminals(production.body))
    }
    return terminals
  }

  func testEveryStatementWordIsInTheGrammar() throws {
    let terminals = Set(syntaxTerminals(try Self.loadGrammar()).map { $0.lowercased() })
    XCTAssertEqual(Parser.statementWords.count, 18)
    for word in Parser.statementWords {
      XCTAssertTrue(terminals.contains(word.lowercased()), "statement word \(word)")
    }
    for word in Parser.propertyModifierWords {
      XCTAssertTrue(terminals.contains(word.lowercased()), "attribute rule \(word)")
    }
    for word in [
      "where", "sort", "by", "asc", "ascending", "desc", "descending", "limit", "offset", "into",
    ] {
      XCTAssertTrue(terminals.contains(word), "clause word \(word)")
    }
  }

  func testTheReservedWordsAreExactlyTheParsers() throws {
    let grammar = try Self.loadGrammar()
    let reserved = try XCTUnwrap(grammar.rules["reserved_word"])
    XCTAssertEqual(Set(EBNFGrammar.terminals(reserved).map { $0.uppercased() }), ReservedWords.all)
    let terminals = Set(syntaxTerminals(grammar).map { $0.uppercased() })
    for word in ReservedWords.all {
      XCTAssertTrue(terminals.contains(word), "reserved word \(word)")
    }
  }

  func testTheComparisonOperatorsAreExactlyTheParsers() throws {
    let grammar = try Self.loadGrammar()
    let operators = try XCTUnwrap(grammar.rules["comparison_operator"])
    XCTAssertEqual(
      Set(EBNFGrammar.terminals(operators).map { $0.uppercased() }),
      Set(ComparisonOperator.allCases.map(\.rawValue)).union(["=", "<>", "=<", "=>"]))
    for alias in ["=", "<>", "=<", "=>"] {
      XCTAssertNoThrow(try Parser.parsePredicate("a \(alias) 1"), alias)
    }
  }

  func testTheBuiltinTypesAreExactlyTheModels() throws {
    let grammar = try Self.loadGrammar()
    let types = try XCTUnwrap(grammar.rules["builtin_type"])
    XCTAssertEqual(
      EBNFGrammar.terminals(types), Set(AttributeType.simpleTypes.keys).union(["Transformable"]))
    XCTAssertTrue(
      EBNFGrammar.terminals(try XCTUnwrap(grammar.rules["transformer_name"])).contains("Color"))
  }

  func testEveryPunctuationIsAToken() throws {
    let checker = GrammarChecker(grammar: try Self.loadGrammar())
    for p in Punctuation.allCases {
      XCTAssertTrue(checker.spells("PUNCTUATOR", p.rawValue), p.rawValue)
    }
    for alias in ["<>", "=<", "=>"] {
      XCTAssertTrue(checker.spells("PUNCTUATOR", alias), alias)
    }
    XCTAssertFalse(checker.spells("PUNCTUATOR", "`"))
    XCTAssertFalse(checker.spells("PUNCTUATOR", "--"))
  }

  func testTheLexicalRulesSpellTokens() throws {
    let checker = GrammarChecker(grammar: try Self.loadGrammar())
    let spelt: [(String, String, Bool)] = [
      ("IDENTIFIER", "rating", true), ("IDENTIFIER", "_x9", true), ("IDENTIFIER", "Straße", true),
      ("IDENTIFIER", "9x", false), ("IDENTIFIER", "a-b", false),
      ("ESCAPED_NAME", "#size", true), ("ESCAPED_NAME", "#9", false),
      ("VARIABLE", "$1", true), ("VARIABLE", "$x_2", true), ("VARIABLE", "$", false),
      ("COLLECTION_OPERATOR", "@count", true), ("COLLECTION_OPERATOR", "@1", false),
      ("INTEGER", "1_000", true), ("INTEGER", "0x2A", true), ("INTEGER", "0X_ff", true),
      ("INTEGER", "0o17", true), ("INTEGER", "0b1010", true), ("INTEGER", "0b12", false),
      ("INTEGER", "0x", false), ("INTEGER", "1.5", false),
      ("REAL", "1.5", true), ("REAL", "9.2e-5", true), ("REAL", "1e2", true),
      ("REAL", "1E+2", true),
      ("REAL", "1.", false), ("REAL", ".5", false), ("REAL", "1e", false),
      ("STRING", #""a\"b""#, true), ("STRING", #"'it\'s'"#, true),
      ("STRING", #""\u00e9\u{1F600}""#, true),
      ("STRING", "\"line\nbreak\"", true), ("STRING", #""\q""#, false),
      ("STRING", #""open"#, false),
      ("STRING", #""\u{123456789}""#, false), ("STRING", "'\"'", true),
      ("OPTION_LETTERS", "cd", true), ("OPTION_LETTERS", "DCnl", true),
      ("OPTION_LETTERS", "x", false),
      ("COMMENT", "-- note", true), ("SHEBANG_LINE", "#!/usr/bin/env bowq", true),
    ]
    for (production, text, expected) in spelt {
      XCTAssertEqual(checker.spells(production, text), expected, "\(production) \(text)")
    }
  }

  // MARK: Grammar and parser agree

  /// Statements the parser accepts; the grammar must derive each.
  static let accepted: [String] = [
    "fetch T where flags & 4 == 0 AND a | b ^ c << 1 >> 2 != ~d",
    "entity Person { name: String unique, ties: [BowTie] inverse owner delete cascade min 1 max 5 }",
    "entity BowTie { owner: Person? inverse ties, title: String renamed from name }",
    "entity T { a: Int16, b: String\n unique (a, b)\n check a > 0 OR b != nil else \"a or b\" }",
    "update BowTie where rating > 3 set owner = Person where name == \"Ann\", tags += Tag where TRUEPREDICATE",
    "set ties -= BowTie where searchKey == \"R\", owner = nil",
    "fetch BowTie select distinct searchKey, count() as n, avg(rating) where rating > 1 group by searchKey having n > 1 sort by n desc localizedStandard limit 3",
    "import model \"App.xcdatamodeld\"",
    "export BowTie where isFavorite == YES to \"ties.json\" as json",
    "count T where TERNARY(a > 1, b, c) == modulus:by:(a, 2) AND sqrt:(a) > 1",
    "entity BowTie {\n  name: String\n  rating: Double min 0 max 5 default 0\n  tintColor: Transformable(Color)?\n}",
    "entity Person { name: String unique, photo: Binary? external, code: String matches \"^[A-Z]+$\" }",
    "ENTITY E { a: Int32 DEFAULT 1 MinLength 2 MAXLENGTH 3 , }",
    "entity Empty {}",
    "import \"SampleData.plist\" into BowTie",
    "fetch BowTie",
    "fetch BowTie where searchKey == \"R\"",
    "fetch BowTie where rating > 3 and name contains[c] \"blue\" sort by rating desc, owner.name limit 3 offset 0x1",
    "count BowTie where isFavorite == YES",
    "set rating = 4",
    "set timesWorn = timesWorn + 1, lastWorn = now()",
    "insert BowTie name = \"Polka\", searchKey = \"P\", rating = 3.5",
    "insert BowTie",
    "update BowTie where timesWorn == 0 set isFavorite = NO",
    "update BowTie set rating == 1",
    "delete BowTie where rating < 1",
    "save; rollback; undo\nredo; changes; validate;;",
    "explain fetch BowTie where rating BETWEEN {1, 3}",
    "explain explain count BowTie",
    "explain analyze fetch BowTie where rating > 3 sort by rating desc limit 2",
    "why BowTie/p3 where rating > 3 AND name CONTAINS[c] \"blue\"",
    "why not BowTie/p5; why; why where rating > 4; WHY NOT #BowTie/p0",
    "show BowTie/p3; show; SHOW BowTie; show BowTie where rating > 3",
    "fetch T where (rating + 1) * 2 > 3 OR NOT (name BEGINSWITH[cd] 'a' && ! name ENDSWITH \"z\")",
    "fetch T where ANY tags.name LIKE[c] \"*x?\" AND ALL scores.@max >= -1.5e3",
    "fetch T where NONE $list IN {1, 2,\n 3} || SOME x =< 0b1010_1010",
    "fetch T where SUBQUERY(ties, $t, $t.rating > 3).@count > 0",
    "fetch T where CAST(0, \"NSDate\") < lastWorn",
    "fetch T where tags[FIRST] == \"a\" and tags[SIZE] <> 0 and tags[1 + 1] != nil",
    "fetch T where #size == 1 and SELF.#first != NULL",
    "fetch T where TRUEPREDICATE or FALSEPREDICATE",
    "fetch T where (\n  a == 1\n  or b == 2\n)\nsave",
    "#!/usr/bin/env bowq\n-- a comment\nfetch T -- trailing\n",
    "fetch T where 2 ** 3 ** 2 == 64 and -x.y < 0o17",
    "fetch T where uppercase(name) MATCHES \"^[A-Z]+$\" and abs(-3) => 3",
    "fetch T where a = 1 and b <> 2 and c =< 3 and d => 4",
    "fetch where where where == limit limit 1",
    "set #AND = {}",
    "fetch T where ((a)) > (1) and ((a > 1))",
    "fetch T where {1, 2}.@count == 2 and count({1}) == 1 and @count == 0",
    "fetch T where FUNCTION(rating, 'raise:toPower:', 2) > 10 and function(x, \"sqrt:\").y == 3",
    "fetch T where FUNCTION(SELF, 'now') > function and FUNCTION:(x) == Function:by:(1, 2)",
    "fetch T where ternary == Ternary(ternary > 1, a.ternary, TERNARY) and ternary:(1) == 1",
  ]

  /// Statements the parser rejects after lexing; the grammar must not derive them.
  static let rejected: [String] = [
    "fetch BowTie where rating >",
    "fetch BowTie where name NOT IN {\"a\"}",
    "fetch BowTie where (rating > 3",
    "fetch BowTie where rating > 3)",
    "fetch BowTie where rating",
    "fetch BowTie where TRUE",
    "fetch BowTie where age * 25",
    "fetch BowTie where a === 1",
    "fetch BowTie where ()",
    "fetch BowTie where a ? 1",
    "fetch BowTie where size == 1",
    "fetch BowTie where FIRST(x) == 1",
    "fetch BowTie where a[FIRST(x)] == 1",
    "fetch BowTie where TRUEPREDICATE(1) == 1",
    "fetch BowTie where a ==[x] b",
    "fetch BowTie offset 1 limit 2",
    "fetch BowTie limit 1.5",
    "insert BowTie name = \"x\",",
    "entity E { a String }",
    "entity E { a: String wibble }",
    "entity E { a: String b: Int32 }",
    "update BowTie where a == 1",
    "save save",
    "explain",
    "why BowTie/3",
    "show BowTie/3",
    "why BowTie where rating > 1",
    "fetch BowTie where {1,} CONTAINS 1",
    "frobnicate BowTie",
    "fetch BowTie where a IN {1,\n\n2",
    "fetch BowTie where (a > 1) + 1 > 2",
    "fetch BowTie where ANY a",
    "fetch BowTie where a + b\n> 1",
    "set x = CAST(1)",
    "fetch T where SUBQUERY(ties, t, t > 1).@count > 0",
    "fetch T where a NOT LIKE \"x\"",
    "fetch T where a == 1 sort rating",
    "#fetch T",
    "set x := 1",
    "fetch T where a % 2 == 0",
    "fetch T where FUNCTION(x) == 1",
    "fetch T where FUNCTION(x, sqrt) == 1",
    "fetch T where FUNCTION(x, 'sqrt:',) == 1",
    "fetch T where FUNCTION('sqrt:') == 1",
    "fetch T where TERNARY(a, 1, 2) == 1",
    "fetch T where TERNARY(a > 1, 1) == 1",
  ]

  /// Text the lexer rejects, and whether the grammar's character-level SOURCE rejects it too
  /// (it cannot express longest-match, so a number running into a name is only described).
  static let lexicallyRejected: [(String, sourceRejects: Bool)] = [
    ("fetch T where name == \"abc", true),
    ("fetch T where name == \"a\\qb\"", true),
    ("fetch T where a ` b", true),
    ("fetch T where $ == 1", true),
    ("fetch T where # == 1", true),
    ("fetch T where a == \"\\u{D800}\"", false),
    ("fetch T where 3abc == 1", false),
    ("fetch T where 0x1Fg == 1", false),
    ("fetch T where 0b102 == 1", false),
  ]

  func testTheSampleTableIsLargeEnough() {
    XCTAssertGreaterThanOrEqual(Self.accepted.count + Self.rejected.count, 30)
    XCTAssertGreaterThanOrEqual(Self.accepted.count, 30)
    XCTAssertGreaterThanOrEqual(Self.rejected.count, 30)
  }

  func testAcceptedSamplesParseAndTheGrammarDerivesThem() throws {
    let checker = GrammarChecker(grammar: try Self.loadGrammar())
    for sample in Self.accepted {
      XCTAssertNoThrow(try Parser.parseScript(sample), sample)
      XCTAssertEqual(
        try checker.derives("script", sample), true, "the grammar does not derive: \(sample)")
      XCTAssertTrue(checker.spells("SOURCE", sample), "SOURCE does not spell: \(sample)")
    }
  }

  func testRejectedSamplesFailInTheParserAndTheGrammar() throws {
    let checker = GrammarChecker(grammar: try Self.loadGrammar())
    for sample in Self.rejected {
      XCTAssertThrowsError(try Parser.parseScript(sample), sample) { error in
        XCTAssertEqual((error as? LanguageError)?.phase, .syntax, sample)
      }
      XCTAssertEqual(try checker.derives("script", sample), false, "the grammar derives: \(sample)")
    }
  }

  func testLexicallyRejectedSamples() throws {
    let checker = GrammarChecker(grammar: try Self.loadGrammar())
    for (sample, sourceRejects) in Self.lexicallyRejected {
      XCTAssertThrowsError(try Lexer.tokenize(sample), sample)
      XCTAssertThrowsError(try Parser.parseScript(sample), sample)
      if sourceRejects {
        XCTAssertFalse(checker.spells("SOURCE", sample), "SOURCE spells: \(sample)")
      }
    }
  }

  func testStandalonePredicatesAndExpressions() throws {
    let checker = GrammarChecker(grammar: try Self.loadGrammar())
    for (text, valid) in [
      ("\n rating > 3 AND NOT name == 'x'\n", true), ("rating", false), ("(a + 1)", false),
      ("TRUEPREDICATE", true), ("a > 1 a", false),
    ] {
      XCTAssertEqual((try? Parser.parsePredicate(text)) != nil, valid, text)
      XCTAssertEqual(try checker.derives("predicate_text", text), valid, text)
    }
    for (text, valid) in [
      ("\n(a + 1) * -b[LAST]\n", true), ("a > 1", false), ("{1,\n2}", true), ("a b", false),
    ] {
      XCTAssertEqual((try? Parser.parseExpression(text)) != nil, valid, text)
      XCTAssertEqual(try checker.derives("expression_text", text), valid, text)
    }
  }

  // MARK: Examples

  /// The statements of a script as the shell reads it: a line starting with "." where a
  /// statement would begin is a dot-command (`.mode line`), not part of the language, so it
  /// is blanked (keeping line numbers).
  static func statementText(ofScript script: String) -> String {
    var lines: [String] = []
    var pending: [String] = []
    for line in script.components(separatedBy: "\n") {
      if pending.isEmpty, line.trimmingCharacters(in: .whitespaces).hasPrefix(".") {
        lines.append("")
        continue
      }
      lines.append(line)
      pending.append(line)
      if !Lexer.needsMoreInput(pending.joined(separator: "\n")) { pending = [] }
    }
    return lines.joined(separator: "\n")
  }

  func testDotCommandsAreBlankedOnlyWhereAStatementWouldBegin() {
    XCTAssertEqual(
      Self.statementText(ofScript: ".mode line\nfetch T where a IN {1,\n.5}\n  .schema"),
      "\nfetch T where a IN {1,\n.5}\n")
  }

  func testEveryExampleScriptParses() throws {
    let folder = Self.packageRoot.appendingPathComponent("Examples")
    let files =
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".bowq") }.sorted()
    XCTAssertFalse(files.isEmpty, "Examples/ has no .bowq scripts")
    let checker = GrammarChecker(grammar: try Self.loadGrammar())
    for file in files {
      let text = Self.statementText(
        ofScript: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
      do {
        _ = try Parser.parseScript(text)
      } catch {
        XCTFail("Examples/\(file):\(error.range.start): \(error.message)")
        continue
      }
      XCTAssertEqual(
        try checker.derives("script", text), true, "the grammar does not derive Examples/\(file)")
      XCTAssertTrue(checker.spells("SOURCE", text), "SOURCE does not spell Examples/\(file)")
      for token in try Lexer.tokenize(text) where token.kind != .endOfInput {
        let spelling = GrammarChecker.text(of: token, in: text)
        XCTAssertTrue(
          checker.spells("TOKEN", spelling), "Examples/\(file):\(token.range.start): \(spelling)")
      }
    }
  }
}

/// Matches source text against the grammar: the syntax over the lexer's tokens, and the
/// lexical productions over each token's characters.
final class GrammarChecker {
  let grammar: EBNFGrammar
  private var spellings: [String: [String: Bool]] = [:]

  init(grammar: EBNFGrammar) {
    self.grammar = grammar
  }

  /// Lexical productions are named in UPPER_SNAKE_CASE.
  static func isLexical(_ name: String) -> Bool {
    name == name.uppercased()
  }

  /// The characters a special sequence stands for.
  static func scalarClass(_ text: String) -> ((Unicode.Scalar) -> Bool)? {
    switch text {
    case "any Unicode scalar": return { _ in true }
    case "any Unicode scalar with the Alphabetic property": return { $0.properties.isAlphabetic }
    default:
      guard text.hasPrefix("U+"), let code = UInt32(text.dropFirst(2), radix: 16),
        let scalar = Unicode.Scalar(code)
      else { return nil }
      return { $0 == scalar }
    }
  }

  /// The source text a token was lexed from (its range's offsets count UTF-8 bytes).
  static func text(of token: Token, in source: String) -> String {
    let bytes = Array(source.utf8)[token.range.start.offset..<token.range.end.offset]
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether the lexical production spells all of `text`.
  func spells(_ production: String, _ text: String) -> Bool {
    if let known = spellings[production]?[text] { return known }
    let matcher = EBNFMatcher<Unicode.Scalar>(
      grammar: grammar, input: Array(text.unicodeScalars),
      terminal: { terminal, input, start in
        let scalars = Array(terminal.unicodeScalars)
        guard start + scalars.count <= input.count,
          Array(input[start..<start + scalars.count]) == scalars
        else { return nil }
        return start + scalars.count
      },
      special: { special, input, start in
        guard start < input.count, let test = GrammarChecker.scalarClass(special),
          test(input[start])
        else { return nil }
        return start + 1
      })
    let result = matcher.matchesAll(production)
    spellings[production, default: [:]][text] = result
    return result
  }

  /// Whether the syntactic production derives the tokens of `source`.
  func derives(_ production: String, _ source: String) throws -> Bool {
    let tokens = try Lexer.tokenize(source).filter { $0.kind != .endOfInput }.map {
      GrammarChecker.text(of: $0, in: source)
    }
    let matcher = EBNFMatcher<String>(
      grammar: grammar, input: tokens,
      terminal: { terminal, input, start in
        guard start < input.count, input[start].lowercased() == terminal.lowercased() else {
          return nil
        }
        return start + 1
      },
      override: { [unowned self] name, input, start in
        guard GrammarChecker.isLexical(name) else { return nil }
        return start < input.count && self.spells(name, input[start]) ? [start + 1] : []
      })
    return matcher.matchesAll(production)
  }
}
