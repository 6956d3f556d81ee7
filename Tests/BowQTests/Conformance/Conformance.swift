import BowQ
import Foundation
import XCTest

/// The checks of the conformance suite. Every case names the statement of Apple's
/// documentation it encodes — the *Predicate Programming Guide* (2014-09-17: "Predicate
/// Format String Syntax", its BNF, "Creating Predicates", "Using Predicates"), the
/// NSPredicate and NSExpression references, or a row of `nspredicate-features.md` where
/// Apple's behaviour is known from public tests — and a failure repeats that citation.
///
/// The cases run through the Swift API, against the plain values of ``Wardrobe``, as
/// code ported from Apple platforms would. Every predicate that is evaluated is also
/// explained (`why`), and the tree must agree with the evaluation (``WhyAgreement``).
enum Conformance {
  /// The predicate evaluates to `expected` for `object`.
  static func check(
    _ citation: String, _ format: String, _ arguments: [Any?] = [], on object: Any? = Wardrobe.ann,
    variables: [String: Any?] = [:], is expected: Bool,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let predicate = try FormatPredicate(format: format, argumentArray: arguments)
      let result = try predicate.evaluate(with: object, substitutionVariables: variables)
      XCTAssertEqual(result, expected, "\(format) — \(citation)", file: file, line: line)
      WhyAgreement.check(predicate, on: object, variables: variables, file: file, line: line)
      IndexAgreement.check(predicate, variables: variables, file: file, line: line)
    } catch {
      XCTFail("\(format): \(error) — \(citation)", file: file, line: line)
    }
  }

  /// The format is refused when the predicate is made, with this error
  /// (`line:column: message`).
  static func rejects(
    _ citation: String, _ format: String, _ arguments: [Any?] = [], error expected: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let predicate = try FormatPredicate(format: format, argumentArray: arguments)
      XCTFail("\(format) was accepted as \(predicate) — \(citation)", file: file, line: line)
    } catch {
      XCTAssertEqual(error.description, expected, "\(format) — \(citation)", file: file, line: line)
    }
  }

  /// The predicate is made, and evaluating it raises this error (`line:column: message`).
  static func raises(
    _ citation: String, _ format: String, _ arguments: [Any?] = [], on object: Any? = Wardrobe.ann,
    variables: [String: Any?] = [:], error expected: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let predicate = try FormatPredicate(format: format, argumentArray: arguments)
      WhyAgreement.check(predicate, on: object, variables: variables, file: file, line: line)
      let result = try predicate.evaluate(with: object, substitutionVariables: variables)
      XCTFail("\(format) evaluated to \(result) — \(citation)", file: file, line: line)
    } catch let error as PredicateEvaluationError {
      XCTAssertEqual(error.description, expected, "\(format) — \(citation)", file: file, line: line)
    } catch {
      XCTFail("\(format): \(error) is no evaluation error — \(citation)", file: file, line: line)
    }
  }

  /// The predicate prints as `canonical`, and the printed form parses back to a predicate
  /// that prints the same (a `YES` prints as `1`, which reads back as the number it equals).
  static func prints(
    _ citation: String, _ format: String, _ arguments: [Any?] = [], as canonical: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let predicate = try FormatPredicate(format: format, argumentArray: arguments)
      XCTAssertEqual(
        predicate.predicateFormat, canonical, "\(format) — \(citation)", file: file, line: line)
      XCTAssertEqual(
        try FormatPredicate(format: predicate.predicateFormat).predicateFormat, canonical,
        "\(canonical) does not parse back — \(citation)", file: file, line: line)
    } catch {
      XCTFail("\(format): \(error) — \(citation)", file: file, line: line)
    }
  }

  /// The expression's value for `object`, compared as bowq values: `expected` is a bowq
  /// literal (`4.5`, `"x"`, `{1, 2}`, `nil`).
  static func value(
    _ citation: String, _ format: String, _ arguments: [Any?] = [], on object: Any? = Wardrobe.ann,
    is expected: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let result = try FormatExpression(format: format, argumentArray: arguments)
        .expressionValue(with: object)
      let actual = try FormatExpression(format: "%@", result).expressionFormat
      XCTAssertEqual(actual, expected, "\(format) — \(citation)", file: file, line: line)
    } catch {
      XCTFail("\(format): \(error) — \(citation)", file: file, line: line)
    }
  }
}

/// The data the cases read: the BowTies sample's ties as dictionaries, and a person who owns
/// some of them (a to-many key path).
enum Wardrobe {
  /// 2001-01-02T00:00:00Z: `CAST(86400, "NSDate")`.
  static let secondDay = Date(timeIntervalSinceReferenceDate: 86_400)

  static var red: [String: Any] {
    [
      "name": "Red Bow Tie", "searchKey": "R", "rating": 3.5, "timesWorn": 4, "isFavorite": false,
      "lastWorn": secondDay,
    ]
  }
  static var blue: [String: Any] {
    [
      "name": "Blue Bow Tie", "searchKey": "B", "rating": 5, "timesWorn": 12, "isFavorite": true,
      "lastWorn": Date(timeIntervalSinceReferenceDate: 0),
    ]
  }
  static var polka: [String: Any] {
    [
      "name": "Polka Dot", "searchKey": "P", "rating": 2.0, "timesWorn": 0, "isFavorite": false,
    ]
  }

  /// A person: a name, an age, nil (`NSNull`) and empty values, a nested dictionary and a
  /// to-many `ties`.
  static var ann: [String: Any] {
    [
      "name": "Ann", "age": 41, "nickname": NSNull(), "note": "", "city": "Zürich",
      "scores": [1, 2, 3], "empty": [Int](), "ties": [red, blue, polka],
      "address": ["street": "Rue du Lac", "zip": 1_003] as [String: Any],
    ]
  }
}
