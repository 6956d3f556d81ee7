import BowQ

/// Draws what `why` found: for each object, a line saying whether it matches, then the
/// predicate as a tree, each node with its value and, under a comparison, the values it
/// compared and the rules that decided it.
///
/// ```
/// BowTie/p3 matches rating > 3 AND name CONTAINS[c] "blue"
/// AND: true
/// ├─ rating > 3: true
/// │    rating is 4.5
/// └─ name CONTAINS[c] "blue": true
///      name is "Blue Bow Tie"
///      [c] folds "Blue Bow Tie" to "blue bow tie"
/// ```
enum WhyTreeRenderer {
  /// Every explanation, one after another, separated by a blank line.
  static func render(_ explanations: [WhyExplanation]) -> String {
    guard !explanations.isEmpty else { return "(no objects to explain)\n" }
    return explanations.map(render).joined(separator: "\n")
  }

  /// One object's explanation.
  static func render(_ explanation: WhyExplanation) -> String {
    let lines = [headline(explanation)] + drawing(explanation.tree, skipReason: nil).lines
    return lines.map { ValueText.visible($0) + "\n" }.joined()
  }

  /// One object's explanation in the JSON modes: the object, the predicate, whether it
  /// matches, and the tree, its facts in words.
  static func json(_ explanation: WhyExplanation) -> JSONValue {
    .object([
      ("object", .string(explanation.object.description)),
      ("predicate", .string(explanation.predicate)),
      ("matches", explanation.matches.map(JSONValue.bool) ?? .null),
      ("tree", json(explanation.tree)),
    ])
  }

  private static func json(_ node: WhyNode) -> JSONValue {
    let outcome: JSONValue =
      switch node.outcome {
      case .value(let result): .bool(result)
      case .skipped: .string("skipped")
      case .failed(let message): .string("error: \(message)")
      }
    return .object([
      ("predicate", .string(node.text)), ("value", outcome),
      ("facts", .array(node.facts.map { .string(sentence($0)) })),
      ("children", .array(node.children.map(json))),
    ])
  }

  private static func headline(_ explanation: WhyExplanation) -> String {
    let (object, predicate) = (explanation.object.description, explanation.predicate)
    switch explanation.matches {
    case true?:
      return explanation.expectsMatch
        ? "\(object) matches \(predicate)" : "\(object) does match \(predicate), after all"
    case false?:
      return "\(object) does not match \(predicate)"
    case nil:
      return "\(object): evaluating \(predicate) fails"
    }
  }

  /// A node as drawn: its title and value, its facts, then its children. `skipReason`
  /// says why the node was skipped, for the first operand an AND or OR did not evaluate.
  private static func drawing(_ node: WhyNode, skipReason: String?) -> TreeDrawing {
    var reason = decidedReason(node)
    var children: [TreeDrawing] = []
    for child in node.children {
      children.append(drawing(child, skipReason: child.outcome == .skipped ? reason : nil))
      if child.outcome == .skipped { reason = nil }
    }
    return TreeDrawing(
      title: title(of: node.kind, node.text) + ": " + outcome(node.outcome, skipReason: skipReason),
      details: node.facts.map(sentence), children: children)
  }

  /// What a node is called in a tree: AND, OR and NOT by their operator, the rest by their
  /// text.
  static func title(of kind: WhyNode.Kind, _ text: String) -> String {
    switch kind {
    case .and: return "AND"
    case .or: return "OR"
    case .not: return "NOT"
    case .comparison, .constant: return text
    }
  }

  /// Why the operands of an AND or OR after the deciding one were not evaluated.
  private static func decidedReason(_ node: WhyNode) -> String? {
    switch (node.kind, node.outcome) {
    case (.and, .value(false)): return "AND is false already"
    case (.or, .value(true)): return "OR is true already"
    case (.and, .failed), (.or, .failed): return "evaluation stopped at the error"
    default: return nil
    }
  }

  private static func outcome(_ outcome: WhyOutcome, skipReason: String?) -> String {
    switch outcome {
    case .value(let result): return result ? "true" : "false"
    case .skipped: return "skipped" + (skipReason.map { " (\($0))" } ?? "")
    case .failed(let message): return "error: \(message)"
    }
  }

  /// A value as a fact shows it: strings quoted, dates in ISO 8601, collections in braces.
  private static func shown(_ value: Value) -> String {
    switch value {
    case .string(let text): return Value.quoted(text)
    case .collection(let elements): return "{" + elements.map(shown).joined(separator: ", ") + "}"
    default: return value.displayText
    }
  }

  /// A fact in words.
  static func sentence(_ fact: WhyFact) -> String {
    switch fact {
    case .operand(let text, let value):
      return "\(text) is \(shown(value))"
    case .nilIsNeverOrdered(_, let op, let other):
      switch op {
      case .less, .lessOrEqual, .greater, .greaterOrEqual, .between:
        return "nil is not \(op.rawValue) \(other): comparisons with nil are false"
      default:
        return "nil is no string: \(op.rawValue) with nil is false"
      }
    case .folded(let text, let folded, let options):
      let name = "[\(options.letters)]"
      return text == folded
        ? "\(name) leaves \(Value.quoted(text)) as it is"
        : "\(name) folds \(Value.quoted(text)) to \(Value.quoted(folded))"
    case .differentTypes(let a, let b):
      return "\(ValueType(of: a)) (\(shown(a))) is never equal to "
        + "\(ValueType(of: b)) (\(shown(b))): values of different types never match"
    case .decidingElement(let modifier, let index, let value):
      let effect = modifier == .any ? "true" : "false"
      return "element [\(index)] (\(shown(value))) makes \(modifier.rawValue) \(effect)"
    case .noDecidingElement(let modifier, let count):
      if count == 0 {
        return
          "the collection is empty: \(modifier.rawValue) is \(modifier == .any ? "false" : "true")"
      }
      switch modifier {
      case .all: return "every one of the \(count) elements matches: ALL is true"
      case .none: return "none of the \(count) elements matches: NONE is true"
      case .any, .direct: return "none of the \(count) elements matches: ANY is false"
      }
    case .collectionOperator(let name, let inputs, let result):
      return "@\(name) of \(shown(inputs)) is \(shown(result))"
    case .subquery(let kept, let total):
      return "SUBQUERY kept \(kept.count) of \(total) element\(total == 1 ? "" : "s")"
        + (kept.isEmpty ? "" : ": \(shown(.collection(kept)))")
    }
  }
}
