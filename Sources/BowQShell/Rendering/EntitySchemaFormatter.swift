import BowQ

/// Prints an entity as the `entity` statement that defines it: attributes with their rules,
/// relationships with their destination, inverse, delete rule and counts, `unique (a, b)`,
/// declared indexes and `check` rules, so that the text pasted back defines the same entity.
/// A sub-entity shows `: Parent` and only what it adds to what it inherits; an abstract
/// entity starts with `abstract`.
enum EntitySchemaFormatter {
  /// The model's entities in its order, except that each comes after its parent: the text
  /// read back must define a parent before its sub-entities, and a Core Data store's model
  /// lists its entities by name (`Author` before its parent `Writer`).
  static func definitionOrder(of model: Model) -> [Entity] {
    var placed: Set<String> = []
    var ordered: [Entity] = []
    func place(_ entity: Entity) {
      guard placed.insert(entity.name).inserted else { return }
      if let parent = entity.parent.flatMap(model.entity(named:)) { place(parent) }
      ordered.append(entity)
    }
    model.entities.forEach(place)
    return ordered
  }

  /// `entity`'s definition; with `namingInherited`, the properties it inherits are named in
  /// comments at the top of its body, for an entity shown alone, without its parent beside it.
  static func format(_ entity: Entity, in model: Model, namingInherited: Bool = false)
    -> String
  {
    let parent = entity.parent.flatMap { model.entity(named: $0) }
    let inherited = Set(parent?.propertyNames ?? [])
    var lines = [
      (entity.isAbstract ? "abstract " : "") + "entity \(entity.name)"
        + (entity.parent.map { " : \($0)" } ?? "") + " {"
    ]
    if namingInherited, let parent, !parent.propertyNames.isEmpty {
      lines += commentLines(
        "inherited from \(parent.name): " + parent.propertyNames.joined(separator: ", "))
    }
    lines += entity.attributes.filter { !inherited.contains($0.name) }.map(attributeLine)
    lines += entity.relationships.filter { !inherited.contains($0.name) }.map(relationshipLine)
    for group in entity.uniquenessConstraints.dropFirst(parent?.uniquenessConstraints.count ?? 0) {
      lines.append("  unique (\(group.joined(separator: ", ")))")
    }
    lines += entity.indexes.map(indexLine)
    for rule in entity.rules.dropFirst(parent?.rules.count ?? 0) {
      lines.append("  check \(rule.predicate) else \(Value.quoted(rule.message))")
    }
    return (lines + ["}"]).joined(separator: "\n")
  }

  /// `text` as `--` comment lines of the body, broken between words to fit 100 columns.
  private static func commentLines(_ text: String) -> [String] {
    var lines: [String] = []
    var line = "  --"
    for word in text.split(separator: " ") {
      if line.count + 1 + word.count > 100, line != "  --" {
        lines.append(line)
        line = "  --  "
      } else {
        line += " "
      }
      line += word
    }
    return lines + [line]
  }

  /// `name: Type[?]` with the attribute's rules.
  static func attributeLine(_ a: Attribute) -> String {
    var line = "  \(a.name): \(a.type.name)\(a.isOptional ? "?" : "")"
    if let v = a.defaultValue { line += " default \(literal(v))" }
    if let v = a.minimum { line += " min \(literal(v))" }
    if let v = a.maximum { line += " max \(literal(v))" }
    if let n = a.minLength { line += " minLength \(n)" }
    if let n = a.maxLength { line += " maxLength \(n)" }
    if let p = a.pattern { line += " matches \(Value.quoted(p))" }
    if a.isUnique { line += " unique" }
    if a.allowsExternalStorage { line += " external" }
    return line
  }

  /// `index name`, with its attributes when they are not just the one it is named after,
  /// and `using hash` for a hash index.
  private static func indexLine(_ index: IndexDefinition) -> String {
    var line = "  index \(index.name)"
    if index.elements != [IndexDefinition.Element(attribute: index.name)] {
      let elements = index.elements.map { $0.attribute + ($0.ascending ? "" : " desc") }
      line += " (\(elements.joined(separator: ", ")))"
    }
    if index.kind == .hash { line += " using hash" }
    return line
  }

  /// A value as a definition types it: UUIDs and URIs as the strings they are read from,
  /// which have no literal of their own.
  private static func literal(_ v: Value) -> String {
    switch v {
    case .uuid, .uri: return Value.quoted(v.displayText)
    default: return v.literalText
    }
  }

  /// `name: Entity[?]` (to-one) or `name: [Entity] [ordered]` (to-many), with the inverse,
  /// a delete rule other than the default nullify, and a to-many's counts.
  static func relationshipLine(_ r: Relationship) -> String {
    var line =
      r.isToMany
      ? "  \(r.name): [\(r.destination)]\(r.isOrdered ? " ordered" : "")"
      : "  \(r.name): \(r.destination)\(r.isOptional ? "?" : "")"
    if let inverse = r.inverse { line += " inverse \(inverse)" }
    if r.deleteRule != .nullify { line += " delete \(r.deleteRule.rawValue)" }
    if let n = r.minCount { line += " min \(n)" }
    if let n = r.maxCount { line += " max \(n)" }
    return line
  }

  /// The entity as JSON, for `.schema` under `--json`: its name, parent and abstractness,
  /// every attribute (inherited ones too, as a fetch's columns are) with its type and rules,
  /// every relationship, its uniqueness constraints and declared indexes.
  static func json(_ entity: Entity) -> JSONValue {
    func optional<T>(_ value: T?, _ make: (T) -> JSONValue) -> JSONValue {
      value.map(make) ?? .null
    }
    let attributes = entity.attributes.map { a -> JSONValue in
      .object([
        ("name", .string(a.name)), ("type", .string(a.type.name)),
        ("optional", .bool(a.isOptional)),
        ("default", optional(a.defaultValue, JSONValue.init)),
        ("minimum", optional(a.minimum, JSONValue.init)),
        ("maximum", optional(a.maximum, JSONValue.init)),
        ("minLength", optional(a.minLength, JSONValue.integer)),
        ("maxLength", optional(a.maxLength, JSONValue.integer)),
        ("pattern", optional(a.pattern, JSONValue.string)), ("unique", .bool(a.isUnique)),
        ("external", .bool(a.allowsExternalStorage)),
      ])
    }
    let relationships = entity.relationships.map { r -> JSONValue in
      .object([
        ("name", .string(r.name)), ("destination", .string(r.destination)),
        ("toMany", .bool(r.isToMany)), ("optional", .bool(r.isOptional)),
        ("ordered", .bool(r.isOrdered)), ("inverse", optional(r.inverse, JSONValue.string)),
        ("deleteRule", .string(r.deleteRule.rawValue)),
        ("minCount", optional(r.minCount, JSONValue.integer)),
        ("maxCount", optional(r.maxCount, JSONValue.integer)),
      ])
    }
    return .object([
      ("name", .string(entity.name)), ("parent", optional(entity.parent, JSONValue.string)),
      ("abstract", .bool(entity.isAbstract)), ("attributes", .array(attributes)),
      ("relationships", .array(relationships)),
      ("unique", .array(entity.uniquenessConstraints.map { .array($0.map(JSONValue.string)) })),
      ("indexes", .array(entity.indexes.map { .string($0.name) })),
    ])
  }
}
