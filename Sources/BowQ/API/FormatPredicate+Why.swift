extension FormatPredicate {
  /// Why `object` satisfies the predicate or not: the predicate as a tree, each node with
  /// its value for the object and the facts that decided it (the operands' values, the nil
  /// rules, the strings `[c]` and `[d]` folded, the element that decided ANY or ALL, …).
  /// The root's outcome is what ``evaluate(with:substitutionVariables:)`` answers; where
  /// evaluating fails, the node that failed says so.
  ///
  /// - Throws: ``PredicateEvaluationError`` when the object or a variable is a value bowq
  ///   cannot read, or the predicate does not fit an object of a graph.
  public func why(with object: Any?, substitutionVariables: [String: Any?] = [:])
    throws(PredicateEvaluationError) -> WhyNode
  {
    let setting: EvaluationSetting
    let bound: BoundPredicate
    if let object = object as? GraphObject {
      setting = try EvaluationSetting(object: object, variables: substitutionVariables)
      bound = try setting.bind { binder, entity throws(LanguageError) in
        try binder.bind(syntax, on: entity)
      }
    } else {
      setting = try EvaluationSetting(plain: object, variables: substitutionVariables)
      bound = try setting.bind { binder, _ throws(LanguageError) in
        try binder.bind(syntax, on: nil)
      }
    }
    let tracer = WhyTracer(
      compiler: PredicateCompiler(expressions: setting.compiler), scope: setting.scope)
    return tracer.trace(syntax, bound)
  }
}
