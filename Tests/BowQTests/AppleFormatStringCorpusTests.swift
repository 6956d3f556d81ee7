import BowQ
import Foundation
import XCTest

/// Real `NSPredicate(format:)` strings from public projects, each with its source: every one
/// is made by ``FormatPredicate`` as Apple's parser makes it, prints as Apple prints it where
/// a public test asserts Apple's output (elsewhere as bowq prints it), reads back from its
/// printed form to the same tree, and evaluates as Apple documents.
final class AppleFormatStringCorpusTests: XCTestCase {
  /// What evaluating a case gives.
  enum Outcome {
    case holds(Bool)
    /// An evaluation error, `line:column: message`.
    case raises(String)
  }

  struct Case {
    /// The project and file the format string comes from.
    var source: String
    var format: String
    var arguments: [Any?] = []
    /// The printed form: Apple's where `appleOutput` (asserted by a public test), else bowq's.
    var printed: String
    var appleOutput = false
    /// False where the printed form reads back as an equal but different tree: `YES`
    /// prints as `1`, which reads back as the number 1; an array argument prints as `{…}`,
    /// which reads back as an aggregate of constants.
    var sameTree = true
    var object: Any?
    var variables: [String: Any?] = [:]
    var outcome: Outcome
  }

  private static let matrix =
    "matrix-org/matrix-ios-sdk MatrixSDK/Data/RoomSummaryStore/CoreData/MXCoreDataRoomSummaryStore.swift"
  private static let delta = "rileytestut/Delta, ControllerSkin fetch requests"
  private static let typeChecks = "issue 29 item 2: type mismatches Apple's parser makes"
  private static let zotero =
    "zotero/zotero-ios Zotero/Controllers/Database/Requests/ReadFilteredTagsDbRequest.swift"
  private static let alcatraz =
    "alcatraz/Alcatraz Alcatraz/Views/ATZPluginWindowController.m CLASS_PREDICATE_FORMAT"
  private static let daydreamboy =
    "daydreamboy/HelloProjects HelloNSPredicate/Tests/Tests_NSPredicate.m"

  static var cases: [Case] {
    let room: [String: Any] = ["s_dataTypesInt": 0b0111]
    let skin: [String: Any] = [
      "gameType": "com.rileytestut.delta.game.snes", "supportedConfigurations": 0b0101,
      "isStandard": false,
    ]
    return [
      // Flags filters on a Core Data attribute.
      Case(
        source: matrix, format: "(%K & %d) == %d", arguments: ["s_dataTypesInt", 6, 6],
        printed: "s_dataTypesInt & 6 == 6", object: room, outcome: .holds(true)),
      Case(
        source: matrix, format: "(%K & %d) == %d", arguments: ["s_dataTypesInt", 8, 8],
        printed: "s_dataTypesInt & 8 == 8", object: room, outcome: .holds(false)),
      Case(
        source: matrix, format: "(%K & %d) != 0", arguments: ["s_dataTypesInt", 2],
        printed: "s_dataTypesInt & 2 != 0", object: room, outcome: .holds(true)),
      Case(
        source: matrix, format: "(%K & %d) == 0", arguments: ["s_dataTypesInt", 8],
        printed: "s_dataTypesInt & 8 == 0", object: room, outcome: .holds(true)),
      Case(
        source: delta, format: "%K == %@ AND (%K & %d) == %d",
        arguments: [
          "gameType", "com.rileytestut.delta.game.snes", "supportedConfigurations", 4, 4,
        ],
        printed:
          #"gameType == "com.rileytestut.delta.game.snes" AND supportedConfigurations & 4 == 4"#,
        object: skin, outcome: .holds(true)),
      Case(
        source: delta, format: "%K == %@ AND ((%K & %d) != 0 OR (%K & %d) != 0)",
        arguments: [
          "gameType", "com.rileytestut.delta.game.snes", "supportedConfigurations", 2,
          "supportedConfigurations", 1,
        ],
        printed:
          #"gameType == "com.rileytestut.delta.game.snes" AND (supportedConfigurations & 2 != 0 OR supportedConfigurations & 1 != 0)"#,
        object: skin, outcome: .holds(true)),
      Case(
        source: delta, format: "%K == %@ AND (%K & %d) != 0 AND %K == NO",
        arguments: [
          "gameType", "com.rileytestut.delta.game.snes", "supportedConfigurations", 1,
          "isStandard",
        ],
        printed:
          #"gameType == "com.rileytestut.delta.game.snes" AND supportedConfigurations & 1 != 0 AND isStandard == 0"#,
        sameTree: false, object: skin, outcome: .holds(true)),
      // Apple's parser on the infix bitwise operators, without parentheses
      // (test_Basic_Comparisons).
      Case(
        source: daydreamboy, format: "1 << 3 == 8", printed: "1 << 3 == 8",
        outcome: .holds(true)),
      Case(
        source: daydreamboy, format: "8 >> 2 == 2", printed: "8 >> 2 == 2",
        outcome: .holds(true)),
      Case(
        source: daydreamboy, format: "2 & 1 == 0", printed: "2 & 1 == 0",
        outcome: .holds(true)),
      Case(
        source: daydreamboy, format: "2 | 1 == 3", printed: "2 | 1 == 3",
        outcome: .holds(true)),
      Case(
        source: daydreamboy, format: "2 ^ 1 == 3", printed: "2 ^ 1 == 3",
        outcome: .holds(true)),
      // FUNCTION with selectors of the test's own categories (test_syntax_FUNCTION): Apple
      // prints them as asserted; bowq has no such methods, so evaluating them fails.
      Case(
        source: daydreamboy, format: #"FUNCTION(a, "pow:", 3) == 8"#,
        printed: #"FUNCTION(a, "pow:" , 3) == 8"#, appleOutput: true, object: ["a": 2],
        outcome: .raises(
          #"1:1: unknown selector "pow:" in FUNCTION. bowq has no Objective-C methods to call: FUNCTION takes only the selectors of the built-in functions, such as "sqrt:", "uppercase:" or "modulus:by:". Did you mean "log:"?"#
        )),
      Case(
        source: daydreamboy, format: "FUNCTION('a', 'uppercase') == 'A'",
        printed: #"FUNCTION("a", "uppercase") == "A""#, appleOutput: true, object: ["a": 2],
        outcome: .raises(
          #"1:1: unknown selector "uppercase" in FUNCTION. bowq has no Objective-C methods to call: FUNCTION takes only the selectors of the built-in functions, such as "sqrt:", "uppercase:" or "modulus:by:". Did you mean "uppercase:"?"#
        )),
      // Printed forms Apple's output is asserted for.
      Case(
        source: daydreamboy, format: "isMale == YES", printed: "isMale == 1", appleOutput: true,
        sameTree: false, object: ["isMale": true], outcome: .holds(true)),
      Case(
        source: daydreamboy, format: "a.@count == 3", printed: "a.@count == 3", appleOutput: true,
        object: ["a": [1, 2, 3]], outcome: .holds(true)),
      Case(
        source: daydreamboy, format: "a[SIZE] == 3", printed: "a[SIZE] == 3", appleOutput: true,
        object: ["a": [1, 2, 3]], outcome: .holds(true)),
      Case(
        source: daydreamboy, format: "%K like %@", arguments: ["firstName", "Adam"],
        printed: #"firstName LIKE "Adam""#, appleOutput: true, object: ["firstName": "Adam"],
        outcome: .holds(true)),
      Case(
        source: daydreamboy, format: "SELF like[c] 'prefix*suffix'",
        printed: #"SELF LIKE[c] "prefix*suffix""#, appleOutput: true,
        object: "prefixxxxxxsuffix", outcome: .holds(true)),
      // printf specifiers (issue 29 item 4; the types are printf's).
      Case(
        source: "issue 29: Core Data id lookups, NSPredicate(format: \"%K == %lld\", …)",
        format: "%K == %lld", arguments: ["id", 42], printed: "id == 42", object: ["id": 42],
        outcome: .holds(true)),
      Case(
        source: "issue 29: printf specifiers", format: "%K == %lu AND %K == %hd AND %K == %hhd",
        arguments: ["a", 1, "b", 2, "c", 3], printed: "a == 1 AND b == 2 AND c == 3",
        object: ["a": 1, "b": 2, "c": 3], outcome: .holds(true)),
      Case(
        source: "issue 29: printf specifiers", format: "flags == %x OR flags == %X OR flags == %o",
        arguments: [255, 16, 8], printed: "flags == 255 OR flags == 16 OR flags == 8",
        object: ["flags": 8], outcome: .holds(true)),
      Case(
        source: "issue 29: printf specifiers", format: "name == %s AND initial == %c",
        arguments: ["Ann", 65], printed: #"name == "Ann" AND initial == "A""#,
        object: ["name": "Ann", "initial": "A"], outcome: .holds(true)),
      Case(
        source: "issue 29: printf specifiers", format: "%1$K > %2$e AND %1$K < %3$g",
        arguments: ["rating", 1.5, 4.5], printed: "rating > 1.5 AND rating < 4.5",
        object: ["rating": 3.5], outcome: .holds(true)),
      // Apple's parser checks no types ("The parser does not perform semantic type
      // checking", Predicate Programming Guide, "Creating Predicates"): these are made, and
      // evaluating them raises (issue 29 item 2).
      Case(
        source: typeChecks, format: "%@ > %d", arguments: ["abc", 3], printed: #""abc" > 3"#,
        outcome: .raises(#"1:4: cannot compare "abc" (a string) with an integer using >"#)),
      Case(
        source: typeChecks, format: "age LIKE 10", printed: "age LIKE 10", object: ["age": 10],
        outcome: .raises("1:10: LIKE compares strings, but 10 is an integer")),
      Case(
        source: typeChecks, format: "age IN 10", printed: "age IN 10", object: ["age": 10],
        outcome: .raises(
          "1:8: IN needs a collection such as {1, 2} or a string on its right, not an integer")),
      Case(
        source: typeChecks, format: "age BETWEEN 25", printed: "age BETWEEN 25",
        object: ["age": 25],
        outcome: .raises("1:13: BETWEEN needs two bounds on its right, as in BETWEEN {1, 5}")),
      Case(
        source: typeChecks, format: "SELF = %@ AND %K = min(%@)", arguments: ["b", "rating", 5],
        printed: #"SELF == "b" AND rating == min(5)"#, object: "c", outcome: .holds(false)),
      Case(
        source: typeChecks, format: "%K = min(%@)", arguments: ["rating", 5],
        printed: "rating == min(5)", object: ["rating": 5],
        outcome: .raises("1:10: min() takes a collection, not an integer")),
      Case(
        source: typeChecks, format: "%K = min(%@)", arguments: ["rating", [5, 3]],
        printed: "rating == min({5, 3})", sameTree: false, object: ["rating": 3],
        outcome: .holds(true)),
      Case(
        source: zotero, format: "any item.collections.@count == 0",
        printed: "ANY item.collections.@count == 0", object: ["item": ["collections": []]],
        outcome: .raises(
          "1:5: ANY needs a collection on its left (a to-many key path or {…}), but item.collections.@count is an integer"
        )),
      // A variable as a later key path component (BNF: keypath_expression ::= expression
      // "." expression): the key its string names (test_evaluateWithObject_
      // substitutionVariables); a number there raises (test_exception: "$a.$b > 1" with
      // a = [2], b = 0).
      Case(
        source: daydreamboy, format: "$a.$b == 'ABC'", printed: #"$a.$b == "ABC""#,
        variables: ["a": ["a": "ABC"], "b": "a"], outcome: .holds(true)),
      Case(
        source: daydreamboy, format: "$a[$b].firstName == 'Lily'",
        printed: #"$a[$b].firstName == "Lily""#,
        variables: ["a": ["a": ["firstName": "Lily"]], "b": "a"], outcome: .holds(true)),
      Case(
        source: daydreamboy, format: "$a.$b > 1", printed: "$a.$b > 1",
        variables: ["a": [2], "b": 0],
        outcome: .raises("1:1: a key path's key must be a string, not an integer (0)")),
      // NSComparisonPredicate's custom selector (Operator.customSelector): parsed and
      // printed; it sends an Objective-C message, which bowq cannot, so it fails when
      // evaluated. An app passes a class (a string here: bowq reads no classes).
      Case(
        source: alcatraz, format: "(self isKindOfClass: %@)", arguments: ["ATZPackage"],
        printed: #"SELF isKindOfClass: "ATZPackage""#, object: "x",
        outcome: .raises(
          "1:1: isKindOfClass: sends an Objective-C message to SELF, and bowq has no Objective-C methods to call: compare values with the operators instead (==, IN, BEGINSWITH, …)"
        )),
      Case(
        source: alcatraz,
        format:
          "(name contains[cd] %@ OR description contains[cd] %@) AND (self isKindOfClass: %@)",
        arguments: ["x", "x", "ATZPackage"],
        printed:
          #"(name CONTAINS[cd] "x" OR description CONTAINS[cd] "x") AND SELF isKindOfClass: "ATZPackage""#,
        object: ["name": "y", "description": "y"], outcome: .holds(false)),
      // Unknown collection operators parse and fail when evaluated (issue 29 item 3).
      Case(
        source: "issue 29: an unknown KVC operator", format: "children.@average.age > 1",
        printed: "children.@average.age > 1", object: ["children": [["age": 3]]],
        outcome: .raises("1:1: unknown collection operator @average.")),
      Case(
        source: "issue 29: an unknown KVC operator", format: "@K == YES", printed: "@K == 1",
        sameTree: false, object: [String: Any](),
        outcome: .raises("1:1: unknown collection operator @K.")),
    ]
  }

  func testEveryFormatStringParsesPrintsReadsBackAndEvaluates() throws {
    for c in Self.cases {
      let label = "\(c.format) — \(c.source)"
      let predicate: FormatPredicate
      do {
        predicate = try FormatPredicate(format: c.format, argumentArray: c.arguments)
      } catch {
        XCTFail("\(label): refused: \(error)")
        continue
      }
      XCTAssertEqual(
        predicate.predicateFormat, c.printed,
        "\(label)\(c.appleOutput ? " (Apple's output)" : "")")
      let reread = try FormatPredicate(format: predicate.predicateFormat)
      XCTAssertEqual(reread.predicateFormat, predicate.predicateFormat, label)
      if c.sameTree {
        XCTAssertEqual(reread.syntax, predicate.syntax, "\(label): the printed form reads back")
      }
      for (p, isReread) in [(predicate, false), (reread, true)] {
        switch c.outcome {
        case .holds(let expected):
          XCTAssertEqual(
            try p.evaluate(with: c.object, substitutionVariables: c.variables), expected, label)
        case .raises(let message):
          XCTAssertThrowsError(
            try p.evaluate(with: c.object, substitutionVariables: c.variables), label
          ) { error in
            // The printed form places the error elsewhere where an argument's text is
            // longer than its specifier: compare it without its line and column.
            let withoutPlace = { (text: String) in text.drop { $0 != " " } }
            isReread
              ? XCTAssertEqual(withoutPlace("\(error)"), withoutPlace(message), label)
              : XCTAssertEqual("\(error)", message, label)
          }
        }
      }
    }
  }

  /// The corpus holds the kinds issue 29 names: flags filters, printf specifiers and
  /// FUNCTION forms.
  func testTheCorpusCoversTheIssuesKinds() {
    let formats = Self.cases.map(\.format)
    XCTAssertTrue(formats.contains { $0.contains("& %d") })
    XCTAssertTrue(formats.contains { $0.contains("%lld") })
    XCTAssertTrue(formats.contains { $0.contains("FUNCTION") })
    XCTAssertGreaterThanOrEqual(Self.cases.count, 25)
  }
}
