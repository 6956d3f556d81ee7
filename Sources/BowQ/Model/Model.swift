/// The schema: every entity the store knows, in the order they were defined.
public struct Model: Hashable, Sendable {
  public private(set) var entities: [Entity] = []

  public init(entities: [Entity] = []) {
    for entity in entities { define(entity) }
  }

  public func entity(named name: String) -> Entity? {
    entities.first { $0.name == name }
  }

  /// Adds an entity, or replaces the one with the same name.
  public mutating func define(_ entity: Entity) {
    if let i = entities.firstIndex(where: { $0.name == entity.name }) {
      entities[i] = entity
    } else {
      entities.append(entity)
    }
  }
}
