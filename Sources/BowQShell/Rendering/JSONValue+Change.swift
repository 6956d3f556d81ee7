import BowQ

extension JSONValue {
  /// A pending change as JSON, for `changes` with `--json`: the kind, the object, and its
  /// values or, for an update, each changed attribute's old and new value.
  init(_ change: Change) {
    switch change {
    case .inserted(let id, let values), .deleted(let id, let values):
      let kind = if case .inserted = change { "inserted" } else { "deleted" }
      self = .object([
        ("change", .string(kind)), ("object", .string(id.description)),
        ("values", .object(values.map { ($0.name, JSONValue($0.value)) })),
      ])
    case .updated(let id, let attributes):
      self = .object([
        ("change", .string("updated")), ("object", .string(id.description)),
        (
          "attributes",
          .object(
            attributes.map {
              ($0.name, .object([("old", JSONValue($0.old)), ("new", JSONValue($0.new))]))
            })
        ),
      ])
    case .entityDefined(let name):
      self = .object([("change", .string("entityDefined")), ("entity", .string(name))])
    }
  }
}
