import BowQ

/// Prints the pending changes as a readable diff: `+` inserted, `~` updated (old → new),
/// `-` deleted, one object per line.
enum ChangesRenderer {
  static func render(_ changes: [Change]) -> String {
    guard !changes.isEmpty else { return "(no pending changes)\n" }
    var out = ""
    for change in changes {
      switch change {
      case .entityDefined(let name):
        out += "* entity \(name) defined\n"
      case .inserted(let id, let values):
        out +=
          "+ \(id)\(label(values)): "
          + values.filter { !$0.value.isNull }.map { "\($0.name) = \(brief($0.value))" }
          .joined(separator: ", ") + "\n"
      case .updated(let id, let diffs):
        out +=
          "~ \(id): "
          + diffs.map { "\($0.name) \(brief($0.old)) → \(brief($0.new))" }.joined(separator: ", ")
          + "\n"
      case .deleted(let id, let values):
        out += "- \(id)\(label(values))\n"
      }
    }
    return out
  }

  private static func label(_ values: [Change.AttributeValue]) -> String {
    guard let name = values.first(where: { $0.name == "name" })?.value.stringValue else {
      return ""
    }
    return " " + Value.quoted(name)
  }

  /// A value as a person reads it: strings quoted, dates in ISO 8601, data by size.
  private static func brief(_ value: Value) -> String {
    if case .string = value { return value.literalText }
    return value.displayText
  }
}
