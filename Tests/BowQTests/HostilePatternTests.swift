import XCTest

@testable import BowQ

/// Thousands of generated regular expressions, many of them built to backtrack without end
/// (nested and overlapping repetition, `.*` chains, long counts), each used in MATCHES on
/// strings made to make them fail late: every pattern is refused with an error, or every
/// match answers or gives up with an error naming the pattern, within a bounded time.
final class HostilePatternTests: XCTestCase {
  /// Pieces a pattern is made of, chosen for the backtracking they cause.
  private static let atoms = [
    "a", "aa", "b", ".", "\\w", "\\d", "[ab]", "[^b]", "\\s", "x", "(?:a|b)", "\\.", "[a-z]",
  ]
  private static let quantifiers = ["", "", "*", "+", "?", "{2}", "{1,30}", "{3,}", "*?", "++"]

  private func pattern(_ random: inout SplitMix64, depth: Int = 0) -> String {
    var pieces: [String] = []
    for _ in 0..<random.int(in: 1...4) {
      var piece: String
      if depth < 3, random.chance(35) {
        let alternatives = (0..<random.int(in: 1...3)).map { _ in
          pattern(&random, depth: depth + 1)
        }
        piece = "(" + alternatives.joined(separator: "|") + ")"
      } else {
        piece = random.pick(Self.atoms)
      }
      pieces.append(piece + random.pick(Self.quantifiers))
    }
    return pieces.joined() + (random.chance(20) ? "$" : "")
  }

  /// A subject that nearly matches: runs of `a` with a stray character at the end.
  private func subject(_ random: inout SplitMix64) -> String {
    String(repeating: random.pick(["a", "ab", "a.", "a "]), count: random.int(in: 0...30))
      + random.pick(["", "b", "!", "\n", "é"])
  }

  func testGeneratedPatternsAreRefusedOrBounded() throws {
    var random = SplitMix64(seed: 12)
    var refused = 0
    var gaveUp = 0
    let start = Date()
    for _ in 0..<3_000 {
      let text = pattern(&random)
      let regex: RegularExpression
      do {
        regex = try RegularExpression(text, options: random.chance(20) ? [.caseInsensitive] : [])
      } catch {
        refused += 1
        XCTAssertTrue(error.message.contains(Value.quoted(text)), error.message)
        continue
      }
      for _ in 0..<3 {
        let value = subject(&random)
        let matchStart = Date()
        do {
          _ = try regex.matches(value)
        } catch {
          gaveUp += 1
          XCTAssertTrue(error.message.contains(Value.quoted(text)), error.message)
        }
        XCTAssertLessThan(Date().timeIntervalSince(matchStart), 0.5, "\(text) on \(value)")
      }
    }
    XCTAssertGreaterThan(refused, 100, "the generator makes shapes the check refuses")
    XCTAssertGreaterThan(gaveUp, 0, "and shapes it lets through that the budget stops")
    XCTAssertLessThan(Date().timeIntervalSince(start), 20)
  }
}
