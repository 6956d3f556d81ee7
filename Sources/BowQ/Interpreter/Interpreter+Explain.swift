extension Interpreter {
  /// How a statement would run, step by step, without running it.
  func explain(_ statement: Statement, _ bound: BoundStatement) -> [String] {
    func scan(_ entity: Entity, _ predicate: PredicateSyntax?) -> [String] {
      let count = context.graph.table(entity.name).count
      var lines = ["scan \(Self.count(count, entity.name))"]
      if let predicate { lines.append("filter \(PredicateFormatter.format(predicate))") }
      return lines
    }
    func assignments(_ list: [Assignment]) -> [String] {
      list.map { assignment in
        let value: String
        switch assignment.value {
        case .expression(let e): value = PredicateFormatter.format(e)
        case .objects(let entity, let predicate):
          value = "\(entity.text) where \(PredicateFormatter.format(predicate))"
        }
        return "set \(assignment.key.text) \(assignment.op.rawValue) \(value)"
      }
    }
    switch (statement.kind, bound) {
    case (.fetch(let request), .fetch(let fetch)):
      var lines = scan(fetch.entity, request.predicate)
      if let select = request.select {
        if !request.groupBy.isEmpty {
          lines.append(
            "group by " + request.groupBy.map(PredicateFormatter.format).joined(separator: ", "))
        }
        lines.append(
          "select \(request.distinct ? "distinct " : "")"
            + select.map { item in
              PredicateFormatter.format(item.expression)
                + (item.alias.map { " as \($0.text)" } ?? "")
            }.joined(separator: ", "))
        if let having = request.having {
          lines.append("having \(PredicateFormatter.format(having))")
        }
      }
      if !request.sort.isEmpty {
        lines.append(
          "sort by "
            + request.sort.map { key in
              "\(PredicateFormatter.format(key.key)) \(key.ascending ? "ascending" : "descending")"
                + (key.comparison == .compare ? "" : " \(key.comparison.rawValue)")
            }.joined(separator: ", "))
      }
      if let offset = request.offset { lines.append("skip \(offset)") }
      if let limit = request.limit { lines.append("take \(limit)") }
      if request.select == nil { lines.append("select as the current selection") }
      return lines
    case (.count(_, let predicate), .count(let entity, _)):
      return scan(entity, predicate) + ["count"]
    case (.update(_, let predicate, let list), .update(let entity, _, _)):
      return scan(entity, predicate) + assignments(list)
    case (.delete(_, let predicate), .delete(let entity, _)):
      return scan(entity, predicate) + ["delete, applying the delete rules (pending until save)"]
    case (.set(let list), _):
      let count = selection.map { $0.ids.filter(context.graph.contains).count } ?? 0
      return ["take the current selection (\(Self.count(count, selection?.entity ?? "object")))"]
        + assignments(list)
    default:
      return ["run \(statement.kind)"]
    }
  }
}
