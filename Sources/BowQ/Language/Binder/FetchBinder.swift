extension Binder {
  /// A fetch request: its predicate, sort keys and — with `select` — its result columns,
  /// grouping and `having`.
  func bind(_ request: FetchRequest) throws(LanguageError) -> BoundFetch {
    let entity = try entity(request.entity)
    let predicate = try bindFilter(request.predicate, on: entity)
    guard let select = request.select else {
      if let first = request.groupBy.first {
        throw LanguageError(
          .semantic,
          "group by needs select: say which columns each group gives (select key, count() …)",
          at: first.range)
      }
      if let having = request.having {
        throw LanguageError(.semantic, "having needs select … group by", at: having.range)
      }
      var sort: [BoundSortKey] = []
      for key in request.sort {
        sort.append(
          BoundSortKey(
            value: try sortValue(key.key, on: entity), ascending: key.ascending,
            comparison: key.comparison))
      }
      return BoundFetch(
        request: request, entity: entity, predicate: predicate, sort: sort, limit: request.limit,
        offset: request.offset,
        projection: nil)
    }
    let projection = try bindProjection(select, request, on: entity)
    let results = resultBinder(projection)
    // Result rows that stand one for one for objects are sorted as the objects, before the
    // columns are worked out: any property sorts them, as on NSFetchRequest, and `sort … limit`
    // works out the columns of the objects it keeps only. Groups, distinct rows and rows
    // filtered by `having` exist only as rows, and sort by their columns.
    let sortsRows = projection.isGrouped || projection.distinct || projection.having != nil
    var sort: [BoundSortKey] = []
    for key in request.sort {
      let value: BoundExpression
      let column = resultColumn(named: key.key, in: projection)
      if sortsRows {
        guard let column else {
          throw LanguageError(
            .semantic,
            "with group by, distinct or having, sort by one of the result columns: "
              + projection.columns.map(\.name).joined(separator: ", "),
            at: key.key.range)
        }
        value = try results.bind(
          ExpressionSyntax(.keyPath([.key(column.name)]), range: key.key.range),
          on: projection.resultEntity)
      } else if case .expression(let expression)? = column?.value {
        value = expression
      } else {
        value = try sortValue(key.key, on: entity)
      }
      sort.append(BoundSortKey(value: value, ascending: key.ascending, comparison: key.comparison))
    }
    return BoundFetch(
      request: request, entity: entity, predicate: predicate, sort: sort, limit: request.limit,
      offset: request.offset,
      projection: projection, sortsRows: sortsRows)
  }

  /// The result column a sort key names: by its name (`sort by n` for `count() as n`), or as
  /// the expression a column without `as` is named after (`sort by owner.name`, `sort by
  /// count()`).
  private func resultColumn(named key: ExpressionSyntax, in projection: BoundProjection)
    -> BoundColumn?
  {
    let name = PredicateFormatter.format(key)
    return projection.columns.first { $0.name == name }
  }

  private func sortValue(_ key: ExpressionSyntax, on entity: Entity) throws(LanguageError)
    -> BoundExpression
  {
    guard case .keyPath = key.kind else {
      throw LanguageError(
        .semantic, "sort by takes a key path, such as rating or owner.name", at: key.range)
    }
    let value = try bind(key, on: entity)
    if value.type.isCollection {
      throw LanguageError(
        .semantic, "cannot sort by \(PredicateFormatter.format(key)), which is \(value.type)",
        at: key.range)
    }
    return value
  }

  private func bindProjection(_ select: [SelectItem], _ request: FetchRequest, on entity: Entity)
    throws(LanguageError) -> BoundProjection
  {
    var groupBy: [BoundExpression] = []
    var groupTexts: [String] = []
    for key in request.groupBy {
      guard case .keyPath = key.kind else {
        throw LanguageError(.semantic, "group by takes key paths, such as searchKey", at: key.range)
      }
      let bound = try bind(key, on: entity)
      if bound.type.isCollection {
        throw LanguageError(
          .semantic, "cannot group by \(PredicateFormatter.format(key)), which is \(bound.type)",
          at: key.range)
      }
      groupBy.append(bound)
      groupTexts.append(PredicateFormatter.format(key))
    }
    var columns: [BoundColumn] = []
    for item in select {
      let name = item.alias?.text ?? PredicateFormatter.format(item.expression)
      guard !columns.contains(where: { $0.name == name }) else {
        throw LanguageError(
          .semantic, "two columns are named \(name); give one another name with `as`",
          at: item.expression.range)
      }
      if let (aggregate, argument) = try groupAggregate(item.expression, on: entity) {
        let type = aggregate.resultType(.collection(of: argument?.type ?? .unknown))
        columns.append(BoundColumn(name: name, value: .aggregate(aggregate, argument), type: type))
      } else {
        let bound = try bind(item.expression, on: entity)
        columns.append(BoundColumn(name: name, value: .expression(bound), type: bound.type))
      }
    }
    let hasAggregates = columns.contains { if case .aggregate = $0.value { true } else { false } }
    let isGrouped = hasAggregates || !groupBy.isEmpty
    if isGrouped {
      for (item, column) in zip(select, columns) {
        guard case .expression = column.value else { continue }
        let text = PredicateFormatter.format(item.expression)
        guard groupTexts.contains(text) else {
          throw LanguageError(
            .semantic,
            "\(text) is neither grouped nor an aggregate: add it to group by, or use count(), sum(), avg(), min() or max()",
            at: item.expression.range)
        }
      }
    }
    let resultEntity = Entity(
      name: "\(entity.name) result",
      attributes: columns.map {
        Attribute(name: $0.name, type: Self.attributeType(for: $0.type), isOptional: true)
      })
    if let predicate = request.having, !isGrouped {
      throw LanguageError(
        .semantic, "having filters groups: it needs group by or an aggregate", at: predicate.range)
    }
    var projection = BoundProjection(
      columns: columns, distinct: request.distinct, groupBy: groupBy, isGrouped: isGrouped,
      having: nil, resultEntity: resultEntity)
    if let predicate = request.having {
      projection.having = try resultBinder(projection).bind(predicate, on: resultEntity)
    }
    return projection
  }

  /// A binder that sees the result columns as the attributes of an entity of their own.
  func resultBinder(_ projection: BoundProjection) -> Binder {
    var binder = self
    binder.model.define(projection.resultEntity)
    return binder
  }

  /// `count()`, `sum(rating)`, `avg(rating)`, … over a group, when the argument is a value
  /// of each object (a collection argument is the ordinary function). The selector spellings
  /// `sum:(rating)` and `FUNCTION(rating, 'sum:')` are the same aggregates.
  private func groupAggregate(_ e: ExpressionSyntax, on entity: Entity) throws(LanguageError)
    -> (AggregateOperation, BoundExpression?)?
  {
    let called: String
    let arguments: [ExpressionSyntax]
    switch e.kind {
    case .function(let name, let given): (called, arguments) = (name, given)
    case .invocation(let receiver, let selector, let given) where given.isEmpty:
      (called, arguments) = (selector, [receiver])
    default: return nil
    }
    let name = called.hasSuffix(":") ? String(called.dropLast()) : called
    guard let aggregate = AggregateOperation(groupName: name) else { return nil }
    if arguments.isEmpty {
      guard aggregate.countsObjectsWithoutKeyPath else {
        throw LanguageError(
          .semantic, "\(name)() needs a key path to aggregate, such as \(name)(rating)", at: e.range
        )
      }
      return (aggregate, nil)
    }
    guard arguments.count == 1 else { return nil }
    let argument = try bind(arguments[0], on: entity)
    if argument.type.isCollection { return nil }
    if aggregate.takesNumbers, !argument.type.isNumeric, argument.type != .unknown {
      throw LanguageError(
        .semantic,
        "\(name)() adds up numbers, but \(PredicateFormatter.format(arguments[0])) is \(argument.type)",
        at: arguments[0].range)
    }
    return (aggregate, argument)
  }

  /// The attribute type a result column's values have, for `having` and sorting.
  static func attributeType(for type: ValueType) -> AttributeType {
    switch type {
    case .bool: return .bool
    case .integer: return .int64
    case .double, .unknown, .null: return .double
    case .decimal: return .decimal
    case .string: return .string
    case .date: return .date
    case .data, .object, .collection: return .binary
    case .uuid: return .uuid
    case .uri: return .uri
    case .color: return .transformable(.color)
    }
  }
}
