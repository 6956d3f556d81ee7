import Foundation

/// One object as a card, for `show`: a title and labelled fields, as an app's screen shows
/// an object. The engine decides what a card holds; the shell draws it (stars, dates in the
/// reader's locale and time zone, a colour swatch on a terminal).
///
/// An object with the attributes of the BowTies app's tie (`name`, `rating`, `timesWorn`,
/// `lastWorn`, `isFavorite` and `tintColor`, of the sample model's types) gets the app's
/// screen: its name as the title, then its rating out of 5, the times worn, the day last
/// worn, whether it is a favourite and its tint colour. Any other object gets a generic
/// card: its first String attribute as the title, then its other attributes and its
/// relationships in the model's order, a to-one as the object it points to and a to-many as
/// how many objects it holds.
public struct ObjectCard: Hashable, Sendable {
  /// The object shown.
  public var object: ObjectID
  /// The card's title; nil when the object has no value to name it by.
  public var title: String?
  /// The fields under the title, in order.
  public var fields: [Field]

  /// A labelled line of a card.
  public struct Field: Hashable, Sendable {
    public var label: String
    public var content: Content

    public init(_ label: String, _ content: Content) {
      self.label = label
      self.content = content
    }
  }

  /// What a field shows.
  public enum Content: Hashable, Sendable {
    /// A value as it is; to-one relationships are the object they point to, or nil.
    case value(Value)
    /// A rating out of `scale`, as the BowTies app shows a tie's (`Rating 4.0 / 5`).
    case rating(Double, scale: Int)
    /// A day without its time, as the app shows the date a tie was last worn; nil when
    /// there is none.
    case day(Date?)
    /// A to-many relationship: how many objects it holds, of which entity.
    case count(Int, of: String)
  }

  public init(object: ObjectID, title: String?, fields: [Field]) {
    self.object = object
    self.title = title
    self.fields = fields
  }

  /// The card of the object `id` of `entity`, whose values are `row` (in slot order).
  public init(_ id: ObjectID, of entity: Entity, row: [Value]) {
    if let tie = Self.tieCard(id, of: entity, row: row) {
      self = tie
    } else {
      self = Self.genericCard(id, of: entity, row: row)
    }
  }

  /// The BowTies app's screen: the attributes it shows, with their types there.
  private static let tieAttributes: [(name: String, accepts: @Sendable (AttributeType) -> Bool)] = [
    ("name", { $0 == .string }),
    ("rating", { $0.isNumeric }),
    ("timesWorn", { $0.isInteger }),
    ("lastWorn", { $0 == .date }),
    ("isFavorite", { $0 == .bool }),
    ("tintColor", { $0 == .transformable(.color) }),
  ]

  /// The app's screen of a tie, or nil when `entity` lacks an attribute the screen shows.
  private static func tieCard(_ id: ObjectID, of entity: Entity, row: [Value]) -> ObjectCard? {
    var values: [String: Value] = [:]
    for (name, accepts) in tieAttributes {
      guard let index = entity.index(ofAttribute: name), accepts(entity.attributes[index].type),
        index < row.count
      else { return nil }
      values[name] = row[index]
    }
    func value(_ name: String) -> Value { values[name] ?? .null }
    let rating: Content
    switch value("rating") {
    case .double(let v): rating = .rating(v, scale: 5)
    case .int(let v): rating = .rating(Double(v), scale: 5)
    case .decimal(let v): rating = .rating(v.nearestDouble, scale: 5)
    case let other: rating = .value(other)
    }
    let lastWorn: Date? = if case .date(let d) = value("lastWorn") { d } else { nil }
    let title: String? = if case .string(let s) = value("name") { s } else { nil }
    return ObjectCard(
      object: id, title: title,
      fields: [
        Field("Rating", rating), Field("Times worn", .value(value("timesWorn"))),
        Field("Last worn", .day(lastWorn)), Field("Favourite", .value(value("isFavorite"))),
        Field("Tint colour", .value(value("tintColor"))),
      ])
  }

  /// The generic card: the first String attribute as the title, then every other
  /// attribute and the relationships, in the model's order.
  private static func genericCard(_ id: ObjectID, of entity: Entity, row: [Value]) -> ObjectCard {
    let titleIndex = entity.attributes.firstIndex { $0.type == .string }
    var title: String?
    var fields: [Field] = []
    for (index, attribute) in entity.attributes.enumerated() {
      let value = index < row.count ? row[index] : .null
      if index == titleIndex, case .string(let s) = value {
        title = s
        continue
      }
      fields.append(Field(attribute.name, .value(value)))
    }
    for relationship in entity.relationships {
      let slot = entity.slot(ofRelationship: relationship.name) ?? row.count
      let value = slot < row.count ? row[slot] : .null
      fields.append(
        Field(
          relationship.name,
          relationship.isToMany
            ? .count(ObjectGraph.targets(in: value).count, of: relationship.destination)
            : .value(value)))
    }
    return ObjectCard(object: id, title: title, fields: fields)
  }
}
