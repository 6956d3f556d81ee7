/// A Core Data model as a store's model cache or a compiled `.mom` archives it: entities
/// with their parents, attributes and relationships, under Core Data's own names and types.
///
/// It keeps Core Data's inheritance (a parent entity, abstract entities), which bowq's
/// ``Model`` does not have yet, so it is its own type for now.
public struct CoreDataModel: Hashable, Sendable {
  /// The entities, sorted by name.
  public var entities: [CoreDataEntity] {
    didSet { positions = Self.positions(of: entities) }
  }
  /// `NSVersionIdentifiers`, sorted.
  public var versionIdentifiers: [String]
  /// The name of the version it is (`Model 2`, from `Model 2.xcdatamodel` or
  /// `Model 2.mom`), when it was read from one.
  public var versionName: String?
  /// Every version of the bundle it was read from, in name order, when that bundle has
  /// several; the model itself is the bundle's current version. Empty otherwise.
  public var bundleVersions: [CoreDataModelVersion] = []
  /// The place of each entity in ``entities``, by name (the first, should two share one).
  private var positions: [String: Int]

  /// The most entities a model may have: Core Data numbers a store's entities from 1, and
  /// the numbers from 16,000 up are its own (persistent history), so no app's model has
  /// more. A model that says it has more is refused before any work is done on it.
  public static let maximumEntityCount = 15_999

  public init(entities: [CoreDataEntity], versionIdentifiers: [String] = []) {
    self.entities = entities
    self.versionIdentifiers = versionIdentifiers
    positions = Self.positions(of: entities)
  }

  /// The entity named `name`.
  public subscript(entity name: String) -> CoreDataEntity? {
    positions[name].map { entities[$0] }
  }

  private static func positions(of entities: [CoreDataEntity]) -> [String: Int] {
    Dictionary(
      entities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
  }
}

/// One version of a model bundle: its name, where it was read and its model.
public struct CoreDataModelVersion: Hashable, Sendable {
  public var name: String
  public var path: String
  public var model: CoreDataModel

  public init(name: String, path: String, model: CoreDataModel) {
    self.name = name
    self.path = path
    self.model = model
  }
}

/// One entity of a ``CoreDataModel``.
public struct CoreDataEntity: Hashable, Sendable {
  public var name: String
  /// `NSClassNameForEntity`: the class of its managed objects in the app.
  public var className: String?
  /// The parent entity's name (`NSSuperentity`), nil for a root entity.
  public var parent: String?
  public var isAbstract: Bool
  /// `NSRenamingIdentifier` (`renamingIdentifier` in Xcode's model): the name the entity had
  /// in an earlier version of the model, which a migrated store may still call it by.
  public var renamingIdentifier: String?
  /// The names of its direct sub-entities, sorted.
  public var subentities: [String]
  /// Its own attributes (not the parent's), sorted by name.
  public var attributes: [CoreDataAttribute]
  /// Its own relationships (not the parent's), sorted by name.
  public var relationships: [CoreDataRelationship]
  /// The names of its own fetched properties, which are not stored and are left out.
  public var fetchedProperties: [String]
  /// Its own uniqueness constraints of several attributes (not its parent's); a constraint
  /// of one attribute is that attribute's ``AttributeRules/isUnique``.
  public var uniquenessConstraints: [[String]]

  public init(
    name: String, className: String? = nil, parent: String? = nil, isAbstract: Bool = false,
    subentities: [String] = [], attributes: [CoreDataAttribute] = [],
    relationships: [CoreDataRelationship] = [], fetchedProperties: [String] = [],
    uniquenessConstraints: [[String]] = [], renamingIdentifier: String? = nil
  ) {
    self.name = name
    self.className = className
    self.parent = parent
    self.isAbstract = isAbstract
    self.renamingIdentifier = renamingIdentifier
    self.subentities = subentities
    self.attributes = attributes
    self.relationships = relationships
    self.fetchedProperties = fetchedProperties
    self.uniquenessConstraints = uniquenessConstraints
  }
}

/// An attribute of a ``CoreDataEntity``.
public struct CoreDataAttribute: Hashable, Sendable {
  public var name: String
  public var type: CoreDataAttributeType
  public var isOptional: Bool
  /// Transient attributes are not stored.
  public var isTransient: Bool
  /// A derived attribute (`NSDerivedAttributeDescription`), kept up to date by the store.
  public var isDerived: Bool
  /// `NSValueTransformerName`, for a Transformable attribute.
  public var valueTransformerName: String?
  /// `NSAttributeValueClassName`: the Objective-C or Swift class of its values.
  public var valueClassName: String?
  /// `NSAllowsExternalBinaryDataStorage`: a Binary attribute whose large values the store
  /// keeps in files of its `_EXTERNAL_DATA` folder.
  public var allowsExternalStorage: Bool
  /// Its default value and validation rules.
  public var rules: AttributeRules

  public init(
    name: String, type: CoreDataAttributeType, isOptional: Bool = false, isTransient: Bool = false,
    isDerived: Bool = false, valueTransformerName: String? = nil, valueClassName: String? = nil,
    allowsExternalStorage: Bool = false, rules: AttributeRules = AttributeRules()
  ) {
    self.name = name
    self.type = type
    self.isOptional = isOptional
    self.isTransient = isTransient
    self.isDerived = isDerived
    self.valueTransformerName = valueTransformerName
    self.valueClassName = valueClassName
    self.allowsExternalStorage = allowsExternalStorage
    self.rules = rules
  }
}

/// A relationship of a ``CoreDataEntity``.
public struct CoreDataRelationship: Hashable, Sendable {
  public var name: String
  /// The destination entity's name.
  public var destination: String
  /// The inverse relationship's name (on the destination), when there is one.
  public var inverse: String?
  public var isToMany: Bool
  public var isOrdered: Bool
  public var isOptional: Bool
  public var isTransient: Bool
  /// `NSMinCount` and `NSMaxCount` (0 for no maximum).
  public var minCount: Int
  public var maxCount: Int
  public var deleteRule: CoreDataDeleteRule

  public init(
    name: String, destination: String, inverse: String? = nil, isToMany: Bool = false,
    isOrdered: Bool = false, isOptional: Bool = false, isTransient: Bool = false, minCount: Int = 0,
    maxCount: Int = 1, deleteRule: CoreDataDeleteRule = .nullify
  ) {
    self.name = name
    self.destination = destination
    self.inverse = inverse
    self.isToMany = isToMany
    self.isOrdered = isOrdered
    self.isOptional = isOptional
    self.isTransient = isTransient
    self.minCount = minCount
    self.maxCount = maxCount
    self.deleteRule = deleteRule
  }
}

/// `NSAttributeType`, with Apple's documented raw values.
public enum CoreDataAttributeType: Int, Hashable, Sendable, CaseIterable {
  case undefined = 0
  case integer16 = 100
  case integer32 = 200
  case integer64 = 300
  case decimal = 400
  case double = 500
  case float = 600
  case string = 700
  case boolean = 800
  case date = 900
  case binaryData = 1000
  case uuid = 1100
  case uri = 1200
  case transformable = 1800
  case objectID = 2000
  case composite = 2100

  /// The name Xcode's model editor shows: "Integer 16", "Binary Data", ….
  public var displayName: String {
    switch self {
    case .undefined: return "Undefined"
    case .integer16: return "Integer 16"
    case .integer32: return "Integer 32"
    case .integer64: return "Integer 64"
    case .decimal: return "Decimal"
    case .double: return "Double"
    case .float: return "Float"
    case .string: return "String"
    case .boolean: return "Boolean"
    case .date: return "Date"
    case .binaryData: return "Binary Data"
    case .uuid: return "UUID"
    case .uri: return "URI"
    case .transformable: return "Transformable"
    case .objectID: return "Object ID"
    case .composite: return "Composite"
    }
  }
}

/// `NSDeleteRule`, with Apple's raw values.
public enum CoreDataDeleteRule: Int, Hashable, Sendable {
  case noAction = 0
  case nullify = 1
  case cascade = 2
  case deny = 3
}
