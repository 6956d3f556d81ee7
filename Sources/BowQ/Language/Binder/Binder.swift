import Foundation

/// Resolves the names in predicates and expressions against the model, checks their types
/// and folds constants, producing the bound forms the compiler turns into closures.
///
/// Errors are reported here, before any object is evaluated, with the source range of the
/// offending name or operator. The binder is lenient where Foundation is (an `==` between a
/// string and a number is simply false) and strict where Foundation would throw at run time
/// (ordering a string against a number) or Core Data would refuse the fetch (comparing a
/// to-many relationship without ANY, ALL or NONE).
struct Binder {
  var model: Model
  /// Values for `$name` substitution variables.
  var variables: [String: Value]
  /// The reading of the clock used to fold constants; `now()` itself stays live.
  var now: Date
  /// SUBQUERY variables in scope: their slot among the locals and their type.
  var locals: [String: (slot: Int, type: ValueType)] = [:]
  /// Binding for plain Swift values (the Swift API): key paths with no entity, keys of
  /// values whose type is not known, and variables with no value become ``DynamicLookup``s,
  /// resolved during evaluation against the scope's ``DynamicScope``, instead of errors.
  var isDynamic = false
  /// Whether a constant expression whose evaluation fails is kept, to fail only if it is
  /// evaluated, instead of being an error now: so it is in a branch of `TERNARY`, which may
  /// never be taken.
  var defersFoldingErrors = false

  init(model: Model, variables: [String: Value], now: Date) {
    self.model = model
    self.variables = variables
    self.now = now
  }

  // MARK: Entities

  func entity(_ name: Name) throws(LanguageError) -> Entity {
    if let entity = model.entity(named: name.text) { return entity }
    let names = model.entities.map(\.name)
    let known =
      names.isEmpty
      ? " The store has no entities yet: define one with `entity Name { … }`."
      : NameSuggestion.hint(for: name.text, among: names)
    throw LanguageError(.semantic, "unknown entity \"\(name.text)\".\(known)", at: name.range)
  }

  func attribute(_ name: Name, of entity: Entity) throws(LanguageError) -> (Int, Attribute) {
    if let index = entity.index(ofAttribute: name.text) {
      return (index, entity.attributes[index])
    }
    throw unknownProperty(name.text, of: entity, at: name.range)
  }

  func unknownProperty(_ name: String, of entity: Entity, at range: SourceRange) -> LanguageError {
    let what = entity.relationships.isEmpty ? "attribute" : "property"
    return LanguageError(
      .semantic,
      "unknown \(what) \"\(name)\" on \(entity.name)."
        + NameSuggestion.hint(for: name, among: entity.propertyNames),
      at: range)
  }

  // MARK: Predicates

  func bind(_ predicate: PredicateSyntax, on entity: Entity?) throws(LanguageError)
    -> BoundPredicate
  {
    switch predicate.kind {
    case .constant(let value):
      return .constant(value)
    case .not(let inner):
      return .not(try bind(inner, on: entity))
    case .and(let operands):
      var bound: [BoundPredicate] = []
      for operand in operands { bound.append(try bind(operand, on: entity)) }
      return .and(bound)
    case .or(let operands):
      var bound: [BoundPredicate] = []
      for operand in operands { bound.append(try bind(operand, on: entity)) }
      return .or(bound)
    case .comparison(let comparison):
      return .comparison(try bind(comparison, on: entity, range: predicate.range))
    case .customSelector(let lhs, let selector, let rhs):
      let message =
        "\(selector) sends an Objective-C message to \(PredicateFormatter.format(lhs)), and bowq has no "
        + "Objective-C methods to call: compare values with the operators instead (==, IN, "
        + "BEGINSWITH, …)"
      guard isDynamic else {
        throw LanguageError(.semantic, message, at: predicate.range)
      }
      // Names are checked as Apple's parser leaves them, for evaluation; it fails there.
      return .comparison(
        BoundComparison(
          modifier: .direct, lhs: failingWhenEvaluated(message, at: predicate.range), op: .equal,
          options: [], rhs: try bind(rhs, on: entity), range: predicate.range))
    }
  }

  func bind(_ c: Comparison, on entity: Entity?, range: SourceRange) throws(LanguageError)
    -> BoundComparison
  {
    var (lhs, rhs) = try bindOperands(c, on: entity)
    if c.op != .in {
      (lhs, rhs) = (lhs.readingDate(comparedWith: rhs), rhs.readingDate(comparedWith: lhs))
    }
    if isDynamic, c.op == .in, rhs.type == .unknown {
      rhs = BoundExpression(kind: .dynamic(.elements(of: rhs)), type: .unknown, range: rhs.range)
    }
    if isDynamic, c.modifier == .direct, lhs.type == .unknown,
      [.beginsWith, .endsWith, .contains, .like, .matches].contains(c.op)
    {
      lhs = BoundExpression(
        kind: .dynamic(.stringOperand(lhs, c.op)), type: .unknown, range: lhs.range)
    }
    do {
      try checkTypes(c, lhs, rhs)
    } catch {
      // Apple's parser checks no types: NSPredicate(format:) makes the predicate and raises
      // when it is evaluated. A statement is refused now, saying so.
      guard isDynamic else {
        throw LanguageError(.semantic, error.message + Self.appleEvaluatesIt, at: error.range)
      }
      lhs = failingWhenEvaluated(error.message, at: error.range)
    }
    if c.op == .equal || c.op == .notEqual {
      try checkEquality(c, lhs, rhs)
    }
    if c.op == .matches, case .string(let pattern)? = rhs.constantValue {
      do {
        _ = try RegularExpression(pattern, options: c.options)
      } catch {
        throw LanguageError(.semantic, error.message, at: c.rhs.range)
      }
    }
    return BoundComparison(
      modifier: c.modifier, lhs: lhs, op: c.op, options: c.options, rhs: rhs, range: range)
  }

  /// What a statement's type error adds: Apple's parser checks no types, so
  /// `NSPredicate(format:)` (and bowq's ``FormatPredicate``) takes the predicate and fails
  /// only when it evaluates it.
  static let appleEvaluatesIt = "; NSPredicate(format:) takes this and raises when evaluating it"

  /// The checks of a comparison's operand types: a qualifier's collection, a collection
  /// compared without one, operands that cannot be ordered or searched, BETWEEN's two bounds,
  /// IN's collection.
  private func checkTypes(_ c: Comparison, _ lhs: BoundExpression, _ rhs: BoundExpression)
    throws(LanguageError)
  {
    func fail(_ message: String, _ at: SourceRange = c.operatorRange) -> LanguageError {
      LanguageError(.semantic, message, at: at)
    }
    if c.modifier != .direct, !lhs.type.isCollection, lhs.type != .unknown, lhs.type != .null {
      throw fail(
        "\(c.modifier.rawValue) needs a collection on its left (a to-many key path or {…}), but \(describe(c.lhs)) is \(lhs.type)",
        c.lhs.range)
    }
    if c.modifier == .direct, lhs.type.isCollection,
      ![.contains, .equal, .notEqual, .in].contains(c.op)
    {
      throw fail(
        "\(describe(c.lhs)) is \(lhs.type): compare its elements with ANY, ALL or NONE, "
          + "count them with @count, or filter them with SUBQUERY",
        c.lhs.range)
    }
    let left = c.modifier == .direct ? lhs.type : lhs.type.elementType
    switch c.op {
    case .equal, .notEqual:
      break
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      try checkOrderable(left, rhs.type, c, fail)
    case .between:
      let boundTypes: [ValueType]
      switch rhs.kind {
      case .aggregate(let bounds): boundTypes = bounds.map(\.type)
      case .constant(.collection(let bounds)): boundTypes = bounds.map(ValueType.init(of:))
      default: boundTypes = []
      }
      guard boundTypes.count == 2 else {
        if rhs.type == .unknown { break }
        throw fail("BETWEEN needs two bounds on its right, as in BETWEEN {1, 5}", c.rhs.range)
      }
      for type in boundTypes { try checkOrderable(left, type, c, fail) }
    case .in:
      guard rhs.type.isCollection || [.string, .unknown, .null].contains(rhs.type) else {
        throw fail(
          "IN needs a collection such as {1, 2} or a string on its right, not \(rhs.type)",
          c.rhs.range)
      }
      if rhs.type == .string, ![.string, .unknown, .null].contains(left) {
        throw fail(
          "IN with a string on its right needs a string on its left, not \(left)", c.lhs.range)
      }
    case .contains where left.isCollection || left == .unknown:
      break
    case .beginsWith, .endsWith, .contains, .like, .matches:
      for (side, expression) in [(left, c.lhs), (rhs.type, c.rhs)]
      where ![.string, .unknown, .null].contains(side) {
        throw fail(
          "\(c.op.rawValue) compares strings, but \(describe(expression)) is \(side)",
          expression.range)
      }
    }
  }

  private func checkOrderable(
    _ lhs: ValueType, _ rhs: ValueType, _ c: Comparison,
    _ fail: (String, SourceRange) -> LanguageError
  ) throws(LanguageError) {
    guard !lhs.isComparable(with: rhs) else { return }
    var message = "cannot compare \(describe(c.lhs)) (\(lhs)) with \(rhs) using \(c.op.rawValue)"
    if lhs == .date, rhs == .string {
      if case .variable(let name) = c.rhs.kind {
        message +=
          "; give $\(name) an ISO 8601 date such as 2024-01-31, or write "
          + "CAST($\(name), \"NSDate\")"
      } else {
        message += "; write a date as CAST(\"2024-01-31T12:00:00Z\", \"NSDate\")"
      }
    }
    throw fail(message, c.operatorRange)
  }

  /// How an expression is named in a message: its key path, or "the expression".
  func describe(_ e: ExpressionSyntax) -> String {
    if case .keyPath = e.kind { return PredicateFormatter.format(e) }
    if case .constant(let v) = e.kind { return v.literalText }
    return "the expression \(PredicateFormatter.format(e))"
  }
}
