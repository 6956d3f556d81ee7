extension PredicateSyntax {
  /// The names of the `$variables` the predicate reads, each once, in the order written:
  /// those `withSubstitutionVariables(_:)` gives values. A SUBQUERY's own variable is not
  /// one of them inside the SUBQUERY.
  public var variableNames: [String] {
    var names: [String] = []
    collectVariables(into: &names, bound: [])
    return names
  }

  fileprivate func collectVariables(into names: inout [String], bound: Set<String>) {
    switch kind {
    case .constant: break
    case .comparison(let c):
      c.lhs.collectVariables(into: &names, bound: bound)
      c.rhs.collectVariables(into: &names, bound: bound)
    case .customSelector(let lhs, _, let rhs):
      lhs.collectVariables(into: &names, bound: bound)
      rhs.collectVariables(into: &names, bound: bound)
    case .not(let inner): inner.collectVariables(into: &names, bound: bound)
    case .and(let operands), .or(let operands):
      for operand in operands { operand.collectVariables(into: &names, bound: bound) }
    }
  }
}

extension ExpressionSyntax {
  fileprivate func collectVariables(into names: inout [String], bound: Set<String>) {
    func add(_ name: String) {
      if !bound.contains(name), !names.contains(name) { names.append(name) }
    }
    func addKeys(_ components: [KeyPathComponent]) {
      for case .variable(let name) in components { add(name) }
    }
    switch kind {
    case .constant, .evaluatedObject: break
    case .keyPath(let components): addKeys(components)
    case .variable(let name): add(name)
    case .aggregate(let elements), .function(_, let elements):
      for element in elements { element.collectVariables(into: &names, bound: bound) }
    case .negate(let operand), .cast(let operand, _):
      operand.collectVariables(into: &names, bound: bound)
    case .arithmetic(_, let l, let r):
      l.collectVariables(into: &names, bound: bound)
      r.collectVariables(into: &names, bound: bound)
    case .invocation(let receiver, _, let arguments):
      for operand in [receiver] + arguments { operand.collectVariables(into: &names, bound: bound) }
    case .member(let base, let components):
      base.collectVariables(into: &names, bound: bound)
      addKeys(components)
    case .index(let base, let selector):
      base.collectVariables(into: &names, bound: bound)
      if case .at(let index) = selector { index.collectVariables(into: &names, bound: bound) }
    case .ternary(let condition, let a, let b):
      condition.collectVariables(into: &names, bound: bound)
      a.collectVariables(into: &names, bound: bound)
      b.collectVariables(into: &names, bound: bound)
    case .subquery(let collection, let variable, let predicate):
      collection.collectVariables(into: &names, bound: bound)
      predicate.collectVariables(into: &names, bound: bound.union([variable]))
    }
  }
}
