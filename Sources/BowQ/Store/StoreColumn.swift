/// One column of an entity's objects in a store: the property it holds, in slot order
/// (attributes, then relationships), and the form its values take in the file.
///
/// | kind | a value is | nil placeholder |
/// |---|---|---|
/// | string, URI | string | `""` |
/// | Int16, Int32, Int64 | integer, range-checked | `0` |
/// | Double, Float | real | `0.0` |
/// | Decimal | string holding the exact number | `"0"` |
/// | Bool | Boolean | `false` |
/// | Date | date | 2001-01-01 |
/// | Binary, other transformers | data | empty data |
/// | UUID | 16 bytes of data | 16 zero bytes |
/// | Color | dictionary `{red, green, blue}` of integers | `{0, 0, 0}` |
/// | to-one | the destination object's key | `0` |
/// | to-many | array of the destination objects' keys | `[]` |
///
/// A nil value is its kind's placeholder with its row's bit set in the `.nulls` bitmap. A
/// Binary column of an attribute marked `external` may also hold references to values kept
/// in files beside the store (``ExternalDataReference``).
struct StoreColumn {
  /// The form of the column's values; a plain value, cheap to switch on for every cell.
  enum Kind {
    case string
    case integer
    case real
    case decimal
    case bool
    case date
    case binary
    case uuid
    case uri
    case color
    /// A transformer bowq does not know: the opaque data Core Data would persist.
    case opaque
    case toOne
    case toMany
  }

  /// The property's name, which is the column's key in `columns`.
  var name: String
  var kind: Kind
  /// The property's type as its definition names it, for messages: `Int16`, `[Person]`.
  var typeName: String
  /// The values an integer column may hold.
  var integerRange: ClosedRange<Int64> = Int64.min...Int64.max
  /// The entity a relationship points to.
  var destination = ""
  /// A Binary attribute marked `external`, whose large values are kept in files.
  var allowsExternalStorage = false

  init(_ attribute: Attribute) {
    name = attribute.name
    typeName = attribute.type.name
    switch attribute.type {
    case .string: kind = .string
    case .int16, .int32, .int64:
      kind = .integer
      integerRange = attribute.type.integerRange ?? integerRange
    case .double, .float: kind = .real
    case .decimal: kind = .decimal
    case .bool: kind = .bool
    case .date: kind = .date
    case .binary:
      kind = .binary
      allowsExternalStorage = attribute.allowsExternalStorage
    case .uuid: kind = .uuid
    case .uri: kind = .uri
    case .transformable(let transformer): kind = transformer == .color ? .color : .opaque
    }
  }

  init(_ relationship: Relationship) {
    name = relationship.name
    destination = relationship.destination
    kind = relationship.isToMany ? .toMany : .toOne
    typeName = relationship.isToMany ? "[\(destination)]" : destination
  }

  /// The columns of `entity`, one per slot of its rows.
  static func columns(of entity: Entity) -> [StoreColumn] {
    entity.attributes.map(StoreColumn.init) + entity.relationships.map(StoreColumn.init)
  }

  /// The key of the column's null bitmap: `lastWorn.nulls`.
  var nullsKey: String { name + StoreCodec.nullsSuffix }

  var isRelationship: Bool { kind == .toOne || kind == .toMany }

  /// What each value of the column must be, for messages.
  var expected: String {
    switch kind {
    case .string: return "a string"
    case .integer: return "an integer"
    case .real: return "a real"
    case .decimal: return "a string holding a decimal number"
    case .bool: return "a Boolean"
    case .date: return "a date"
    case .binary, .opaque: return "data"
    case .uuid: return "16 bytes of data (a UUID)"
    case .uri: return "a string holding a URI"
    case .color: return "a dictionary {red, green, blue}"
    case .toOne: return "the integer key of a \(destination)"
    case .toMany: return "an array of \(destination) keys"
    }
  }

  /// The error for this column of `entity`: `entity E, attribute a, row 3: …` or
  /// `entity E, relationship r, row 3: …`. `column` names the key in `columns` when it is
  /// not the column itself (its `.nulls` bitmap).
  func error(entity: String, row: Int?, key column: String? = nil, _ message: String)
    -> StoreError
  {
    if isRelationship {
      return StoreError.invalidRelationship(
        entity: entity, relationship: column ?? name, row: row, message: message)
    }
    return StoreError.invalidObjects(
      entity: entity, attribute: column ?? name, row: row, message: message)
  }
}
