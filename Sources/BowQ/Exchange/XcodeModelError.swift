/// Why an Xcode data model could not be read, saying what and where: the file, the line
/// (and column, for malformed XML), and the entity and property concerned.
///
/// Properties are named `Entity.property`. Where a name was mistyped, `suggestion` holds
/// the closest valid name, which the description offers as "Did you mean …?".
public enum XcodeModelError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Nothing exists at the path.
  case notFound(path: String)
  /// The file or folder exists but could not be read; `reason` is the system's message.
  case unreadable(path: String, reason: String)
  /// The path exists but holds no Xcode data model; `reason` says what it holds instead.
  case notAModel(path: String, reason: String)
  /// A `.xcdatamodeld` bundle without any `.xcdatamodel` version inside.
  case emptyBundle(path: String)
  /// The bundle's `.xccurrentversion` names a version the bundle does not have. Versions
  /// are named without their `.xcdatamodel` extension.
  case missingCurrentVersion(bundle: String, version: String, available: [String])
  /// The `contents` file is not well-formed XML.
  case malformedXML(path: String, line: Int, column: Int, message: String)
  /// An element lacks an XML attribute it cannot do without, such as an `<attribute>`
  /// without `attributeType`. `element` is the tag (`<attribute name="rating">`) and
  /// `entity` the entity it belongs to, if any.
  case missingXMLAttribute(
    path: String, line: Int, entity: String?, element: String, attribute: String)
  /// An `attributeType` that is not one of Core Data's type names.
  case unknownAttributeType(
    path: String, line: Int, entity: String, attribute: String, type: String,
    suggestion: String?)
  /// A Core Data type a stored bowq attribute cannot have (`Undefined`, `ObjectID`).
  case unsupportedAttributeType(
    path: String, line: Int, entity: String, attribute: String, type: String, reason: String)
  /// An XML attribute whose value does not fit: a default that is not a number, a bound
  /// out of the type's range, an invalid regular expression, an unknown delete rule.
  case invalidValue(
    path: String, line: Int, entity: String, property: String, key: String, value: String,
    reason: String)
  /// Two entities with one name.
  case duplicateEntity(path: String, line: Int, entity: String)
  /// Two properties with one name in an entity, counting those it inherits from
  /// `inheritedFrom`.
  case duplicateProperty(
    path: String, line: Int, entity: String, property: String, inheritedFrom: String?)
  /// A `parentEntity` that names no entity of the model.
  case unknownParentEntity(
    path: String, line: Int, entity: String, parent: String, suggestion: String?)
  /// Entities that are each other's ancestors, listed from the first around the loop.
  case inheritanceCycle(path: String, line: Int, entities: [String])
  /// A relationship whose `destinationEntity` names no entity of the model.
  case unknownDestination(
    path: String, line: Int, entity: String, relationship: String, destination: String,
    suggestion: String?)
  /// A relationship whose `inverseName` is not a relationship of its destination.
  case unknownInverse(
    path: String, line: Int, entity: String, relationship: String, destination: String,
    inverse: String, suggestion: String?)
  /// A relationship and its inverse that do not point back at each other.
  case mismatchedInverse(
    path: String, line: Int, entity: String, relationship: String, destination: String,
    inverse: String, reason: String)
  /// A uniqueness constraint naming something that is not an attribute of the entity.
  case unknownConstraintAttribute(
    path: String, line: Int, entity: String, name: String, suggestion: String?)
  /// A fetch index that cannot be kept: it names no attribute of the entity, a
  /// relationship, or a name another index of the entity has; `reason` says which.
  case invalidFetchIndex(path: String, line: Int, entity: String, index: String, reason: String)

  public var description: String {
    switch self {
    case .notFound(let path):
      return "no Xcode data model at \(path) "
        + "(expected a .xcdatamodeld bundle, a .xcdatamodel folder or its contents file)"
    case .unreadable(let path, let reason):
      return "cannot read \(path): \(reason)"
    case .notAModel(let path, let reason):
      return "\(path) is not an Xcode data model: \(reason)"
    case .emptyBundle(let path):
      return "\(path) holds no model version (no .xcdatamodel folder inside)"
    case .missingCurrentVersion(let bundle, let version, let available):
      return "\(bundle): .xccurrentversion names version \(Value.quoted(version)), "
        + "which the bundle does not have (it has \(available.map(Value.quoted).joined(separator: ", ")))."
        + NameSuggestion.hint(for: version, among: available)
    case .malformedXML(let path, let line, let column, let message):
      return "\(path):\(line):\(column): malformed XML: \(message)"
    case .missingXMLAttribute(let path, let line, let entity, let element, let attribute):
      let place = entity.map { "entity \($0): " } ?? ""
      return "\(path):\(line): \(place)\(element) has no \(attribute)"
    case .unknownAttributeType(
      let path, let line, let entity, let attribute, let type, let suggestion):
      return "\(path):\(line): \(entity).\(attribute): unknown attributeType \(Value.quoted(type))."
        + Self.hint(suggestion)
    case .unsupportedAttributeType(
      let path, let line, let entity, let attribute, let type, let reason):
      return
        "\(path):\(line): \(entity).\(attribute): attributeType \(Value.quoted(type)) \(reason)"
    case .invalidValue(let path, let line, let entity, let property, let key, let value, let reason):
      return "\(path):\(line): \(entity).\(property): \(key)=\(Value.quoted(value)): \(reason)"
    case .duplicateEntity(let path, let line, let entity):
      return "\(path):\(line): entity \(entity) is defined twice"
    case .duplicateProperty(let path, let line, let entity, let property, let parent):
      guard let parent else {
        return "\(path):\(line): entity \(entity) defines \(property) twice"
      }
      return
        "\(path):\(line): entity \(entity) defines \(property), which it already inherits from \(parent)"
    case .unknownParentEntity(let path, let line, let entity, let parent, let suggestion):
      return
        "\(path):\(line): entity \(entity): parentEntity \(Value.quoted(parent)) is not an entity of the model."
        + Self.hint(suggestion)
    case .inheritanceCycle(let path, let line, let entities):
      return "\(path):\(line): entities inherit from each other in a loop: "
        + (entities + entities.prefix(1)).joined(separator: " → ")
    case .unknownDestination(
      let path, let line, let entity, let relationship, let destination, let suggestion):
      return "\(path):\(line): \(entity).\(relationship): destination entity "
        + "\(Value.quoted(destination)) is not an entity of the model." + Self.hint(suggestion)
    case .unknownInverse(
      let path, let line, let entity, let relationship, let destination, let inverse, let suggestion
    ):
      return "\(path):\(line): \(entity).\(relationship): inverse \(Value.quoted(inverse)) "
        + "is not a relationship of \(destination)." + Self.hint(suggestion)
    case .mismatchedInverse(
      let path, let line, let entity, let relationship, let destination, let inverse, let reason):
      return
        "\(path):\(line): \(entity).\(relationship): its inverse \(destination).\(inverse) \(reason)"
    case .unknownConstraintAttribute(let path, let line, let entity, let name, let suggestion):
      return
        "\(path):\(line): entity \(entity): uniqueness constraint names \(Value.quoted(name)), "
        + "which is not an attribute of \(entity)." + Self.hint(suggestion)
    case .invalidFetchIndex(let path, let line, let entity, let index, let reason):
      return "\(path):\(line): entity \(entity): fetch index \(Value.quoted(index)) \(reason)"
    }
  }

  private static func hint(_ suggestion: String?) -> String {
    suggestion.map { " Did you mean \(Value.quoted($0))?" } ?? ""
  }

}
