import BowQ

/// Where the rules a failed save or validation broke were declared: for each property (or
/// entity, for its `check` rules) that failed, its line of the entity's definition, as
/// `.schema` prints it, so the learner sees the rule as it was written.
enum RuleDeclarations {
  /// One line for each property and entity of `errors`, in the order they first fail.
  static func lines(for errors: [ValidationError], in model: Model) -> [String] {
    var seen: Set<String> = []
    var lines: [String] = []
    for error in errors {
      guard let entity = model.entity(named: error.object.entity),
        seen.insert("\(entity.name).\(error.key)").inserted,
        let declaration = declaration(of: error.key, in: entity)
      else { continue }
      lines.append("Declared in entity \(entity.name): \(declaration)")
    }
    return lines
  }

  /// The definition line of the property `key`, or the entity's `check` rules when `key` is
  /// the entity's own name.
  private static func declaration(of key: String, in entity: Entity) -> String? {
    if let attribute = entity.attributes.first(where: { $0.name == key }) {
      return trimmed(EntitySchemaFormatter.attributeLine(attribute))
    }
    if let relationship = entity.relationship(named: key) {
      return trimmed(EntitySchemaFormatter.relationshipLine(relationship))
    }
    guard key == entity.name, !entity.rules.isEmpty else { return nil }
    return entity.rules.map { "check \($0.predicate) else \(Value.quoted($0.message))" }
      .joined(separator: "; ")
  }

  private static func trimmed(_ line: String) -> String {
    String(line.drop { $0 == " " })
  }
}
