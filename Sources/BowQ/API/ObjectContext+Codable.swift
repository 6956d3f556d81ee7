import Foundation

extension ObjectContext {
  /// The objects `request` finds, each decoded as a `T` (``ObjectDecoder``'s mapping: a
  /// field a property of its name).
  ///
  /// The mapping is checked against the entity's model the first time a type is used
  /// with an entity, on an object made of the model's own types, so a field that does
  /// not fit is reported even when nothing is found.
  ///
  /// - Throws: ``ObjectMappingError`` naming the field that does not fit; what
  ///   ``fetch(_:)`` throws.
  public func fetch<T: Decodable>(_ type: T.Type, _ request: ObjectFetchRequest) throws -> [T] {
    try checkMapping(of: type, to: request.entityName)
    var decoded: [T] = []
    for object in try fetch(request) {
      decoded.append(try Self.decode(type, from: object))
    }
    return decoded
  }

  /// The objects of the entity named as the type (`BowTie` for `struct BowTie`) that the
  /// format and its arguments select, decoded as `T`:
  /// `context.fetch(BowTie.self, where: "rating > %@", 3)`.
  public func fetch<T: Decodable>(_ type: T.Type, where format: String, _ arguments: Any?...)
    throws -> [T]
  {
    try fetch(
      type,
      ObjectFetchRequest(
        entityName: String(describing: type),
        predicate: try FormatPredicate(format: format, argumentArray: arguments)))
  }

  /// Inserts an object of `entityName` (by default the type's name) with `value`'s fields as
  /// its properties (``ObjectEncoder``'s mapping); a nil optional field leaves its property
  /// at its default.
  ///
  /// - Throws: ``ObjectMappingError`` for a field no property can hold; what
  ///   ``insert(_:_:)`` throws (an unknown property, a value its attribute cannot hold).
  @discardableResult
  public func insert<T: Encodable>(_ value: T, into entityName: String? = nil) throws
    -> FetchedObject
  {
    let entity = entityName ?? String(describing: T.self)
    let values: [String: Any?]
    do {
      values = try ObjectEncoder.values(of: value)
    } catch let error as EncodingError {
      throw ObjectMappingError(type: T.self, entity: entity, error)
    }
    return try insert(entity, values)
  }

  /// Decodes `object` as `T`, its failure phrased as an ``ObjectMappingError``.
  static func decode<T: Decodable>(_ type: T.Type, from object: FetchedObject) throws -> T {
    do {
      return try T(from: ObjectDecoder(object))
    } catch let error as DecodingError {
      throw ObjectMappingError(type: type, entity: object.entityName, error)
    }
  }

  /// Checks, once per type and entity, that `T` decodes from an object of `entityName`
  /// holding a value of each property's type.
  private func checkMapping<T: Decodable>(of type: T.Type, to entityName: String) throws {
    let key = "\(ObjectIdentifier(type)) \(entityName)"
    guard !checkedMappings.contains(key) else { return }
    guard let entity = interpreter.context.graph.model.entity(named: entityName) else {
      return  // the fetch names the unknown entity, with did-you-mean
    }
    _ = try Self.decode(type, from: FetchedObject(typical: entity))
    checkedMappings.insert(key)
  }
}

extension FetchedObject {
  /// An object of `entity` with a value of each property's type, against which a
  /// `Codable` mapping is checked.
  init(typical entity: Entity) {
    self.init(
      id: ObjectID(entity: entity.name, key: 0),
      keys: entity.attributes.map(\.name) + entity.relationships.map(\.name),
      values: entity.attributes.map { $0.type.typicalValue }
        + entity.relationships.map {
          $0.isToMany ? .collection([]) : .object(ObjectID(entity: $0.destination, key: 0))
        })
  }
}

extension AttributeType {
  /// A value of the type, for checking what a Swift type can take.
  fileprivate var typicalValue: Value {
    switch self {
    case .string: return .string("")
    case .int16, .int32, .int64: return .int(0)
    case .decimal: return .decimal(0)
    case .double, .float: return .double(0)
    case .bool: return .bool(false)
    case .date: return .date(Date(timeIntervalSinceReferenceDate: 0))
    case .binary: return .data(Data())
    case .uuid: return .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    case .uri: return URI("about:blank").map(Value.uri) ?? .null
    case .transformable: return .color(Color(red: 0, green: 0, blue: 0))
    }
  }
}
