import BowQ

/// Prints an entity as the `entity` statement that defines it.
enum EntitySchemaFormatter {
  static func format(_ entity: Entity) -> String {
    var lines = ["entity \(entity.name) {"]
    for a in entity.attributes {
      var line = "  \(a.name): \(a.type.name)\(a.isOptional ? "?" : "")"
      if let v = a.defaultValue { line += " default \(v.literalText)" }
      if let v = a.minimum { line += " min \(v.literalText)" }
      if let v = a.maximum { line += " max \(v.literalText)" }
      if let n = a.minLength { line += " minLength \(n)" }
      if let n = a.maxLength { line += " maxLength \(n)" }
      if let p = a.pattern { line += " matches \(Value.quoted(p))" }
      if a.isUnique { line += " unique" }
      if a.allowsExternalStorage { line += " external" }
      lines.append(line)
    }
    return (lines + ["}"]).joined(separator: "\n")
  }
}
