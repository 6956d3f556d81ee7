import BowQ

/// Prints the pending changes as a readable diff: `+` inserted, `~` updated (old → new),
/// `-` deleted, one object per line.
enum ChangesRenderer {
  /// The changes one per line, with control characters in names and values made visible.
  static func render(_ changes: [Change]) -> String {
    guard !changes.isEmpty else { return "(no pending changes)\n" }
    return changes.map { ValueText.visible(line($0)) + "\n" }.joined()
  }

  /// One change as its line, without the line break.
  private static func line(_ change: Change) -> String {
    switch change {
    case .entityDefined(let name):
      return "* entity \(name) defined"
    case .inserted(let id, let values):
      return "+ \(id)\(label(values)): "
        + values.filter { !$0.value.isNull }.map { "\($0.name) = \(brief($0.value))" }
        .joined(separator: ", ")
    case .updated(let id, let diffs):
      return "~ \(id): " + diffs.map(difference).joined(separator: ", ")
    case .deleted(let id, let values):
      return "- \(id)\(label(values))"
    }
  }

  /// One property's change: `rating 3.5 → 4`; for a to-many, the members it gained and
  /// lost (`pages +{Page/p2} -{Page/p3}`), or that only their order changed.
  private static func difference(_ diff: Change.AttributeChange) -> String {
    guard case .collection(let old) = diff.old, case .collection(let new) = diff.new else {
      return "\(diff.name) \(brief(diff.old)) → \(brief(diff.new))"
    }
    let (before, after) = (Set(old), Set(new))
    let added = new.filter { !before.contains($0) }
    let removed = old.filter { !after.contains($0) }
    if added.isEmpty, removed.isEmpty { return "\(diff.name) reordered" }
    var parts = [diff.name]
    if !added.isEmpty { parts.append("+" + brief(.collection(added))) }
    if !removed.isEmpty { parts.append("-" + brief(.collection(removed))) }
    return parts.joined(separator: " ")
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
