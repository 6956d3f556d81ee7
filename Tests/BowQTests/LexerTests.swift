import Foundation
import XCTest

@testable import BowQ

/// The lexer: every token kind, where each token is, which newlines become tokens, and the
/// errors for text that is not a token.
final class LexerTests: XCTestCase {
  private func kinds(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [Token
    .Kind]
  {
    do {
      return try Lexer.tokenize(text).map(\.kind)
    } catch {
      XCTFail("\(text): \(error)", file: file, line: line)
      return []
    }
  }

  private func lexError(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> LanguageError?
  {
    do {
      let tokens = try Lexer.tokenize(text)
      XCTFail("\(text) lexed as \(tokens.map(\.kind))", file: file, line: line)
      return nil
    } catch {
      XCTAssertEqual(error.phase, .syntax, file: file, line: line)
      return error
    }
  }

  private func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> String {
    "\(l1):\(c1)-\(l2):\(c2)"
  }

  private func describe(_ r: SourceRange) -> String { "\(r.start)-\(r.end)" }

  // MARK: Token kinds

  func testEveryTokenKind() {
    XCTAssertEqual(
      kinds("name #size $x $1 @count 42 9223372036854775808 1.5 'str' (\n)\n"),
      [
        .identifier("name"), .escapedIdentifier("size"), .variable("x"), .variable("1"),
        .collectionOperator("count"), .integer(42),
        .bigInteger(9_223_372_036_854_775_808, magnitude: 9_223_372_036_854_775_808),
        .real(1.5), .string("str"), .punctuation(.leftParen), .punctuation(.rightParen), .newline,
        .endOfInput,
      ])
    XCTAssertEqual(kinds(""), [.endOfInput])
    XCTAssertEqual(kinds("  \t "), [.endOfInput])
  }

  func testKeywordsAreIdentifiersOfAnyCase() {
    XCTAssertEqual(
      kinds("AND and AnD fetch FETCH _x Straße naïve x_1"),
      ["AND", "and", "AnD", "fetch", "FETCH", "_x", "Straße", "naïve", "x_1"].map {
        .identifier($0)
      } + [.endOfInput])
  }

  func testEveryPunctuationAndItsAliases() {
    for p in Punctuation.allCases {
      XCTAssertEqual(kinds(p.rawValue), [.punctuation(p), .endOfInput], p.rawValue)
    }
    XCTAssertEqual(kinds("=>"), [.punctuation(.greaterOrEqual), .endOfInput])
    XCTAssertEqual(kinds("=<"), [.punctuation(.lessOrEqual), .endOfInput])
    XCTAssertEqual(kinds("<>"), [.punctuation(.notEqual), .endOfInput])
    // Longest match: two-character operators win over their first character.
    XCTAssertEqual(
      kinds("a==b!=c**d&&e||f:=g"),
      [
        .identifier("a"), .punctuation(.equal), .identifier("b"), .punctuation(.notEqual),
        .identifier("c"), .punctuation(.power), .identifier("d"), .punctuation(.and),
        .identifier("e"), .punctuation(.or), .identifier("f"), .punctuation(.assignVariable),
        .identifier("g"), .endOfInput,
      ])
    XCTAssertEqual(
      kinds("a=-1"),
      [.identifier("a"), .punctuation(.assign), .punctuation(.minus), .integer(1), .endOfInput])
  }

  // MARK: Positions

  func testPositionsAreLineAndColumn() throws {
    let tokens = try Lexer.tokenize("fetch T\n  where a >= 10")
    XCTAssertEqual(
      tokens.map { describe($0.range) },
      [
        range(1, 1, 1, 6), range(1, 7, 1, 8), range(1, 8, 2, 1), range(2, 3, 2, 8),
        range(2, 9, 2, 10),
        range(2, 11, 2, 13), range(2, 14, 2, 16), range(2, 16, 2, 16),
      ])
    XCTAssertEqual(tokens.map(\.range.start.offset), [0, 6, 7, 10, 16, 18, 21, 23])
  }

  func testColumnsCountCharactersNotBytes() throws {
    let tokens = try Lexer.tokenize("\"é\" == ü")
    XCTAssertEqual(
      tokens.map { describe($0.range) },
      [range(1, 1, 1, 4), range(1, 5, 1, 7), range(1, 8, 1, 9), range(1, 9, 1, 9)])
  }

  func testAStringSpanningLinesMovesTheLine() throws {
    let tokens = try Lexer.tokenize("'a\nb' c")
    XCTAssertEqual(tokens.map(\.kind), [.string("a\nb"), .identifier("c"), .endOfInput])
    XCTAssertEqual(describe(tokens[1].range), range(2, 4, 2, 5))
  }

  // MARK: Newlines, comments, shebang

  func testNewlinesAreDroppedInsideParenthesesAndBracketsButKeptInsideBraces() {
    XCTAssertEqual(
      kinds("(\n{\n(\n)\n}\n)\n"),
      [
        .punctuation(.leftParen), .punctuation(.leftBrace), .newline, .punctuation(.leftParen),
        .punctuation(.rightParen), .newline, .punctuation(.rightBrace), .punctuation(.rightParen),
        .newline, .endOfInput,
      ])
    XCTAssertEqual(
      kinds("a[\n1\n]\nb"),
      [
        .identifier("a"), .punctuation(.leftBracket), .integer(1), .punctuation(.rightBracket),
        .newline, .identifier("b"), .endOfInput,
      ])
    XCTAssertEqual(
      kinds("a\n\nb"), [.identifier("a"), .newline, .newline, .identifier("b"), .endOfInput])
  }

  func testCarriageReturnsAndByteOrderMarksAreSpace() throws {
    let tokens = try Lexer.tokenize("\u{FEFF}save\r\nundo")
    XCTAssertEqual(
      tokens.map(\.kind), [.identifier("save"), .newline, .identifier("undo"), .endOfInput])
    XCTAssertEqual(describe(tokens[0].range), range(1, 2, 1, 6))
  }

  func testCommentsRunToTheEndOfTheLine() {
    XCTAssertEqual(
      kinds("a -- comment ( \"\nb"), [.identifier("a"), .newline, .identifier("b"), .endOfInput])
    XCTAssertEqual(kinds("-- only a comment"), [.endOfInput])
    XCTAssertEqual(kinds("5--3"), [.integer(5), .endOfInput])
    XCTAssertEqual(
      kinds("5 - -3"),
      [.integer(5), .punctuation(.minus), .punctuation(.minus), .integer(3), .endOfInput])
    XCTAssertEqual(kinds("'--' x"), [.string("--"), .identifier("x"), .endOfInput])
    // A comment inside parentheses ends at the line break, which the parentheses then drop.
    XCTAssertEqual(
      kinds("(a -- note\n)"),
      [.punctuation(.leftParen), .identifier("a"), .punctuation(.rightParen), .endOfInput])
  }

  func testAShebangFirstLineIsSkipped() throws {
    let tokens = try Lexer.tokenize("#!/usr/bin/env bowq\nsave")
    XCTAssertEqual(tokens.map(\.kind), [.newline, .identifier("save"), .endOfInput])
    XCTAssertEqual(describe(tokens[1].range), range(2, 1, 2, 5))
    XCTAssertEqual(kinds("#!bowq"), [.endOfInput])
    // Only on the first line, at its very start.
    XCTAssertEqual(lexError("save\n#!x")?.message, "expected a name after \"#\"")
    XCTAssertEqual(lexError(" #!x").map { describe($0.range) }, range(1, 2, 1, 3))
  }

  // MARK: Strings

  func testStringEscapes() {
    XCTAssertEqual(
      kinds(#""q\"b\\s\nn\tt\rr\0z\'a" 'say "hi"' "it's""#),
      [.string("q\"b\\s\nn\tt\rr\0z'a"), .string("say \"hi\""), .string("it's"), .endOfInput])
    XCTAssertEqual(kinds(#"'\u00e9\u{1F600}\u41g\u{41}'"#), [.string("é😀AgA"), .endOfInput])
    XCTAssertEqual(kinds(#""""#), [.string(""), .endOfInput])
  }

  func testUnterminatedString() throws {
    let error = try XCTUnwrap(lexError("name == \"abc"))
    XCTAssertEqual(error.message, "unterminated string: add the closing \"")
    XCTAssertEqual(describe(error.range), range(1, 9, 1, 13))
    XCTAssertEqual(lexError("'abc\ndef")?.message, "unterminated string: add the closing '")
    XCTAssertEqual(lexError("\"abc'")?.message, "unterminated string: add the closing \"")
    XCTAssertEqual(lexError("\"abc\\")?.message, "unterminated string: add the closing \"")
  }

  func testBadEscapes() throws {
    let error = try XCTUnwrap(lexError(#""a\qb""#))
    XCTAssertEqual(error.message, #"unknown escape "\q" in a string (use \\ for a backslash)"#)
    XCTAssertEqual(describe(error.range), range(1, 3, 1, 5))
    XCTAssertEqual(lexError(#""\u{D800}""#)?.message, #"invalid unicode escape \uD800"#)
    XCTAssertEqual(lexError(#""\u{110000}""#)?.message, #"invalid unicode escape \u110000"#)
    XCTAssertEqual(lexError(#""\uzz""#)?.message, #"invalid unicode escape \u"#)
    let unclosed = try XCTUnwrap(lexError(#""\u{41"#))
    XCTAssertEqual(unclosed.message, #"expected "}" to close \u{…}"#)
    XCTAssertEqual(describe(unclosed.range), range(1, 2, 1, 7))
  }

  // MARK: Numbers

  func testNumberForms() {
    let cases: [(String, Token.Kind)] = [
      ("0", .integer(0)), ("42", .integer(42)), ("007", .integer(7)),
      ("1_000_000", .integer(1_000_000)),
      ("0x2A", .integer(42)), ("0X2a", .integer(42)), ("0x_FF", .integer(255)),
      ("0o17", .integer(15)),
      ("0O7_7", .integer(63)), ("0b1010", .integer(10)), ("0B1_0", .integer(2)),
      ("9223372036854775807", .integer(Int64.max)),
      ("9223372036854775808", .bigInteger(9_223_372_036_854_775_808, magnitude: 1 << 63)),
      ("0xFFFFFFFFFFFFFFFF", .bigInteger(Double(UInt64.max), magnitude: UInt64.max)),
      ("1.5", .real(1.5)), ("1e3", .real(1000)), ("9.2e-5", .real(9.2e-5)), ("1E+2", .real(100)),
      ("1_0.2_5", .real(10.25)), ("2.5e1_0", .real(2.5e10)),
    ]
    for (text, kind) in cases {
      XCTAssertEqual(kinds(text), [kind, .endOfInput], text)
    }
    // A dot not followed by a digit is punctuation: 1.a is a key of 1, 1.e5 a key "e5".
    XCTAssertEqual(kinds("1.a"), [.integer(1), .punctuation(.dot), .identifier("a"), .endOfInput])
    XCTAssertEqual(
      kinds("1.e5"), [.integer(1), .punctuation(.dot), .identifier("e5"), .endOfInput])
    XCTAssertEqual(
      kinds("1.5.@count"),
      [.real(1.5), .punctuation(.dot), .collectionOperator("count"), .endOfInput])
    XCTAssertEqual(kinds("-1"), [.punctuation(.minus), .integer(1), .endOfInput])
  }

  func testNumberErrors() throws {
    let runsIntoName = "a number cannot run into a name here: put a space or operator between them"
    let decimal = try XCTUnwrap(lexError("3abc"))
    XCTAssertEqual(decimal.message, runsIntoName)
    XCTAssertEqual(describe(decimal.range), range(1, 1, 1, 2))
    XCTAssertEqual(lexError("1e")?.message, runsIntoName)
    XCTAssertEqual(lexError("1.5x")?.message, runsIntoName)
    // Prefixed numbers too (0x1F followed by g used to lex as 31 and a key g).
    let hex = try XCTUnwrap(lexError("a == 0x1Fg"))
    XCTAssertEqual(hex.message, runsIntoName)
    XCTAssertEqual(describe(hex.range), range(1, 6, 1, 10))
    XCTAssertEqual(lexError("0b102")?.message, "invalid base-2 number \"0b102\"")
    XCTAssertEqual(lexError("0o8")?.message, "invalid base-8 number \"0o8\"")
    XCTAssertEqual(lexError("0x")?.message, "invalid base-16 number \"0x\"")
    XCTAssertEqual(
      lexError("0x1_0000_0000_0000_0000")?.message, "invalid base-16 number \"0x10000000000000000\""
    )
    XCTAssertEqual(lexError("1e999")?.message, "number 1e999 is too large")
  }

  // MARK: Other errors

  func testUnexpectedCharactersAndEmptyNames() throws {
    let backtick = try XCTUnwrap(lexError("a ` b"))
    XCTAssertEqual(backtick.message, "unexpected character \"`\"")
    XCTAssertEqual(describe(backtick.range), range(1, 3, 1, 4))
    XCTAssertEqual(lexError("a \\ b")?.message, "unexpected character \"\\\"")
    XCTAssertEqual(lexError("a\n  `b`").map { describe($0.range) }, range(2, 3, 2, 4))
    let dollar = try XCTUnwrap(lexError("$ == 1"))
    XCTAssertEqual(dollar.message, "expected a variable name after \"$\"")
    XCTAssertEqual(describe(dollar.range), range(1, 1, 1, 2))
    XCTAssertEqual(lexError("#1")?.message, "expected a name after \"#\"")
    XCTAssertEqual(
      lexError("x.@1")?.message, "expected a collection operator such as @count after \"@\"")
  }

  func testTokenDescriptionsForMessages() {
    XCTAssertEqual(Token.Kind.identifier("x").description, "\"x\"")
    XCTAssertEqual(Token.Kind.variable("x").description, "$x")
    XCTAssertEqual(Token.Kind.collectionOperator("sum").description, "@sum")
    XCTAssertEqual(Token.Kind.string("a\"b").description, "\"a\\\"b\"")
    XCTAssertEqual(Token.Kind.punctuation(.lessOrEqual).description, "\"<=\"")
    XCTAssertEqual(Token.Kind.newline.description, "end of line")
    XCTAssertEqual(Token.Kind.endOfInput.description, "end of input")
  }

  /// Each failure is told apart by its reason, not its message, and reads as before.
  func testEachFailureHasItsReasonAndMessage() {
    let cases: [(String, Lexer.Mode, LexerError.Reason, String)] = [
      ("$", .source, .missingVariableName, #"expected a variable name after "$""#),
      ("#1", .source, .missingEscapedName, ##"expected a name after "#""##),
      (
        "x.@1", .source, .missingCollectionOperator,
        #"expected a collection operator such as @count after "@""#
      ),
      ("'ab", .source, .unterminatedString(quote: "'"), "unterminated string: add the closing '"),
      (
        #""\q""#, .source, .unknownEscape("q"),
        #"unknown escape "\q" in a string (use \\ for a backslash)"#
      ),
      (
        #""\xg""#, .source, .invalidDigitsEscape(radix: 16),
        #"invalid escape: write two hex digits, as in \x41"#
      ),
      (
        #""\19""#, .source, .invalidDigitsEscape(radix: 8),
        #"invalid escape: write three octal digits, as in \101"#
      ),
      (#""\u{41"#, .source, .unclosedUnicodeEscape, #"expected "}" to close \u{…}"#),
      (
        #""\u{D800}""#, .source, .invalidUnicodeEscape(digits: "D800"),
        #"invalid unicode escape \uD800"#
      ),
      (
        "0b12", .source, .invalidPrefixedNumber(prefix: "b", radix: 2, digits: "12"),
        #"invalid base-2 number "0b12""#
      ),
      (
        "3abc", .source, .numberRunsIntoName,
        "a number cannot run into a name here: put a space or operator between them"
      ),
      ("1e999", .source, .numberTooLarge("1e999"), "number 1e999 is too large"),
      (
        "a == %@", .source, .formatArgumentInSource(spelling: "%@"),
        "%@ is a format argument, which only a format string of the Swift API takes "
          + "(FormatPredicate(format:…)); write the value itself"
      ),
      (
        "a == %lx", .source, .formatArgumentInSource(spelling: "%lx"),
        "%lx is a format argument, which only a format string of the Swift API takes "
          + "(FormatPredicate(format:…)); write the value itself"
      ),
      (
        "a == %y", .formatString, .strayPercent,
        #""%" starts a format argument: %@ (a value), %K (a key path), %d (an integer) or "#
          + "%f (a real number); write %% for a percent sign"
      ),
      ("a ` b", .source, .unexpectedCharacter("`"), #"unexpected character "`""#),
    ]
    for (text, mode, reason, message) in cases {
      var lexer = Lexer(text, mode: mode)
      do {
        while try lexer.lex().kind != .endOfInput {}
        XCTFail("\(text) lexed")
      } catch {
        XCTAssertEqual(error.reason, reason, text)
        XCTAssertEqual(error.languageError.message, message, text)
        XCTAssertEqual(error.languageError.phase, .syntax, text)
      }
    }
  }

  // MARK: needsMoreInput

  func testNeedsMoreInput() {
    let cases: [(String, Bool)] = [
      ("fetch T where (a > 1", true),
      ("fetch T where a IN {1,", true),
      ("entity E {\n  a: String", true),
      ("x[", true),
      ("name == \"abc", true),
      ("name == 'a\nb", true),
      ("fetch T where (a > 1)", false),
      ("fetch T", false),
      ("", false),
      (")", false),
      ("fetch T -- (", false),
      ("name == '(' ", false),
      ("entity E {\n  a: String\n}", false),
      // An error other than an open string is reported at once, not waited on.
      (#""a\q"#, false),
      ("a ` (", false),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(Lexer.needsMoreInput(text), expected, text)
    }
  }
}
