import BowQ
import Foundation
import XCTest

/// The Swift API's door, attacked: seeded format strings built from a small grammar aimed at
/// the edges (the least integer, division and remainders by zero and -1, TERNARY, CAST of
/// dates out of range or with invalid fields, sums that overflow, specifiers with too few or
/// too many arguments), then broken by cutting and splicing fragments. Each ends in a made
/// predicate that evaluates to a Boolean or an evaluation error, or in a format error:
/// never a crash or a hang.
final class HostileFormatStringTests: XCTestCase {
  private static let atoms = [
    "n", "s", "d", "xs", "$v", "$w", "%@", "%K", "%d", "%f", "-9223372036854775807 - 1",
    "9223372036854775807", "-1", "0", "1", "2.5", "1e308", "nil", "'a'", "\"b\\\"\"", "'%@'",
  ]
  private static let dates = [
    "\"1582-10-10\"", "\"0001-01-01T00:00:00Z\"", "\"2024-02-30\"", "\"2024-01-01T25:00:00Z\"",
    "\"2024-01-01T00:00:00+99:99\"", "1e17", "-63113904001", "0",
  ]
  private static let fragments = [
    "(", ")", "{", "}", ",", "%@", "%K", "$", "'", "\"", "AND", "==", "+", "[", "]", ".",
  ]

  /// An expression of at most `depth` levels.
  private func expression(_ random: inout SplitMix64, depth: Int) -> String {
    guard depth > 0, random.chance(70) else { return random.pick(Self.atoms) }
    let a = expression(&random, depth: depth - 1)
    let b = expression(&random, depth: depth - 1)
    switch random.int(in: 0...10) {
    case 0: return "\(a) \(random.pick(["+", "-", "*", "/", "**"])) \(b)"
    case 1: return "modulus:by:(\(a), \(b))"
    case 2:
      return "FUNCTION(\(a), '\(random.pick(["modulus:by:", "divide:by:", "add:to:"]))', \(b))"
    case 3: return "TERNARY(\(predicate(&random, depth: depth - 1)), \(a), \(b))"
    case 4: return "CAST(\(random.pick(Self.dates)), 'NSDate')"
    case 5: return "sum({\(a), \(b)})"
    case 6: return "{\(a), \(b)}.@sum"
    case 7: return "\(random.pick(["abs", "onesComplement", "sqrt", "uppercase"]))(\(a))"
    case 8:
      return "\(random.pick(["leftshift:by:", "rightshift:by:", "raise:toPower:"]))(\(a), \(b))"
    case 9: return "-(\(a))"
    default: return "(\(a))"
    }
  }

  /// A predicate of at most `depth` levels.
  private func predicate(_ random: inout SplitMix64, depth: Int) -> String {
    let a = expression(&random, depth: depth)
    let b = expression(&random, depth: depth)
    switch random.int(in: 0...5) {
    case 0 where depth > 0:
      return "\(predicate(&random, depth: depth - 1)) \(random.pick(["AND", "OR"])) "
        + predicate(&random, depth: depth - 1)
    case 1 where depth > 0: return "NOT (\(predicate(&random, depth: depth - 1)))"
    case 2: return "\(a) \(random.pick(["LIKE", "MATCHES", "CONTAINS[cd]", "BEGINSWITH"])) \(b)"
    case 3: return "\(a) BETWEEN {\(b), \(expression(&random, depth: 0))}"
    default: return "\(a) \(random.pick(["==", "!=", "<", ">=", "IN"])) \(b)"
    }
  }

  func testHostileFormatStringsEndInAResultOrAClearError() {
    let argumentChoices: [Any?] = [
      "n", "s", 3, -1, Int64.min, 2.5, nil, "a.b", "", Date(timeIntervalSinceReferenceDate: 1e17),
    ]
    let object: [String: Any] = [
      "n": Int64.min, "s": "text", "d": Date(timeIntervalSinceReferenceDate: 0),
      "xs": [1, 2, Int64.max],
    ]
    var random = SplitMix64(seed: 31)
    var made = 0
    for _ in 0..<20_000 {
      var format = predicate(&random, depth: 3)
      if random.chance(30) {
        var characters = Array(format)
        let at = random.int(in: 0...characters.count)
        if random.chance(50), at < characters.count {
          characters.removeSubrange(at..<min(characters.count, at + random.int(in: 1...4)))
        } else {
          characters.insert(contentsOf: random.pick(Self.fragments), at: at)
        }
        format = String(characters)
      }
      let arguments = (0..<random.int(in: 0...4)).map { _ in random.pick(argumentChoices) }
      let predicate: FormatPredicate
      do {
        predicate = try FormatPredicate(format: format, argumentArray: arguments)
      } catch {
        XCTAssertFalse(error.message.isEmpty, format)
        continue
      }
      made += 1
      do {
        _ = try predicate.evaluate(with: object, substitutionVariables: ["v": Int64.min, "w": "w"])
      } catch {
        XCTAssertFalse(error.message.isEmpty, format)
      }
    }
    XCTAssertGreaterThan(made, 2_000, "the generator makes predicates, not only syntax errors")
  }
}
