import Foundation

/// Decodes a `Decodable` type from a ``FetchedObject``, one property a field: the
/// `Codable` mapping of the Swift API.
///
/// A field reads the property of its name: `String` a String attribute; the integer types
/// an integer attribute (a value the field's type cannot hold is an error); `Double` and
/// `Float` any number; `Bool`, `Date`, `Data`, `UUID`, `URL`, `Decimal` and ``Color`` their
/// attributes; ``ObjectID`` a to-one, `[ObjectID]` a to-many. An optional field takes nil.
/// Anything else is an error naming the field.
struct ObjectDecoder: Decoder {
  let object: FetchedObject
  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ object: FetchedObject) {
    self.object = object
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(Keyed(object: object))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw Self.wholeObject(codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    throw Self.wholeObject(codingPath)
  }

  private static func wholeObject(_ path: [any CodingKey]) -> DecodingError {
    .typeMismatch(
      [Any].self,
      .init(
        codingPath: path,
        debugDescription: "an object decodes as a type with one field a property (a struct), "
          + "not as one value or a list"))
  }

  /// The fields of a type read as the object's properties.
  private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: FetchedObject
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { object.keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { object.keys.contains(key.stringValue) }

    func decodeNil(forKey key: Key) throws -> Bool {
      try value(forKey: key).isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      let value = try value(forKey: key)
      func mismatch(_ why: String) -> DecodingError {
        .typeMismatch(type, .init(codingPath: [key], debugDescription: why))
      }
      guard !value.isNull else {
        throw DecodingError.valueNotFound(
          type,
          .init(
            codingPath: [key],
            debugDescription: "\(object.id) has no value for \(key.stringValue); make the field "
              + "optional (\(type)?)"))
      }
      if let decoded = try Self.swiftValue(value, as: type, mismatch: mismatch) {
        return decoded
      }
      throw mismatch(
        "\(key.stringValue) holds \(ValueType(of: value)), which \(type) cannot take")
    }

    /// `value` as a `T`, nil when it is not one; throws for an integer out of `T`'s range.
    private static func swiftValue<T>(
      _ value: Value, as type: T.Type, mismatch: (String) -> DecodingError
    ) throws -> T? {
      switch value {
      case .string(let s): return s as? T
      case .int(let i):
        if let integer = type as? any FixedWidthInteger.Type {
          guard let fitted = integer.init(exactly: i) else {
            throw mismatch("\(i) does not fit in \(type)")
          }
          return fitted as? T
        }
        if type == Double.self { return Double(i) as? T }
        if type == Float.self { return Float(i) as? T }
        if type == Decimal.self { return Decimal(i) as? T }
        return nil
      case .double(let d):
        if type == Float.self { return Float(d) as? T }
        if type == Decimal.self, case .success(let decimal) = Decimal.converting(d) {
          return decimal as? T
        }
        return d as? T
      case .decimal(let d):
        if type == Double.self { return d.nearestDouble as? T }
        return d as? T
      case .bool(let b): return b as? T
      case .date(let date): return date as? T
      case .data(let data): return data as? T
      case .uuid(let uuid): return uuid as? T
      case .uri(let uri): return URL(string: uri.absoluteString) as? T
      case .color(let color): return color as? T
      case .object(let id): return id as? T
      case .collection(let members):
        return members.compactMap { if case .object(let id) = $0 { id } else { nil } } as? T
      case .null: return nil
      }
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      throw DecodingError.typeMismatch(
        type,
        .init(
          codingPath: [key],
          debugDescription: "\(key.stringValue) is a property, not a nested object: give the "
            + "field a value type (a relationship decodes as ObjectID or [ObjectID])"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      throw DecodingError.typeMismatch(
        [Any].self,
        .init(
          codingPath: [key],
          debugDescription: "\(key.stringValue): a to-many decodes as [ObjectID]"))
    }

    func superDecoder() throws -> any Decoder { ObjectDecoder(object) }
    func superDecoder(forKey key: Key) throws -> any Decoder { ObjectDecoder(object) }

    /// The value of the property `key`; an error naming the entity's properties when it has
    /// none of that name.
    private func value(forKey key: Key) throws -> Value {
      guard let index = object.keys.firstIndex(of: key.stringValue) else {
        throw DecodingError.keyNotFound(
          key,
          .init(
            codingPath: [key],
            debugDescription: "\(object.entityName) has no property \(key.stringValue)."
              + NameSuggestion.hint(for: key.stringValue, among: object.keys)
              + " Its properties: \(object.keys.joined(separator: ", "))"))
      }
      return object.values[index]
    }
  }
}
