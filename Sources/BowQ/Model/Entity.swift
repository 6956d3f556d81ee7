/// An entity: a named kind of object with an ordered list of attributes.
public struct Entity: Hashable, Sendable {
  public var name: String
  public private(set) var attributes: [Attribute]
  private var indexByName: [String: Int]

  public init(name: String, attributes: [Attribute]) {
    self.name = name
    self.attributes = attributes
    self.indexByName = Dictionary(
      attributes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The position of an attribute in the entity, which is also its slot in every row.
  public func index(ofAttribute name: String) -> Int? {
    indexByName[name]
  }

  public func attribute(named name: String) -> Attribute? {
    indexByName[name].map { attributes[$0] }
  }
}
