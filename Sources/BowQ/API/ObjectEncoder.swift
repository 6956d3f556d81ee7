import Foundation

/// Encodes an `Encodable` value type as the property values of an object, one field a
/// property (``ObjectDecoder``'s mapping the other way): strings, numbers, Booleans, `Date`,
/// `Data`, `UUID`, `URL`, `Decimal`, ``Color``, and ``ObjectID`` or `[ObjectID]` for
/// relationships. A nil optional field leaves its property at its default.
struct ObjectEncoder: Encoder {
  /// The values encoded, by property, shared with the container that fills them.
  final class Values {
    var byKey: [String: Any?] = [:]
    /// Why a field cannot be encoded, found where a container cannot throw.
    var refusal: EncodingError?
  }

  let values: Values
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// The property values of `value`.
  static func values(of value: some Encodable) throws -> [String: Any?] {
    let encoder = ObjectEncoder(values: Values())
    try value.encode(to: encoder)
    if let refusal = encoder.values.refusal { throw refusal }
    return encoder.values.byKey
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(Keyed(values: values))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    Refusing(values: values, codingPath: [])
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    Refusing(values: values, codingPath: [])
  }

  /// The fields of a type, set as properties.
  private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let values: Values
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
      values.byKey[key.stringValue] = .some(nil)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      switch value {
      case is String, is Bool, is Int, is Int8, is Int16, is Int32, is Int64, is UInt8,
        is UInt16, is UInt32, is Double, is Float, is Date, is Data, is UUID, is URL, is Decimal,
        is Color, is ObjectID, is [ObjectID]:
        values.byKey[key.stringValue] = value
      default:
        throw EncodingError.invalidValue(
          value,
          .init(
            codingPath: [key],
            debugDescription: "\(key.stringValue) is a \(T.self), which no property holds: "
              + "give the field a value type (a relationship takes ObjectID or [ObjectID])"))
      }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      var refusing = Refusing(values: values, codingPath: [key])
      return refusing.nestedContainer(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      Refusing(values: values, codingPath: [key])
    }

    mutating func superEncoder() -> any Encoder { ObjectEncoder(values: values) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { ObjectEncoder(values: values) }
  }

  /// A container for what an object's property cannot be: a list or a lone value.
  /// A container for what an object's property cannot be: a nested object, a list or a
  /// lone value. What is put in it is refused (``Values/refusal``), nothing kept.
  private struct Refusing: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let values: Values
    var codingPath: [any CodingKey]
    var count: Int { 0 }

    private func refusal(_ value: Any) -> EncodingError {
      let refusal = EncodingError.invalidValue(
        value,
        .init(
          codingPath: codingPath,
          debugDescription: "an object encodes from a type with one field a property (a "
            + "struct); a field is a value, not a nested object or a list"))
      values.refusal = values.refusal ?? refusal
      return refusal
    }

    mutating func encodeNil() throws { throw refusal(NSNull()) }
    mutating func encode<T: Encodable>(_ value: T) throws { throw refusal(value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      _ = refusal(keyType)
      return KeyedEncodingContainer(Keyed<NestedKey>(values: Values()))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { ObjectEncoder(values: values) }
  }
}
