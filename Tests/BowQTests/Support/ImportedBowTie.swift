@testable import BowQ

/// The BowTie entity the import tests read records into: every attribute type the sample's
/// entity has, as the sample declares them.
enum ImportedBowTie {
  static let attributes = [
    Attribute(name: "name", type: .string),
    Attribute(name: "searchKey", type: .string),
    Attribute(name: "rating", type: .double, defaultValue: .double(0)),
    Attribute(name: "timesWorn", type: .int32, defaultValue: .int(0)),
    Attribute(name: "lastWorn", type: .date, isOptional: true),
    Attribute(name: "isFavorite", type: .bool, defaultValue: .bool(false)),
    Attribute(name: "id", type: .uuid),
    Attribute(name: "url", type: .uri, isOptional: true),
    Attribute(name: "photoData", type: .binary, isOptional: true),
    Attribute(name: "tintColor", type: .transformable(.color), isOptional: true),
  ]
}
