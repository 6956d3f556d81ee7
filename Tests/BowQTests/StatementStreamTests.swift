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
      outcomes("save; fetch 3abc (x; y); undo\nfetch T where a ~ 1 {\n};redo\ncount\nredo"),
      [
        "save",
        "error 1:13: a number cannot run into a name here: put a space or operator between them",
        "undo",
        #"error 2:17: unexpected character "~""#,
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

  func testOffsetsCountUTF8Bytes() throws {
    let tokens = try Lexer.tokenize("é 领结 x")
    XCTAssertEqual(tokens.map(\.range.start.offset), [0, 3, 10, 11])
    XCTAssertEqual(tokens.map(\.range.start.column), [1, 3, 6, 7])
  }

  func testTheEndingNamesTheInnermostOpenBracket() {
    let start = SourceLocation(offset: 25, line: 4, column: 3)
    XCTAssertEqual(
      Lexer.ending(of: "entity E {\n  a: String\n  (", firstLine: 2),
      .openBracket(
        .leftParen, at: SourceRange(start, SourceLocation(offset: 26, line: 4, column: 4))))
    XCTAssertEqual(Lexer.ending(of: "name == 'a"), .openString(quote: "'"))
    XCTAssertEqual(Lexer.ending(of: "entity E {\n}"), .complete)
  }

  func testANulOutsideAStringIsNamedNotPrinted() {
    XCTAssertEqual(
      outcomes("count T\u{0}"), ["error 1:8: unexpected character U+0000 (a NUL byte)"])
    XCTAssertEqual(
      outcomes("count T\u{1B}[2J"), ["error 1:8: unexpected character U+001B"])
  }

  /// A script of millions of separators keeps no token of them: it parses at once, and a
  /// statement after them still comes.
  func testAScriptOfSeparatorsParsesToItsStatements() {
    XCTAssertEqual(outcomes(String(repeating: ";", count: 1_000_000) + "\nsave"), ["save"])
  }
}
