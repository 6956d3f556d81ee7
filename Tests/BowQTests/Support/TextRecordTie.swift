@testable import BowQ

/// The small entity the tests of reading records from text read into: optional attributes
/// of each kind a record's fields convert to, and a to-one relationship no record may name.
enum TextRecordTie {
  static let entity = Entity(
    name: "Tie",
    attributes: [
      Attribute(name: "name", type: .string, isOptional: true),
      Attribute(name: "rating", type: .double, isOptional: true),
      Attribute(name: "worn", type: .int32, isOptional: true),
      Attribute(name: "favorite", type: .bool, isOptional: true),
    ],
    relationships: [
      Relationship(name: "owner", destination: "Person", isToMany: false, isOptional: true)
    ])
}
