import XCTest

@testable import BowQ

/// `[c]` folds case as Apple's NSPredicate does, through CFString's full case folding:
/// `ß` is `ss` for `==`, `!=`, `IN`, `BEGINSWITH`, `CONTAINS`, `ENDSWITH`, `LIKE` and
/// `MATCHES` alike, in a scan of a table's columns (dictionary or plain), in an index's
/// answer, and object by object (docs/case-folding.md).
final class CaseFoldingTests: XCTestCase {
  private let names = ["Straße", "STRASSE", "strasse", "GROẞ", "Gross", "ﬁne", "Fine", "ıi", "Tie"]

  private func interpreter(many: Bool, indexed: Bool) throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      "entity Tie { name: String\(indexed ? ", index name" : "") }")
    // Past 256 distinct strings a column keeps them in one buffer, not a dictionary.
    let all = names + (many ? (0..<300).map { "other \($0)" } : [])
    try interpreter.edit { context in
      for name in all { context.insert([.string(name)], into: "Tie") }
    }
    return interpreter
  }

  func testEveryOperatorFoldsSharpSToSS() throws {
    let cases: [(String, [String])] = [
      ("name ==[c] 'strasse'", ["Straße", "STRASSE", "strasse"]),
      ("name ==[c] 'STRAẞE'", ["Straße", "STRASSE", "strasse"]),
      ("name ==[c] 'gross'", ["GROẞ", "Gross"]),
      ("name ==[c] 'FINE'", ["ﬁne", "Fine"]),
      ("name ==[c] 'II'", []),
      ("name IN[c] {'grOSS', 'tie'}", ["GROẞ", "Gross", "Tie"]),
      ("name BEGINSWITH[c] 'strass'", ["Straße", "STRASSE", "strasse"]),
      ("name BEGINSWITH[c] 'fi'", ["ﬁne", "Fine"]),
      ("name CONTAINS[c] 'ss'", ["Straße", "STRASSE", "strasse", "GROẞ", "Gross"]),
      ("name CONTAINS[c] 'ß'", ["Straße", "STRASSE", "strasse", "GROẞ", "Gross"]),
      ("name ENDSWITH[c] 'SSE'", ["Straße", "STRASSE", "strasse"]),
      ("name LIKE[c] 'stra*e'", ["Straße", "STRASSE", "strasse"]),
      ("name LIKE[c] 'gro??'", ["GROẞ", "Gross"]),
      ("name MATCHES[c] 'strasse'", ["Straße", "STRASSE", "strasse"]),
      ("name ==[cd] 'STRASSE'", ["Straße", "STRASSE", "strasse"]),
      ("name == 'Strasse'", []),
      ("name CONTAINS 'ss'", ["strasse", "Gross"]),
    ]
    for many in [false, true] {
      for indexed in [false, true] {
        let interpreter = try interpreter(many: many, indexed: indexed)
        for (predicate, expected) in cases {
          let found = try interpreter.fetchedKeys("fetch Tie where \(predicate)").map {
            $0 <= names.count ? names[Int($0) - 1] : "other"
          }
          XCTAssertEqual(found, expected, "\(predicate) many: \(many) indexed: \(indexed)")
          let object = GraphObject(
            ObjectID(entity: "Tie", key: 1), in: interpreter.context.graph)
          XCTAssertEqual(
            try FormatPredicate(format: predicate).evaluate(with: object),
            expected.contains("Straße"), predicate)
        }
      }
    }
  }
}
