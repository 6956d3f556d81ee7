import Foundation

/// The `<attribute>` and `<relationship>` elements: types, optionality, defaults, bounds,
/// patterns, counts and delete rules.
extension XcodeModelMapper {
  /// The `attributeType` names of the format, except `Transformable`.
  static let attributeTypes: [String: AttributeType] = [
    "Integer 16": .int16, "Integer 32": .int32, "Integer 64": .int64, "Decimal": .decimal,
    "Double": .double, "Float": .float, "String": .string, "Boolean": .bool, "Date": .date,
    "Binary": .binary, "UUID": .uuid, "URI": .uri,
  ]

  /// The transformer Core Data falls back on when a Transformable names none.
  static let defaultTransformer = "NSSecureUnarchiveFromData"

  /// `deletionRule` values.
  static let deleteRules: [String: DeleteRule] = [
    "Nullify": .nullify, "Cascade": .cascade, "Deny": .deny, "No Action": .noAction,
  ]

  /// The attribute an `<attribute>` element describes, or nil (with a note) when it is of
  /// a kind bowq skips.
  mutating func attribute(
    _ element: XcodeModelElement, named name: String, in entity: String
  ) throws(XcodeModelError) -> Attribute? {
    guard let typeName = element["attributeType"] else {
      throw .missingXMLAttribute(
        path: path, line: element.line, entity: entity, element: element.tag,
        attribute: "attributeType")
    }
    let place = "\(entity).\(name)"
    let type: AttributeType
    if let simple = Self.attributeTypes[typeName] {
      type = simple
    } else if typeName == "Transformable" {
      type = transformable(element, place: place)
    } else if typeName == "Composite" {
      notes.append("\(place): composite attribute skipped (bowq has no composite type)")
      return nil
    } else if typeName == "Undefined" || typeName == "ObjectID" {
      throw .unsupportedAttributeType(
        path: path, line: element.line, entity: entity, attribute: name, type: typeName,
        reason: typeName == "Undefined"
          ? "is only allowed on transient attributes; choose a type or mark it transient"
          : "is not a type a stored attribute can have")
    } else {
      throw .unknownAttributeType(
        path: path, line: element.line, entity: entity, attribute: name, type: typeName,
        suggestion: Self.suggestedType(for: typeName))
    }
    var attribute = Attribute(name: name, type: type, isOptional: element.flag("optional"))
    let reader = XcodeValueReader(path: path, element: element, entity: entity, property: name)
    if let text = element["defaultValueString"], type != .date, !text.isEmpty || type == .string {
      switch type {
      case .binary, .transformable:
        notes.append(
          "\(place): defaultValueString ignored "
            + "(the model editor offers no default for \(type.coreDataName))")
      default:
        attribute.defaultValue = try reader.value("defaultValueString", text, for: attribute)
      }
    }
    if let text = element["defaultDateTimeInterval"], type == .date {
      attribute.defaultValue = try reader.date("defaultDateTimeInterval", text)
    }
    try readBounds(of: &attribute, with: reader, place: place)
    if let pattern = element["regularExpressionString"], !pattern.isEmpty {
      if type == .string {
        attribute.pattern = try reader.pattern(pattern)
      } else {
        notes.append(
          "\(place): regularExpressionString ignored (patterns apply to String attributes)")
      }
    }
    if element.flag("allowsExternalBinaryDataStorage") {
      if type == .binary {
        attribute.allowsExternalStorage = true
      } else {
        notes.append(
          "\(place): allowsExternalBinaryDataStorage ignored (bowq stores only Binary externally)")
      }
    }
    if element.flag("derived") {
      let expression = element["derivationExpression"].map { " (\($0))" } ?? ""
      notes.append(
        "\(place): derived attribute\(expression) kept as a plain attribute; bowq does not compute it"
      )
    }
    return attribute
  }

  /// Value bounds for numbers and dates, length bounds for strings.
  private mutating func readBounds(
    of attribute: inout Attribute, with reader: XcodeValueReader, place: String
  ) throws(XcodeModelError) {
    let element = reader.element
    let type = attribute.type
    if type == .date {
      if let text = element["minDateTimeInterval"] {
        attribute.minimum = try reader.date("minDateTimeInterval", text)
      }
      if let text = element["maxDateTimeInterval"] {
        attribute.maximum = try reader.date("maxDateTimeInterval", text)
      }
    }
    for key in ["minValueString", "maxValueString"] {
      guard let text = element[key], !text.isEmpty else { continue }
      let isMinimum = key == "minValueString"
      if type.isNumeric {
        let bound = try reader.value(key, text, for: attribute)
        if isMinimum { attribute.minimum = bound } else { attribute.maximum = bound }
      } else if type == .string {
        let length = try reader.count(key, text)
        if isMinimum { attribute.minLength = length } else { attribute.maxLength = length }
      } else {
        notes.append(
          "\(place): \(key) ignored (bowq bounds numbers and string lengths; "
            + "\(attribute.name) is \(type.name))")
      }
    }
  }

  /// `Transformable(Color)` for a color (`ColorAttributeTransformer`, `UIColor`,
  /// `NSColor`), otherwise the named transformer with opaque values, noted.
  private mutating func transformable(_ element: XcodeModelElement, place: String) -> AttributeType
  {
    let transformer = element["valueTransformerName"].flatMap { $0.isEmpty ? nil : $0 }
    let className = element["customClassName"].flatMap { $0.isEmpty ? nil : $0 }
    let unqualified = { (name: String) in name.split(separator: ".").last.map(String.init) ?? name }
    let written = [transformer, className].compactMap { $0 }.joined(separator: ", ")
    if transformer.map(unqualified) == "ColorAttributeTransformer"
      || ["UIColor", "NSColor"].contains(className.map(unqualified))
    {
      notes.append(
        "\(place): Transformable (\(written)) read as Transformable(Color): red, green and blue "
          + "0–255, without alpha or color space")
      return .transformable(.color)
    }
    let name = transformer ?? Self.defaultTransformer
    let details = ([transformer ?? "no valueTransformerName"] + [className].compactMap { $0 })
      .joined(separator: ", ")
    notes.append(
      "\(place): Transformable (\(details)) read as Transformable(\(name)); "
        + "bowq keeps its values as opaque binary data")
    return .transformable(ValueTransformerName(rawValue: name)!)
  }

  /// The closest `attributeType` name to a mistyped one, also recognising bowq's own
  /// names (`Int32` suggests `Integer 32`) and the editor's labels (`Binary Data`).
  static func suggestedType(for typeName: String) -> String? {
    var candidates: [String: String] = ["Transformable": "Transformable"]
    for (label, type) in attributeTypes {
      candidates[label] = label
      candidates[type.name] = label
      candidates[type.coreDataName] = label
    }
    return NameSuggestion.closest(to: typeName, among: candidates.keys.sorted())
      .flatMap { candidates[$0] }
  }

  /// The relationship a `<relationship>` element describes.
  mutating func relationship(
    _ element: XcodeModelElement, named name: String, in entity: String
  ) throws(XcodeModelError) -> Relationship {
    guard let destination = element["destinationEntity"], !destination.isEmpty else {
      throw .missingXMLAttribute(
        path: path, line: element.line, entity: entity, element: element.tag,
        attribute: "destinationEntity")
    }
    let isToMany = element.flag("toMany")
    var relationship = Relationship(
      name: name, destination: destination, isToMany: isToMany,
      isOptional: element.flag("optional"),
      inverse: element["inverseName"].flatMap { $0.isEmpty ? nil : $0 })
    let reader = XcodeValueReader(path: path, element: element, entity: entity, property: name)
    if let rule = element["deletionRule"] {
      guard let deleteRule = Self.deleteRules[rule] else {
        throw .invalidValue(
          path: path, line: element.line, entity: entity, property: name, key: "deletionRule",
          value: rule,
          reason: "expected Nullify, Cascade, Deny or No Action."
            + NameSuggestion.hint(for: rule, among: Self.deleteRules.keys.sorted()))
      }
      relationship.deleteRule = deleteRule
    }
    if isToMany {
      if let text = element["minCount"] {
        let count = try reader.count("minCount", text)
        relationship.minCount = count > 0 ? count : nil
      }
      if let text = element["maxCount"] {
        let count = try reader.count("maxCount", text)
        relationship.maxCount = count > 0 ? count : nil
      }
      relationship.isOrdered = element.flag("ordered")
    }
    return relationship
  }
}
