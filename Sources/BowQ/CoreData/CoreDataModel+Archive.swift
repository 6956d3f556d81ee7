import Foundation

extension CoreDataModel {
  /// The model an `NSManagedObjectModel` archive holds (a store's model cache, a `.mom`).
  ///
  /// A sub-entity's archived properties include the ones it inherits; the model keeps each
  /// property on the entity that declares it, and each uniqueness constraint too. Attributes
  /// keep their default value and the validation predicates bowq's rules can say.
  public init(archived root: ArchivedValue) throws(CoreDataStoreError) {
    let objects = root.objectsByIndex
    func resolve(_ value: ArchivedValue?) -> ArchivedObject? {
      switch value {
      case .object(let object)?: return object
      case .reference(let index, _)?: return objects[index]
      default: return nil
      }
    }
    guard let model = resolve(root), model.classNames.contains("NSManagedObjectModel") else {
      throw CoreDataStoreError(
        .badModel, "the archive's root is not an NSManagedObjectModel")
    }
    guard let entries = model["NSEntities"]?.entries else {
      throw CoreDataStoreError(.badModel, "the NSManagedObjectModel has no NSEntities dictionary")
    }
    try Self.checkEntityCount(entries.count)
    var archivedEntities: [(name: String, object: ArchivedObject)] = []
    for entry in entries {
      guard let name = entry.key.stringValue, let object = resolve(entry.value),
        object.classNames.contains("NSEntityDescription")
      else {
        throw CoreDataStoreError(
          .badModel, "NSEntities holds something other than an entity under a name")
      }
      archivedEntities.append((name, object))
    }
    let nameByIndex = Dictionary(
      archivedEntities.map { ($0.object.index, $0.name) }, uniquingKeysWith: { first, _ in first })
    func entityName(_ value: ArchivedValue?) -> String? {
      if case .string(let name)? = value { return name }
      return resolve(value).flatMap { nameByIndex[$0.index] ?? $0["NSEntityName"]?.stringValue }
    }
    func propertyNames(_ entity: ArchivedObject?) -> Set<String> {
      Set(entity?["NSProperties"]?.entries?.compactMap(\.key.stringValue) ?? [])
    }

    var entities: [CoreDataEntity] = []
    for (name, object) in archivedEntities {
      var parent: String?
      if let superentity = object["NSSuperentity"], superentity != .null {
        guard let parentName = entityName(superentity) else {
          throw CoreDataStoreError(
            .badModel, "entity \(name): its NSSuperentity is not an entity of the model")
        }
        parent = parentName
      }
      let inherited = propertyNames(resolve(object["NSSuperentity"]))
      var entity = CoreDataEntity(
        name: name, className: object["NSClassNameForEntity"]?.stringValue, parent: parent,
        isAbstract: object["NSIsAbstract"]?.boolValue ?? false,
        renamingIdentifier: object["NSRenamingIdentifier"]?.stringValue)
      let properties: [ArchivedEntry]
      switch object["NSProperties"] {
      case nil, .null?: properties = []
      case .dictionary(let entries)?: properties = entries
      default:
        throw CoreDataStoreError(.badModel, "entity \(name): NSProperties is not a dictionary")
      }
      for entry in properties {
        guard let propertyName = entry.key.stringValue, let property = resolve(entry.value) else {
          throw CoreDataStoreError(
            .badModel, "entity \(name): NSProperties holds something other than a property")
        }
        guard !inherited.contains(propertyName) else { continue }
        try Self.add(
          property, named: propertyName, to: &entity, entityName: entityName, resolve: resolve)
      }
      let inheritedTuples = Self.uniqueTuples(of: resolve(object["NSSuperentity"]))
      for tuple in Self.uniqueTuples(of: object) where !inheritedTuples.contains(tuple) {
        if tuple.count == 1, let k = entity.attributes.firstIndex(where: { $0.name == tuple[0] }) {
          entity.attributes[k].rules.isUnique = true
        } else if tuple.count > 1 {
          entity.uniquenessConstraints.append(tuple)
        }
      }
      entity.attributes.sort { $0.name < $1.name }
      entity.relationships.sort { $0.name < $1.name }
      entity.fetchedProperties.sort()
      entities.append(entity)
    }
    let identifiers = model["NSVersionIdentifiers"]?.elements?.compactMap(\.stringValue) ?? []
    self.init(
      entities: Self.linkingSubentities(entities).sorted { $0.name < $1.name },
      versionIdentifiers: identifiers.sorted())
    try checkSize()
  }

  /// `entities` with each one's ``CoreDataEntity/subentities``: the entities naming it as
  /// their parent, sorted.
  static func linkingSubentities(_ entities: [CoreDataEntity]) -> [CoreDataEntity] {
    var children: [String: [String]] = [:]
    for entity in entities {
      if let parent = entity.parent { children[parent, default: []].append(entity.name) }
    }
    return entities.map { entity in
      var linked = entity
      linked.subentities = (children[entity.name] ?? []).sorted()
      return linked
    }
  }

  /// An entity's uniqueness constraints (`NSUniqueTuples`), each a list of property names;
  /// a sub-entity's repeat its parent's.
  private static func uniqueTuples(of entity: ArchivedObject?) -> [[String]] {
    (entity?["NSUniqueTuples"]?.elements ?? []).map {
      ($0.elements ?? []).compactMap(\.stringValue)
    }
  }

  /// An archived value (`NSDefaultValue`, a validation predicate's constant) as a value of
  /// the attribute's type; nil when there is none or it is of another type.
  static func typedValue(_ archived: ArchivedValue?, of type: CoreDataAttributeType)
    -> Value?
  {
    switch (type, archived) {
    case (.integer16, .integer(let i)?), (.integer32, .integer(let i)?),
      (.integer64, .integer(let i)?):
      return .int(i)
    case (.double, .integer(let i)?), (.float, .integer(let i)?): return .double(Double(i))
    case (.double, .real(let d)?), (.float, .real(let d)?): return .double(d)
    case (.decimal, .integer(let i)?): return .decimal(Decimal(i))
    case (.decimal, .real(let d)?):
      return try? Decimal.converting(d).map(Value.decimal).get()
    case (.boolean, let flag?): return flag.boolValue.map(Value.bool)
    case (.string, .string(let text)?): return .string(text)
    case (.date, .date(let date)?): return .date(date)
    case (.uuid, .uuid(let uuid)?): return .uuid(uuid)
    default: return nil
    }
  }

  /// Adds one archived property to `entity`, as the attribute, relationship or fetched
  /// property its class says.
  private static func add(
    _ property: ArchivedObject, named name: String, to entity: inout CoreDataEntity,
    entityName: (ArchivedValue?) -> String?, resolve: (ArchivedValue?) -> ArchivedObject?
  ) throws(CoreDataStoreError) {
    let place = "\(entity.name).\(name)"
    let isOptional = property["NSIsOptional"]?.boolValue ?? false
    let isTransient = property["NSIsTransient"]?.boolValue ?? false
    let classes = property.classNames
    if classes.contains("NSFetchedPropertyDescription") {
      entity.fetchedProperties.append(name)
    } else if classes.contains("NSRelationshipDescription") {
      guard
        let destination = entityName(property["_NSDestinationEntityName"])
          ?? entityName(property["NSDestinationEntity"])
      else {
        throw CoreDataStoreError(.badModel, "relationship \(place) has no destination entity")
      }
      let inverse =
        property["_NSInverseRelationshipName"]?.stringValue
        ?? resolve(property["NSInverseRelationship"])?["NSPropertyName"]?.stringValue
      let minCount = Int(property["NSMinCount"]?.integerValue ?? 0)
      let maxCount = Int(property["NSMaxCount"]?.integerValue ?? 0)
      let ruleNumber = Int(property["NSDeleteRule"]?.integerValue ?? 1)
      guard let deleteRule = CoreDataDeleteRule(rawValue: ruleNumber) else {
        throw CoreDataStoreError(
          .badModel, "relationship \(place) has the unknown NSDeleteRule \(ruleNumber)")
      }
      entity.relationships.append(
        CoreDataRelationship(
          name: name, destination: destination, inverse: inverse, isToMany: maxCount != 1,
          isOrdered: property["NSIsOrdered"]?.boolValue ?? false, isOptional: isOptional,
          isTransient: isTransient, minCount: minCount, maxCount: max(maxCount, 0),
          deleteRule: deleteRule))
    } else if classes.contains("NSAttributeDescription") {
      let typeNumber = Int(property["NSAttributeType"]?.integerValue ?? 0)
      guard let type = CoreDataAttributeType(rawValue: typeNumber) else {
        throw CoreDataStoreError(
          .badModel, "attribute \(place) has the unknown NSAttributeType \(typeNumber)")
      }
      entity.attributes.append(
        CoreDataAttribute(
          name: name, type: type, isOptional: isOptional, isTransient: isTransient,
          isDerived: classes.contains("NSDerivedAttributeDescription"),
          valueTransformerName: property["NSValueTransformerName"]?.stringValue,
          valueClassName: property["NSAttributeValueClassName"]?.stringValue,
          allowsExternalStorage: property["NSAllowsExternalBinaryDataStorage"]?.boolValue ?? false,
          rules: AttributeRules(
            defaultValue: typedValue(property["NSDefaultValue"], of: type),
            validationPredicates: property["NSValidationPredicates"], of: type, resolve: resolve)))
    } else {
      throw CoreDataStoreError(
        .badModel, "property \(place) is an instance of \(property.className), not a property")
    }
  }
}
