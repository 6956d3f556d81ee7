import BowQ
import XCTest

/// Checks that a predicate's `why` tree agrees with the predicate's evaluation: its root is
/// what `evaluate(with:)` answers (or fails as it fails) on every object given, and every
/// AND, OR and NOT node follows from its operands as the engine's short-circuits decide.
enum WhyAgreement {
  /// The objects every conformance predicate is also tried on: the sample's ties and Ann.
  static var objects: [Any?] { [Wardrobe.ann, Wardrobe.red, Wardrobe.blue, Wardrobe.polka] }

  /// The tree agrees with the evaluation on `object` and on each of ``objects``.
  static func check(
    _ predicate: FormatPredicate, on object: Any?, variables: [String: Any?],
    file: StaticString, line: UInt
  ) {
    for candidate in [object] + objects {
      let expected: WhyOutcome
      do {
        expected = .value(
          try predicate.evaluate(with: candidate, substitutionVariables: variables))
      } catch {
        expected = .failed(error.message)
      }
      do {
        let tree = try predicate.why(with: candidate, substitutionVariables: variables)
        XCTAssertEqual(
          tree.outcome, expected, "why \(predicate) disagrees with evaluate", file: file,
          line: line)
        checkShortCircuits(tree, predicate, file: file, line: line)
      } catch {
        XCTAssertEqual(
          .failed(error.message), expected, "why \(predicate) failed", file: file, line: line)
      }
    }
  }

  /// Every node below an evaluated node follows from its operands: AND is the first false
  /// (or failed) operand, or true; OR the first true (or failed), or false; the operands
  /// after the deciding one are skipped, and a skipped node has only skipped parts.
  static func checkShortCircuits(
    _ node: WhyNode, _ predicate: FormatPredicate, file: StaticString, line: UInt
  ) {
    let message = "\(node.text) in why \(predicate)"
    if node.outcome == .skipped {
      for child in node.children {
        XCTAssertEqual(child.outcome, .skipped, message, file: file, line: line)
      }
      return
    }
    switch node.kind {
    case .and, .or:
      let deciding = node.kind == .or
      var decided: WhyOutcome?
      for child in node.children {
        if decided != nil {
          XCTAssertEqual(child.outcome, .skipped, message, file: file, line: line)
        } else if child.outcome == .value(deciding) || isFailure(child.outcome) {
          decided = child.outcome
        } else {
          XCTAssertEqual(child.outcome, .value(!deciding), message, file: file, line: line)
        }
      }
      XCTAssertEqual(node.outcome, decided ?? .value(!deciding), message, file: file, line: line)
    case .not:
      if case .value(let inner)? = node.children.first?.outcome {
        XCTAssertEqual(node.outcome, .value(!inner), message, file: file, line: line)
      } else {
        XCTAssertEqual(node.outcome, node.children.first?.outcome, message, file: file, line: line)
      }
    case .comparison, .constant:
      XCTAssertEqual(node.children, [], message, file: file, line: line)
    }
    for child in node.children { checkShortCircuits(child, predicate, file: file, line: line) }
  }

  private static func isFailure(_ outcome: WhyOutcome) -> Bool {
    if case .failed = outcome { return true }
    return false
  }
}
