import Foundation

/// The model as a store holds it: a small property list under the root's `model` key.
///
///     { entities: [ { name, parent?, abstract?,
///                     attributes: [ { name, type, optional, default?, min?, max?,
///                                     minLength?, maxLength?, pattern?, unique?, external? } ],
///                     relationships?: [ { name, destination, toMany, optional, deleteRule,
///                                         inverse?, minCount?, maxCount?, ordered? } ],
///                     uniquenessConstraints?: [ [attribute name] ],
///                     rules?: [ { predicate, message } ],
///                     indexes?: [ { name, kind, attributes: [attribute name],
///                                   descending?: [attribute name] } ] } ] }
///
/// Keys marked `?` are written only when set (or non-empty), and a missing one reads as unset
/// (or empty). Decoding checks everything a graph relies on and says where, as a path from
/// the root: names are non-empty and unique among an entity's properties, attribute and
/// relationship names have no `.` (it separates a column from its `.nulls` bitmap), types
/// and delete rules are known, a relationship's destination is an entity of the model, and
/// its inverse is a relationship of the destination that points back (or to an ancestor),
/// and a parent is another entity of the model that does not inherit from this one. A
/// sub-entity lists its inherited properties first, as the graph holds them. Every attribute's
/// pattern must compile as a regular expression ``RegularExpression`` accepts, and every rule's
/// predicate must parse and bind against its entity: a store is refused at load, naming the
/// entity and the rule, rather than a rule silently turned off or failing every save.
enum StoreModelCoding {
  // MARK: Encoding

  static func encode(_ model: Model) -> PropertyList {
    ["entities": .array(model.entities.map(encodeEntity))]
  }

  private static func encodeEntity(_ entity: Entity) -> PropertyList {
    var entry: PropertyListDictionary = [
      "name": .string(entity.name),
      "attributes": .array(entity.attributes.map(encodeAttribute)),
    ]
    if let parent = entity.parent { entry["parent"] = .string(parent) }
    if entity.isAbstract { entry["abstract"] = .bool(true) }
    if !entity.relationships.isEmpty {
      entry["relationships"] = .array(entity.relationships.map(encodeRelationship))
    }
    if !entity.uniquenessConstraints.isEmpty {
      entry["uniquenessConstraints"] = .array(
        entity.uniquenessConstraints.map { .array($0.map(PropertyList.string)) })
    }
    if !entity.rules.isEmpty {
      entry["rules"] = .array(
        entity.rules.map { ["predicate": .string($0.predicate), "message": .string($0.message)] })
    }
    if !entity.indexes.isEmpty {
      entry["indexes"] = .array(entity.indexes.map(encodeIndex))
    }
    return .dictionary(entry)
  }

  private static func encodeIndex(_ index: IndexDefinition) -> PropertyList {
    .dictionary(indexEntry(index))
  }

  /// The dictionary of an index: its `name`, `kind`, `attributes` and, only when some are,
  /// the `descending` ones, as the model and the store's kept indexes write it.
  static func indexEntry(_ index: IndexDefinition) -> PropertyListDictionary {
    var entry: PropertyListDictionary = [
      "name": .string(index.name),
      "kind": .string(index.kind.rawValue),
      "attributes": .array(index.attributes.map(PropertyList.string)),
    ]
    let descending = index.elements.filter { !$0.ascending }.map(\.attribute)
    if !descending.isEmpty { entry["descending"] = .array(descending.map(PropertyList.string)) }
    return entry
  }

  private static func encodeAttribute(_ attribute: Attribute) -> PropertyList {
    var entry: PropertyListDictionary = [
      "name": .string(attribute.name),
      "type": .string(attribute.type.name),
      "optional": .bool(attribute.isOptional),
    ]
    entry["default"] = attribute.defaultValue.flatMap(StoreValueEncoding.modelValue)
    entry["min"] = attribute.minimum.flatMap(StoreValueEncoding.modelValue)
    entry["max"] = attribute.maximum.flatMap(StoreValueEncoding.modelValue)
    entry["minLength"] = attribute.minLength.map { .integer(Int64($0)) }
    entry["maxLength"] = attribute.maxLength.map { .integer(Int64($0)) }
    entry["pattern"] = attribute.pattern.map { .string($0) }
    if attribute.isUnique { entry["unique"] = .bool(true) }
    if attribute.allowsExternalStorage { entry["external"] = .bool(true) }
    return .dictionary(entry)
  }

  private static func encodeRelationship(_ relationship: Relationship) -> PropertyList {
    var entry: PropertyListDictionary = [
      "name": .string(relationship.name),
      "destination": .string(relationship.destination),
      "toMany": .bool(relationship.isToMany),
      "optional": .bool(relationship.isOptional),
      "deleteRule": .string(relationship.deleteRule.rawValue),
    ]
    entry["inverse"] = relationship.inverse.map { .string($0) }
    entry["minCount"] = relationship.minCount.map { .integer(Int64($0)) }
    entry["maxCount"] = relationship.maxCount.map { .integer(Int64($0)) }
    if relationship.isOrdered { entry["ordered"] = .bool(true) }
    return .dictionary(entry)
  }

  // MARK: Decoding

  /// The model a store holds, every check above applied. With `checkingRules` false,
  /// patterns and rules are taken as they are, for salvage to leave out the ones
  /// ``withoutInvalidRules(_:)`` finds.
  static func decode(_ plist: PropertyList?, checkingRules: Bool = true) throws -> Model {
    guard case .dictionary(let model) = plist else {
      throw StoreError.invalidModel(
        location: "model", message: "expected a dictionary, found \(describe(plist))")
    }
    let list = try array(model["entities"], at: "model.entities")
    var entities: [Entity] = []
    for (i, item) in list.enumerated() {
      let location = "model.entities[\(i)]"
      let entity = try decodeEntity(item, at: location)
      guard !entities.contains(where: { $0.name == entity.name }) else {
        throw StoreError.invalidModel(
          location: location + ".name", message: "the entity \(entity.name) is defined twice")
      }
      entities.append(entity)
    }
    let decodedEntities = Model(entities: entities)
    for (i, entity) in entities.enumerated() {
      guard let parent = entity.parent else { continue }
      let location = "model.entities[\(i)].parent"
      guard decodedEntities.entity(named: parent) != nil else {
        throw StoreError.invalidModel(
          location: location, message: "the parent \(parent) of \(entity.name) is not an entity")
      }
      guard !decodedEntities.entity(parent, isKindOf: entity.name) else {
        throw StoreError.invalidModel(
          location: location, message: "\(entity.name) and \(parent) inherit from each other")
      }
    }
    for (i, entity) in entities.enumerated() {
      for (j, relationship) in entity.relationships.enumerated() {
        try checkDestination(
          relationship, in: entity, among: entities,
          at: "model.entities[\(i)].relationships[\(j)]")
      }
    }
    // Every missing inverse is reported before any that does not point back.
    for missingOnly in [true, false] {
      for (i, entity) in entities.enumerated() {
        for (j, relationship) in entity.relationships.enumerated() {
          try checkInverse(
            relationship, in: entity, of: decodedEntities, missingOnly: missingOnly,
            at: "model.entities[\(i)].relationships[\(j)]")
        }
      }
    }
    let decoded = Model(entities: entities)
    if checkingRules, let first = withoutInvalidRules(decoded).leftOut.first { throw first }
    return decoded
  }

  /// `model` without the attribute patterns that do not compile and the rules whose
  /// predicates do not parse or bind, with an error for each one left out that names its
  /// entity and says where it is in the store.
  static func withoutInvalidRules(_ model: Model) -> (model: Model, leftOut: [StoreError]) {
    var leftOut: [StoreError] = []
    var entities: [Entity] = []
    let now = Date()
    for (i, entity) in model.entities.enumerated() {
      let location = "model.entities[\(i)]"
      var attributes = entity.attributes
      for (j, attribute) in attributes.enumerated() {
        guard let pattern = attribute.pattern else { continue }
        do {
          _ = try RegularExpression(pattern, options: [])
        } catch {
          attributes[j].pattern = nil
          leftOut.append(
            StoreError.invalidModel(
              location: "\(location).attributes[\(j)].pattern",
              message: "the pattern of \(entity.name).\(attribute.name) cannot be used: "
                + error.message))
        }
      }
      var rules: [EntityRule] = []
      for (j, rule) in entity.rules.enumerated() {
        do {
          _ = try CompiledRule.bind(rule, of: entity, in: model, now: now)
          rules.append(rule)
        } catch {
          leftOut.append(
            StoreError.invalidModel(
              location: "\(location).rules[\(j)].predicate",
              message: "the rule \(Value.quoted(rule.predicate)) of \(entity.name) is not a valid "
                + "predicate: \(error.message)"))
        }
      }
      entities.append(
        Entity(
          name: entity.name, attributes: attributes, relationships: entity.relationships,
          uniquenessConstraints: entity.uniquenessConstraints, rules: rules,
          indexes: entity.indexes, parent: entity.parent, isAbstract: entity.isAbstract))
    }
    return (Model(entities: entities), leftOut)
  }

  private static func decodeEntity(_ plist: PropertyList, at location: String) throws -> Entity {
    let entry = try dictionary(plist, at: location)
    let name = try nameField(entry, at: location)
    var propertyNames: Set<String> = []
    func checkUnique(_ property: String, at place: String) throws {
      guard propertyNames.insert(property).inserted else {
        throw StoreError.invalidModel(
          location: place + ".name", message: "the property \(property) is defined twice in \(name)"
        )
      }
    }
    var attributes: [Attribute] = []
    for (j, item) in try array(entry["attributes"], at: location + ".attributes").enumerated() {
      let place = "\(location).attributes[\(j)]"
      let attribute = try decodeAttribute(item, at: place)
      try checkUnique(attribute.name, at: place)
      attributes.append(attribute)
    }
    var relationships: [Relationship] = []
    for (j, item) in try optionalArray(entry["relationships"], at: location + ".relationships")
      .enumerated()
    {
      let place = "\(location).relationships[\(j)]"
      let relationship = try decodeRelationship(item, at: place)
      try checkUnique(relationship.name, at: place)
      relationships.append(relationship)
    }
    var constraints: [[String]] = []
    let constraintsAt = location + ".uniquenessConstraints"
    for (j, item) in try optionalArray(entry["uniquenessConstraints"], at: constraintsAt)
      .enumerated()
    {
      let place = "\(constraintsAt)[\(j)]"
      let names = try array(item, at: place)
      guard !names.isEmpty else {
        throw StoreError.invalidModel(
          location: place, message: "a uniqueness constraint names at least one attribute")
      }
      constraints.append(
        try names.enumerated().map { k, nameItem in
          guard case .string(let attributeName) = nameItem,
            attributes.contains(where: { $0.name == attributeName })
          else {
            let hint = nameItem.stringValue.map {
              NameSuggestion.hint(for: $0, among: attributes.map(\.name))
            }
            throw StoreError.invalidModel(
              location: "\(place)[\(k)]",
              message: "expected the name of an attribute of \(name), found \(describe(nameItem))."
                + (hint ?? ""))
          }
          return attributeName
        })
    }
    var rules: [EntityRule] = []
    for (j, item) in try optionalArray(entry["rules"], at: location + ".rules").enumerated() {
      let place = "\(location).rules[\(j)]"
      let rule = try dictionary(item, at: place)
      rules.append(
        EntityRule(
          predicate: try string(rule, "predicate", at: place, nonEmpty: true),
          message: try string(rule, "message", at: place, nonEmpty: false)))
    }
    var indexes: [IndexDefinition] = []
    for (j, item) in try optionalArray(entry["indexes"], at: location + ".indexes").enumerated() {
      let index = try decodeIndex(
        item, of: name, attributes: attributes, at: "\(location).indexes[\(j)]")
      guard !indexes.contains(where: { $0.name == index.name }) else {
        throw StoreError.invalidModel(
          location: "\(location).indexes[\(j)].name",
          message: "the index \(index.name) is defined twice in \(name)")
      }
      indexes.append(index)
    }
    var parent: String?
    if let item = entry["parent"] {
      guard case .string(let parentName) = item, !parentName.isEmpty else {
        throw StoreError.invalidModel(
          location: location + ".parent",
          message: "expected the name of an entity, found \(describe(item))")
      }
      parent = parentName
    }
    return Entity(
      name: name, attributes: attributes, relationships: relationships,
      uniquenessConstraints: constraints, rules: rules, indexes: indexes, parent: parent,
      isAbstract: try flag(entry, "abstract", at: location, required: false))
  }

  /// An index: a name, a known kind, and distinct attributes of the entity, the descending
  /// ones among them.
  private static func decodeIndex(
    _ plist: PropertyList, of entity: String, attributes: [Attribute], at location: String
  ) throws -> IndexDefinition {
    let entry = try dictionary(plist, at: location)
    let name = try nameField(entry, at: location)
    let kindName = try string(entry, "kind", at: location, nonEmpty: true)
    guard let kind = IndexDefinition.Kind(rawValue: kindName) else {
      throw StoreError.invalidModel(
        location: location + ".kind",
        message: "unknown index kind \(Value.quoted(kindName)); expected hash or ordered")
    }
    func attributeNames(_ key: String) throws -> [String] {
      try optionalArray(entry[key], at: "\(location).\(key)").enumerated().map { k, item in
        guard case .string(let attributeName) = item,
          attributes.contains(where: { $0.name == attributeName })
        else {
          throw StoreError.invalidModel(
            location: "\(location).\(key)[\(k)]",
            message: "expected the name of an attribute of \(entity), found \(describe(item))")
        }
        return attributeName
      }
    }
    let names = try attributeNames("attributes")
    guard !names.isEmpty, Set(names).count == names.count else {
      throw StoreError.invalidModel(
        location: location + ".attributes",
        message: "an index names one or more attributes, each once")
    }
    let descending = Set(try attributeNames("descending"))
    return IndexDefinition(
      name: name,
      elements: names.map {
        IndexDefinition.Element(attribute: $0, ascending: !descending.contains($0))
      }, kind: kind)
  }

  private static func decodeAttribute(_ plist: PropertyList, at location: String) throws
    -> Attribute
  {
    let entry = try dictionary(plist, at: location)
    let name = try propertyName(entry, at: location, kind: "attribute")
    guard case .string(let typeName) = entry["type"] else {
      throw StoreError.invalidModel(
        location: location + ".type",
        message: "expected a type name, found \(describe(entry["type"]))")
    }
    guard let type = attributeType(named: typeName) else {
      let known =
        AttributeType.simpleTypes.keys.sorted()
        + ValueTransformerName.allCases.map { "Transformable(\($0.rawValue))" }
      throw StoreError.invalidModel(
        location: location + ".type",
        message: "unknown attribute type \(Value.quoted(typeName))."
          + NameSuggestion.hint(for: typeName, among: known))
    }
    var attribute = Attribute(
      name: name, type: type, isOptional: try flag(entry, "optional", at: location, required: true))
    func value(_ key: String) throws -> Value? {
      guard let item = entry[key] else { return nil }
      do {
        return try StoreValueEncoding.modelValue(item, for: type)
      } catch let mismatch as StoreValueEncoding.Mismatch {
        throw StoreError.invalidModel(location: "\(location).\(key)", message: mismatch.message)
      }
    }
    attribute.defaultValue = try value("default")
    attribute.minimum = try value("min")
    attribute.maximum = try value("max")
    attribute.minLength = try count(entry, "minLength", at: location)
    attribute.maxLength = try count(entry, "maxLength", at: location)
    if let item = entry["pattern"] {
      guard case .string(let pattern) = item else {
        throw StoreError.invalidModel(
          location: location + ".pattern", message: "expected a string, found \(describe(item))")
      }
      attribute.pattern = pattern
    }
    attribute.isUnique = try flag(entry, "unique", at: location, required: false)
    attribute.allowsExternalStorage = try flag(entry, "external", at: location, required: false)
    return attribute
  }

  private static func decodeRelationship(_ plist: PropertyList, at location: String) throws
    -> Relationship
  {
    let entry = try dictionary(plist, at: location)
    let name = try propertyName(entry, at: location, kind: "relationship")
    let destination = try string(entry, "destination", at: location, nonEmpty: true)
    let ruleName = try string(entry, "deleteRule", at: location, nonEmpty: true)
    guard let deleteRule = DeleteRule(rawValue: ruleName) else {
      throw StoreError.invalidModel(
        location: location + ".deleteRule",
        message: "unknown delete rule \(Value.quoted(ruleName))."
          + NameSuggestion.hint(for: ruleName, among: DeleteRule.allCases.map(\.rawValue)))
    }
    var inverse: String?
    if entry["inverse"] != nil {
      inverse = try string(entry, "inverse", at: location, nonEmpty: true)
    }
    let isToMany = try flag(entry, "toMany", at: location, required: true)
    let isOrdered = try flag(entry, "ordered", at: location, required: false)
    if isOrdered, !isToMany {
      throw StoreError.invalidModel(
        location: location + ".ordered", message: "only a to-many relationship can be ordered")
    }
    return Relationship(
      name: name, destination: destination, isToMany: isToMany,
      isOptional: try flag(entry, "optional", at: location, required: true),
      inverse: inverse, deleteRule: deleteRule,
      minCount: try count(entry, "minCount", at: location),
      maxCount: try count(entry, "maxCount", at: location), isOrdered: isOrdered)
  }

  /// Checks that a relationship's destination is an entity of the model.
  private static func checkDestination(
    _ relationship: Relationship, in entity: Entity, among entities: [Entity], at location: String
  ) throws {
    guard entities.contains(where: { $0.name == relationship.destination }) else {
      throw StoreError.invalidModel(
        location: location + ".destination",
        message: "the model has no entity \(Value.quoted(relationship.destination))."
          + NameSuggestion.hint(for: relationship.destination, among: entities.map(\.name)))
    }
  }

  /// Checks that a relationship's inverse keeps Core Data's rule (``InverseFault``): a
  /// relationship of its destination that points back to its entity or an ancestor and
  /// names it as its own inverse; with `missingOnly`, only that it exists.
  private static func checkInverse(
    _ relationship: Relationship, in entity: Entity, of model: Model, missingOnly: Bool,
    at location: String
  ) throws {
    guard let inverse = relationship.inverse,
      let destination = model.entity(named: relationship.destination),
      let fault = model.inverseFault(of: relationship, in: entity.name),
      fault == .missing || !missingOnly
    else { return }
    let message: String
    switch fault {
    case .missing:
      message =
        "\(destination.name) has no relationship \(Value.quoted(inverse))."
        + NameSuggestion.hint(for: inverse, among: destination.relationships.map(\.name))
    case .oneSided:
      message =
        "\(destination.name).\(inverse) names no inverse, so it cannot be the inverse of "
        + "\(entity.name).\(relationship.name): the two must be each other's inverse"
    case .pointsElsewhere(let back), .namesAnother(let back):
      message =
        "\(destination.name).\(inverse) points to \(back.destination)"
        + (back.inverse.map { " with inverse \($0)" } ?? "")
        + ", so it cannot be the inverse of \(entity.name).\(relationship.name)"
    }
    throw StoreError.invalidModel(location: location + ".inverse", message: message)
  }

  // MARK: Fields

  private static func dictionary(_ plist: PropertyList, at location: String) throws
    -> PropertyListDictionary
  {
    guard case .dictionary(let entry) = plist else {
      throw StoreError.invalidModel(
        location: location, message: "expected a dictionary, found \(plist.kindDescription)")
    }
    return entry
  }

  private static func array(_ plist: PropertyList?, at location: String) throws -> [PropertyList] {
    guard case .array(let items) = plist else {
      throw StoreError.invalidModel(
        location: location, message: "expected an array, found \(describe(plist))")
    }
    return items
  }

  private static func optionalArray(_ plist: PropertyList?, at location: String) throws
    -> [PropertyList]
  {
    plist == nil ? [] : try array(plist, at: location)
  }

  private static func nameField(_ entry: PropertyListDictionary, at location: String) throws
    -> String
  {
    guard case .string(let name) = entry["name"], !name.isEmpty else {
      throw StoreError.invalidModel(
        location: location + ".name",
        message: "expected a non-empty name, found \(describe(entry["name"]))")
    }
    return name
  }

  /// An attribute's or relationship's name: it becomes a column name, so it has no `.`.
  private static func propertyName(
    _ entry: PropertyListDictionary, at location: String, kind: String
  ) throws -> String {
    let name = try nameField(entry, at: location)
    guard !name.contains(".") else {
      throw StoreError.invalidModel(
        location: location + ".name",
        message: "\(kind) names cannot contain \".\", found \(Value.quoted(name))")
    }
    return name
  }

  private static func string(
    _ entry: PropertyListDictionary, _ key: String, at location: String, nonEmpty: Bool
  ) throws -> String {
    guard case .string(let value) = entry[key], !nonEmpty || !value.isEmpty else {
      throw StoreError.invalidModel(
        location: "\(location).\(key)",
        message: "expected a\(nonEmpty ? " non-empty" : "") string, found \(describe(entry[key]))")
    }
    return value
  }

  private static func flag(
    _ entry: PropertyListDictionary, _ key: String, at location: String, required: Bool
  ) throws -> Bool {
    let item = entry[key]
    if item == nil, !required { return false }
    guard case .bool(let value) = item else {
      throw StoreError.invalidModel(
        location: "\(location).\(key)", message: "expected a Boolean, found \(describe(item))")
    }
    return value
  }

  private static func count(_ entry: PropertyListDictionary, _ key: String, at location: String)
    throws -> Int?
  {
    guard let item = entry[key] else { return nil }
    guard case .integer(let n) = item, n >= 0, n <= Int64(Int32.max) else {
      throw StoreError.invalidModel(
        location: "\(location).\(key)",
        message: "expected a non-negative integer, found \(describe(item))")
    }
    return Int(n)
  }

  /// The type an attribute's `type` string names: `Int32`, `Transformable(Color)`.
  private static func attributeType(named name: String) -> AttributeType? {
    if let simple = AttributeType.simpleTypes[name] { return simple }
    guard name.hasPrefix("Transformable("), name.hasSuffix(")") else { return nil }
    let transformer = name.dropFirst("Transformable(".count).dropLast()
    return ValueTransformerName(rawValue: String(transformer)).map { .transformable($0) }
  }

  /// A short description of a value found where something else was expected.
  static func describe(_ plist: PropertyList?) -> String {
    switch plist {
    case nil: return "nothing"
    case .string(let s): return "the string \(Value.quoted(s))"
    case .integer(let i): return "the integer \(i)"
    case let other?: return other.kindDescription
    }
  }
}
