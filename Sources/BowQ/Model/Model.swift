/// The schema: every entity the store knows, in the order they were defined.
public struct Model: Hashable, Sendable {
  public private(set) var entities: [Entity] = []

  public init(entities: [Entity] = []) {
    for entity in entities { define(entity) }
  }

  public func entity(named name: String) -> Entity? {
    entities.first { $0.name == name }
  }

  /// The entity named `name` and every entity that inherits from it, directly or not: the
  /// entities a fetch of `name` reads, as Core Data's `includesSubentities`. The entity comes
  /// first, then its descendants in the order they were defined.
  public func hierarchy(of name: String) -> [Entity] {
    guard let entity = entity(named: name) else { return [] }
    var names: Set<String> = [name]
    var grew = true
    while grew {
      grew = false
      for candidate in entities where !names.contains(candidate.name) {
        if let parent = candidate.parent, names.contains(parent) {
          names.insert(candidate.name)
          grew = true
        }
      }
    }
    return [entity] + entities.filter { names.contains($0.name) && $0.name != name }
  }

  /// The direct sub-entities of `name`, in the order they were defined.
  public func subentities(of name: String) -> [Entity] {
    entities.filter { $0.parent == name }
  }

  /// Whether `entity` is `ancestor` or inherits from it.
  public func entity(_ entity: String, isKindOf ancestor: String) -> Bool {
    var current: String? = entity
    var seen: Set<String> = []
    while let name = current, seen.insert(name).inserted {
      if name == ancestor { return true }
      current = self.entity(named: name)?.parent
    }
    return false
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
