/// The identity of an object: its entity and a primary key unique within that entity.
///
/// Printed as `BowTie/p3`, after the last path components of Core Data's object URIs.
public struct ObjectID: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var entity: String
  public var key: Int64

  public init(entity: String, key: Int64) {
    self.entity = entity
    self.key = key
  }

  public var description: String { "\(entity)/p\(key)" }

  public static func < (a: ObjectID, b: ObjectID) -> Bool {
    (a.entity, a.key) < (b.entity, b.key)
  }
}

/// An object ID is coded as the text it prints as, `BowTie/p3`.
extension ObjectID: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let slash = text.range(of: "/p", options: .backwards),
      !text[..<slash.lowerBound].isEmpty, let key = Int64(text[slash.upperBound...])
    else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\(text) is not an object ID such as BowTie/p3")
    }
    self.init(entity: String(text[..<slash.lowerBound]), key: key)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
