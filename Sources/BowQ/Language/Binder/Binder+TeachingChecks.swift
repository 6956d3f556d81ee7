extension Binder {
  /// Both sides of a comparison bound. A side that is a bare word naming no property of
  /// the entity, compared with a string, was most likely meant as a string: the error says
  /// so, with the comparison quoted (`searchKey == R` → `searchKey == "R"`).
  func bindOperands(_ c: Comparison, on entity: Entity?) throws(LanguageError)
    -> (BoundExpression, BoundExpression)
  {
    let lhs: BoundExpression
    do {
      lhs = try bind(c.lhs, on: entity)
    } catch {
      throw unquotedString(error, in: c, side: \.lhs, other: c.rhs, on: entity)
    }
    do {
      return (lhs, try bind(c.rhs, on: entity))
    } catch {
      throw unquotedString(error, in: c, side: \.rhs, other: c.lhs, on: entity)
    }
  }

  /// `error`, with the hint that the `side` of `c` may have been meant as a string.
  private func unquotedString(
    _ error: LanguageError, in c: Comparison, side: WritableKeyPath<Comparison, ExpressionSyntax>,
    other: ExpressionSyntax, on entity: Entity?
  ) -> LanguageError {
    let written = c[keyPath: side]
    guard !isDynamic, let entity, case .keyPath(let path) = written.kind, path.count == 1,
      case .key(let word) = path[0], !entity.propertyNames.contains(word),
      (try? bind(other, on: entity))?.type == .string
    else { return error }
    var quoted = c
    let string = ExpressionSyntax(.constant(.string(word)), range: written.range)
    quoted[keyPath: side] = string
    let fixed = PredicateFormatter.format(
      PredicateSyntax(.comparison(quoted), range: written.range))
    var hinted = error
    hinted.message += " If you meant the string \(Value.quoted(word)), quote it: \(fixed)"
    return hinted
  }

  /// Refuses `==` and `!=` between a to-many and one value (`ties.name == "Blue"`), which
  /// Core Data refuses to fetch: the error shows the comparison with ANY. Plain values of
  /// the Swift API are not checked, as Foundation does not check them.
  func checkEquality(_ c: Comparison, _ lhs: BoundExpression, _ rhs: BoundExpression)
    throws(LanguageError)
  {
    guard !isDynamic, c.modifier == .direct, lhs.type.isCollection,
      ![.unknown, .null].contains(rhs.type), !rhs.type.isCollection
    else { return }
    var any = c
    any.modifier = .any
    let suggestion = PredicateFormatter.format(
      PredicateSyntax(.comparison(any), range: c.lhs.range))
    throw LanguageError(
      .semantic,
      "\(describe(c.lhs)) is \(lhs.type), and a collection never equals one value: compare "
        + "its elements with ANY, ALL or NONE (\(suggestion)), or count them with @count",
      at: c.lhs.range)
  }
}
