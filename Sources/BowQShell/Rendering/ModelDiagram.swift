import BowQ

/// The model drawn for `.schema --diagram`: in the terminal, each entity as a box of its
/// attributes with its relationships hanging from it as arrows (`──▶` to-one, `──▶▶`
/// to-many); for documents, Mermaid's `erDiagram` or Graphviz's `dot`.
///
/// A sub-entity shows its own properties and names its parent (`SportCar : Car`); the
/// inherited ones are in the parent's box.
enum ModelDiagram {
  /// The formats `--format` names.
  enum Format: String, CaseIterable {
    case text
    case mermaid
    case dot
  }

  static func render(_ model: Model, as format: Format) -> String {
    switch format {
    case .text: return text(model)
    case .mermaid: return mermaid(model)
    case .dot: return dot(model)
    }
  }

  /// An entity's own attributes and relationships: those its parent does not have.
  private static func ownProperties(_ entity: Entity, in model: Model)
    -> ([Attribute], [Relationship])
  {
    guard let parent = entity.parent.flatMap(model.entity(named:)) else {
      return (entity.attributes, entity.relationships)
    }
    return (
      entity.attributes.filter { parent.index(ofAttribute: $0.name) == nil },
      entity.relationships.filter { parent.relationship(named: $0.name) == nil }
    )
  }

  private static func typeName(_ attribute: Attribute) -> String {
    attribute.type.name + (attribute.isOptional ? "?" : "")
  }

  // MARK: Terminal

  private static func text(_ model: Model) -> String {
    guard !model.entities.isEmpty else { return "(no entities)\n" }
    var lines: [String] = []
    for entity in model.entities {
      let (attributes, relationships) = ownProperties(entity, in: model)
      let title =
        (entity.isAbstract ? "abstract " : "") + entity.name
        + (entity.parent.map { " : \($0)" } ?? "")
      let rows = attributes.map { "\($0.name): \(typeName($0))" }
      let width = ([title] + rows).map(\.count).max() ?? 0
      func row(_ text: String) -> String {
        "│ " + text + String(repeating: " ", count: width - text.count) + " │"
      }
      let rule = String(repeating: "─", count: width + 2)
      lines.append("┌" + rule + "┐")
      lines.append(row(title))
      if !rows.isEmpty {
        lines.append("├" + rule + "┤")
        lines += rows.map(row)
      }
      if relationships.isEmpty {
        lines.append("└" + rule + "┘")
      } else {
        lines.append("└─┬" + String(repeating: "─", count: width) + "┘")
        for (index, relationship) in relationships.enumerated() {
          let branch = index == relationships.count - 1 ? "  └─ " : "  ├─ "
          lines.append(branch + arrow(relationship))
        }
      }
      lines.append("")
    }
    lines.append("──▶ to-one   ──▶▶ to-many")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `owner ──▶ Person (optional, inverse ties)`, `ties ──▶▶ Tie (ordered, inverse owner)`.
  private static func arrow(_ r: Relationship) -> String {
    var notes: [String] = []
    if r.isOptional, !r.isToMany { notes.append("optional") }
    if r.isOrdered { notes.append("ordered") }
    if let inverse = r.inverse { notes.append("inverse \(inverse)") }
    if r.deleteRule != .nullify { notes.append("delete \(r.deleteRule.rawValue)") }
    if let n = r.minCount { notes.append("min \(n)") }
    if let n = r.maxCount { notes.append("max \(n)") }
    return "\(r.name) \(r.isToMany ? "──▶▶" : "──▶") \(r.destination)"
      + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
  }

  // MARK: Mermaid

  private static func mermaid(_ model: Model) -> String {
    var lines = ["erDiagram"]
    for entity in model.entities {
      let (attributes, _) = ownProperties(entity, in: model)
      lines.append("  \(entity.name) {")
      for attribute in attributes {
        let type = attribute.type.name.map { $0.isLetter || $0.isNumber ? $0 : "_" }
        lines.append(
          "    \(String(type)) \(attribute.name)" + (attribute.isOptional ? " \"optional\"" : ""))
      }
      lines.append("  }")
    }
    for (entity, relationship, inverse) in edges(model) {
      let left = inverse.map { $0.isToMany ? "}o" : ($0.isOptional ? "|o" : "||") } ?? "}o"
      let right =
        relationship.isToMany
        ? ((relationship.minCount ?? 0) > 0 ? "|{" : "o{")
        : (relationship.isOptional ? "o|" : "||")
      let label = [relationship.name] + (inverse.map { [$0.name] } ?? [])
      lines.append(
        "  \(entity.name) \(left)--\(right) \(relationship.destination) : "
          + "\"\(label.joined(separator: " / "))\"")
    }
    for entity in model.entities {
      if let parent = entity.parent {
        lines.append("  \(parent) ||--o| \(entity.name) : \"is a\"")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Each relationship once: a pair of inverses is one edge, from the entity named first.
  private static func edges(_ model: Model) -> [(Entity, Relationship, Relationship?)] {
    var edges: [(Entity, Relationship, Relationship?)] = []
    var drawn: Set<String> = []
    for entity in model.entities {
      for relationship in ownProperties(entity, in: model).1
      where !drawn.contains("\(entity.name).\(relationship.name)") {
        let inverse = relationship.inverse.flatMap {
          model.entity(named: relationship.destination)?.relationship(named: $0)
        }
        if let inverse { drawn.insert("\(relationship.destination).\(inverse.name)") }
        edges.append((entity, relationship, inverse))
      }
    }
    return edges
  }

  // MARK: Graphviz

  private static func dot(_ model: Model) -> String {
    var lines = ["digraph model {", "  node [shape=record];"]
    for entity in model.entities {
      let (attributes, _) = ownProperties(entity, in: model)
      let rows = attributes.map { escaped("\($0.name): \(typeName($0))") + "\\l" }.joined()
      lines.append("  \(quoted(entity.name)) [label=\"{\(escaped(entity.name))|\(rows)}\"];")
    }
    for entity in model.entities {
      for relationship in ownProperties(entity, in: model).1 {
        lines.append(
          "  \(quoted(entity.name)) -> \(quoted(relationship.destination)) "
            + "[label=\(quoted(relationship.name)), arrowhead=\(relationship.isToMany ? "crow" : "normal")];"
        )
      }
      if let parent = entity.parent {
        lines.append("  \(quoted(entity.name)) -> \(quoted(parent)) [arrowhead=empty];")
      }
    }
    return (lines + ["}"]).joined(separator: "\n") + "\n"
  }

  private static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\"")
      + "\""
  }

  /// Text inside a record label, with the characters that structure it escaped.
  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "{}|<>\"\\".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }
}
