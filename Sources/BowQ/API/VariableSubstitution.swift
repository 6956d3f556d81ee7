extension PredicateSyntax {
  /// The predicate with the variables that `values` gives replaced by constants, as
  /// `predicateWithSubstitutionVariables:` makes it. A SUBQUERY's own variable is not
  /// replaced inside the SUBQUERY.
  func substituting(_ values: [String: Value]) -> PredicateSyntax {
    var result = self
    switch kind {
    case .constant: break
    case .comparison(var c):
      c.lhs = c.lhs.substituting(values)
      c.rhs = c.rhs.substituting(values)
      result.kind = .comparison(c)
    case .customSelector(let lhs, let selector, let rhs):
      result.kind = .customSelector(
        lhs: lhs.substituting(values), selector: selector, rhs: rhs.substituting(values))
    case .not(let p): result.kind = .not(p.substituting(values))
    case .and(let ps): result.kind = .and(ps.map { $0.substituting(values) })
    case .or(let ps): result.kind = .or(ps.map { $0.substituting(values) })
    }
    return result
  }
}

extension ExpressionSyntax {
  /// The expression with the variables that `values` gives replaced by constants.
  func substituting(_ values: [String: Value]) -> ExpressionSyntax {
    var result = self
    switch kind {
    case .constant, .evaluatedObject: break
    case .keyPath(let components):
      result.kind = .keyPath(components.map { $0.substituting(values) })
    case .variable(let name):
      if let value = values[name] { result.kind = .constant(value) }
    case .aggregate(let elements):
      result.kind = .aggregate(elements.map { $0.substituting(values) })
    case .negate(let x): result.kind = .negate(x.substituting(values))
    case .arithmetic(let op, let l, let r):
      result.kind = .arithmetic(op, l.substituting(values), r.substituting(values))
    case .function(let name, let arguments):
      result.kind = .function(name, arguments.map { $0.substituting(values) })
    case .invocation(let receiver, let selector, let arguments):
      result.kind = .invocation(
        receiver: receiver.substituting(values), selector: selector,
        arguments: arguments.map { $0.substituting(values) })
    case .member(let base, let components):
      result.kind = .member(
        base.substituting(values), components.map { $0.substituting(values) })
    case .index(let base, let selector):
      let substituted: IndexSelector =
        if case .at(let i) = selector { .at(i.substituting(values)) } else { selector }
      result.kind = .index(base.substituting(values), substituted)
    case .cast(let x, let type): result.kind = .cast(x.substituting(values), type)
    case .ternary(let condition, let a, let b):
      result.kind = .ternary(
        condition.substituting(values), a.substituting(values), b.substituting(values))
    case .subquery(let collection, let variable, let predicate):
      var inner = values
      inner[variable] = nil
      result.kind = .subquery(
        collection.substituting(values), variable: variable, predicate.substituting(inner))
    }
    return result
  }
}

extension KeyPathComponent {
  /// A `$name` key with a string value given becomes that key; a value of another type stays
  /// the variable, to fail when evaluated as Foundation's key-value coding does.
  func substituting(_ values: [String: Value]) -> KeyPathComponent {
    guard case .variable(let name) = self, case .string(let key)? = values[name] else {
      return self
    }
    return .key(key)
  }
}
