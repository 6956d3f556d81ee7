import Foundation

/// The plain Swift values a dynamic evaluation reads: the value evaluated against, the
/// dictionaries in it and in the variables, and the substitution variables.
///
/// A dictionary travels through collections, SUBQUERY variables and comparisons as a
/// ``Value/object(_:)`` of the pseudo-entity ``dictionaryEntity``, whose key is the
/// dictionary's position in ``dictionaries``. It is a class so that an ``EvaluationScope``
/// carries it as one reference, which the typed path of entities leaves nil.
final class DynamicScope: Sendable {
  /// The entity name of the objects that stand for dictionaries.
  static let dictionaryEntity = "dictionary"

  let root: Value
  let dictionaries: [[String: Value]]
  let variables: [String: Value]

  init(root: Value, dictionaries: [[String: Value]], variables: [String: Value]) {
    self.root = root
    self.dictionaries = dictionaries
    self.variables = variables
  }

  /// What a scope with no plain values reads: nil, no dictionaries and no variables.
  static let empty = DynamicScope(root: .null, dictionaries: [], variables: [:])

  /// The object that stands for the dictionary at `position`.
  static func reference(toDictionaryAt position: Int) -> Value {
    .object(ObjectID(entity: dictionaryEntity, key: Int64(position)))
  }

  /// The dictionary a value stands for, if it stands for one.
  func dictionary(_ value: Value) -> [String: Value]? {
    guard case .object(let id) = value, id.entity == Self.dictionaryEntity,
      let position = Int(exactly: id.key), dictionaries.indices.contains(position)
    else { return nil }
    return dictionaries[position]
  }

  /// The value of `key` in a dictionary, nil in nil, and the values of every element of a
  /// collection (flattened, nils left out, as a to-many key path reads). Other values have
  /// the keys KVC gives every object — `self`, the value itself — and those of their kind
  /// (``ValueKey``: a string's `length`, a number's `stringValue`, …), and no others: asking
  /// for one is an error, as `valueForKey:` raises.
  func value(forKey key: String, of value: Value, range: SourceRange) throws(EvaluationError)
    -> Value
  {
    try ExpressionCompiler.collecting(value) { element throws(EvaluationError) in
      if element.isNull { return .null }
      guard let dictionary = dictionary(element) else {
        if key == "self" { return element }
        if let function = ValueKey.function(for: key, on: element) {
          return try function.apply([element], now: Date(), range: range)
        }
        throw EvaluationError(
          "cannot read the key \"\(key)\" of \(ValueType(of: element)) (\(element.literalText)): "
            + "key paths read dictionaries and collections of them",
          at: range)
      }
      return dictionary[key] ?? .null
    }
  }
}

extension ExpressionCompiler {
  /// A dynamic lookup, reading the scope's ``DynamicScope`` (``DynamicScope/empty`` when it
  /// has none).
  func compile(_ lookup: DynamicLookup, range: SourceRange) -> CompiledExpression {
    switch lookup {
    case .root:
      return { scope in (scope.dynamic ?? .empty).root }
    case .variable(let name):
      return { scope throws(EvaluationError) in
        let variables = (scope.dynamic ?? .empty).variables
        guard let value = variables[name] else {
          throw EvaluationError(
            "unbound variable $\(name): give it a value in the substitution variables."
              + NameSuggestion.hint(for: name, among: Array(variables.keys)),
            at: range)
        }
        return value
      }
    case .key(let key, let base):
      let source = compile(base)
      return { scope throws(EvaluationError) in
        try (scope.dynamic ?? .empty).value(forKey: key, of: try source(scope), range: range)
      }
    case .keyNamed(let name, let base):
      let (key, source) = (compile(name), compile(base))
      return { scope throws(EvaluationError) in
        let named = try key(scope)
        guard case .string(let key) = named else {
          throw EvaluationError(
            "a key path's key must be a string, not \(ValueType(of: named)) "
              + "(\(named.literalText))",
            at: range)
        }
        return try (scope.dynamic ?? .empty).value(forKey: key, of: try source(scope), range: range)
      }
    case .elements(let base):
      let source = compile(base)
      return { scope throws(EvaluationError) in
        let value = try source(scope)
        guard let dictionary = (scope.dynamic ?? .empty).dictionary(value) else { return value }
        return .collection(Array(dictionary.values))
      }
    case .unsupported(let message):
      return { _ throws(EvaluationError) in throw EvaluationError(message, at: range) }
    case .stringOperand(let base, let op):
      let source = compile(base)
      return { scope throws(EvaluationError) in
        let value = try source(scope)
        switch value {
        case .string, .null: return value
        case .collection where op == .contains: return value
        default:
          throw EvaluationError(
            "\(op.rawValue) compares strings, not \(ValueType(of: value)) (\(value.literalText))",
            at: range)
        }
      }
    }
  }
}
