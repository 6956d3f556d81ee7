import XCTest

@testable import BowQ

/// Scripts parsed one statement at a time: the statements of a script in order, a failure
/// that ends only its own statement, and positions that are the whole script's.
final class StatementStreamTests: XCTestCase {
  /// What each call of `next()` gave until the end: a statement's kind or an error.
  private func outcomes(_ text: String, firstLine: Int = 1) -> [String] {
    var stream = StatementStream(text, firstLine: firstLine)
    var results: [String] = []
    while results.count < 100 {
      do {
        guard let statement = try stream.next() else { return results }
        results.append("\(statement.kind)".prefix(while: { $0 != "(" }).description)
      } catch {
        results.append("error \(error.range.start): \(error.message)")
      }
    }
    return results
  }

  func testStatementsComeOneAtATime() {
    XCTAssertEqual(
      outcomes("save; undo\n\n;;redo\nentity E {\n  a: String\n}; changes"),
      ["save", "undo", "redo", "entity", "changes"])
  }

  func testAFailureEndsOnlyItsStatement() {
    XCTAssertEqual(
      outcomes("save; fetch 3abc (x; y); undo\nfetch T where a ` 1 {\n};redo\ncount\nredo"),
      [
        "save",
        "error 1:13: a number cannot run into a name here: put a space or operator between them",
        "undo",
        #"error 2:17: unexpected character "`""#,
        "redo",
        "error 4:6: expected an entity name, found end of line",
        "redo",
      ])
  }

  func testPositionsAndMessagesAreTheWholeScripts() {
    XCTAssertEqual(
      outcomes("save\nfetch T where name IN {\"a\" \"b\"}", firstLine: 4),
      [
        "save",
        #"error 5:28: expected "}" to close the "{" at 5:23, found "b""#,
      ])
  }

  func testALineThatBeginsWithAClauseContinuesTheStatementAbove() {
    XCTAssertEqual(
      outcomes(
        "delete BowTie\n  where rating < 2\nfetch BowTie select name\n  where rating > 3\n"
          + "  AND name CONTAINS \"e\"\n  sort by name\n  limit 2 offset 1\ncount BowTie\n\n"
          + "  where rating > 1"),
      [
        "delete", "fetch", "count",
        #"error 10:3: a statement cannot begin with "where": it goes on the line of the "#
          + #"statement it belongs to (at the prompt, end that line with \ to go on on the next)"#,
      ])
  }

  func testSetContinuesOnlyAnUpdateWithoutOne() {
    XCTAssertEqual(
      outcomes("update BowTie\n  where rating > 4\n  set rating = 4\nfetch BowTie\nset rating = 1"),
      ["update", "fetch", "set"])
    XCTAssertEqual(
      outcomes("update BowTie set rating = 4\nset rating = 1"), ["update", "set"])
  }

  func testABackslashAtTheEndOfALineJoinsTheNext() throws {
    XCTAssertEqual(outcomes("count \\  \n  BowTie\nsave \\"), ["count", "save"])
    XCTAssertEqual(Lexer.ending(of: "count BowTie \\ "), .joinsNextLine)
    XCTAssertEqual(Lexer.ending(of: "count BowTie \\\n where a > 1"), .complete)
    XCTAssertEqual(Lexer.ending(of: "count BowTie where name == \"a\\\\\""), .complete)
    XCTAssertThrowsError(try Lexer.tokenize("count \\ BowTie"))
  }

  func testAShellAsksWhetherTheNextLineContinuesTheLastStatement() {
    XCTAssertTrue(StatementContinuation.continues("save; delete BowTie", withLine: " where a > 1"))
    XCTAssertTrue(StatementContinuation.continues("count T\n where a > 1", withLine: " && b < 2"))
    XCTAssertTrue(
      StatementContinuation.continues("update T\n  where a > 1", withLine: "  set a = 2"))
    XCTAssertFalse(StatementContinuation.continues("fetch T where a > 1", withLine: "set a = 2"))
    XCTAssertFalse(StatementContinuation.continues("delete T; save", withLine: "count T"))
    XCTAssertFalse(StatementContinuation.continues("count T", withLine: "   "))
    XCTAssertFalse(StatementContinuation.continues("count T", withLine: ".mode csv"))
  }

  func testOffsetsCountUTF8Bytes() throws {
    let tokens = try Lexer.tokenize("é 领结 x")
    XCTAssertEqual(tokens.map(\.range.start.offset), [0, 3, 10, 11])
    XCTAssertEqual(tokens.map(\.range.start.column), [1, 3, 6, 7])
  }

  func testTheEndingNamesTheOpenBrackets() {
    func range(_ offset: Int, _ line: Int, _ column: Int) -> SourceRange {
      SourceRange(
        SourceLocation(offset: offset, line: line, column: column),
        SourceLocation(offset: offset + 1, line: line, column: column + 1))
    }
    let brace = Lexer.OpenBracket(punctuation: .leftBrace, range: range(9, 2, 10))
    let paren = Lexer.OpenBracket(punctuation: .leftParen, range: range(25, 4, 3))
    XCTAssertEqual(
      Lexer.ending(of: "entity E {\n  a: String\n  (", firstLine: 2), .openBrackets([brace, paren]))
    XCTAssertEqual(Lexer.ending(of: "name == 'a"), .openString(quote: "'"))
    XCTAssertEqual(Lexer.ending(of: "entity E {\n}"), .complete)
  }

  func testTheEndingOfALineGoesOnFromTheBracketsOpenBeforeIt() {
    let brace = Lexer.OpenBracket(
      punctuation: .leftBrace,
      range: SourceRange(
        SourceLocation(offset: 9, line: 1, column: 10),
        SourceLocation(offset: 10, line: 1, column: 11)))
    XCTAssertEqual(
      Lexer.ending(of: "  a: String", firstLine: 2, inside: [brace]), .openBrackets([brace]))
    XCTAssertEqual(Lexer.ending(of: "}", firstLine: 3, inside: [brace]), .complete)
    let bracket = Lexer.OpenBracket(
      punctuation: .leftBracket,
      range: SourceRange(
        SourceLocation(offset: 5, line: 3, column: 6),
        SourceLocation(offset: 6, line: 3, column: 7)))
    XCTAssertEqual(
      Lexer.ending(of: "  b: [T", firstLine: 3, inside: [brace]), .openBrackets([brace, bracket]))
  }

  /// Brackets nested past any the parser accepts are counted, not kept: a line of a million
  /// `(` ends with a bounded list of them, and closing them all completes it.
  func testDeepBracketsAreCountedNotKept() {
    let open = String(repeating: "(", count: 1_000_000)
    guard case .openBrackets(let brackets) = Lexer.ending(of: open) else {
      return XCTFail("the brackets are open")
    }
    XCTAssertEqual(brackets.count, Lexer.maximumKeptBrackets)
    XCTAssertEqual(brackets.last?.range.start.column, Lexer.maximumKeptBrackets)
    XCTAssertEqual(
      Lexer.ending(of: open + String(repeating: ")", count: 999_999)), .openBrackets([brackets[0]]))
    XCTAssertEqual(Lexer.ending(of: open + String(repeating: ")", count: 1_000_000)), .complete)
  }

  /// A script of millions of separators keeps no token of them: it parses at once, and a
  /// statement after them still comes.
  func testAScriptOfSeparatorsParsesToItsStatements() {
    XCTAssertEqual(outcomes(String(repeating: ";", count: 1_000_000) + "\nsave"), ["save"])
  }
}
