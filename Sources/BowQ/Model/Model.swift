/// The schema: every entity the store knows, in the order they were defined.
public struct Model: Hashable, Sendable {
  public private(set) var entities: [Entity] = []
  /// The place of each entity in ``entities``, by name.
  private var positions: [String: Int] = [:]
  /// The names of each entity's direct sub-entities, in the order they were defined, by the
  /// parent's name.
  private var childNames: [String: [String]] = [:]

  public init(entities: [Entity] = []) {
    for entity in entities { define(entity) }
  }

  public func entity(named name: String) -> Entity? {
    positions[name].map { entities[$0] }
  }

  /// The entity named `name` and every entity that inherits from it, directly or not: the
  /// entities a fetch of `name` reads, as Core Data's `includesSubentities`. The entity comes
  /// first, then its descendants in the order they were defined.
  public func hierarchy(of name: String) -> [Entity] {
    guard let entity = entity(named: name) else { return [] }
    var found: Set<String> = [name]
    var pending = [name]
    var descendants: [Int] = []
    while let next = pending.popLast() {
      for child in childNames[next] ?? [] where found.insert(child).inserted {
        pending.append(child)
        if let position = positions[child] { descendants.append(position) }
      }
    }
    return [entity] + descendants.sorted().map { entities[$0] }
  }

  /// The direct sub-entities of `name`, in the order they were defined.
  public func subentities(of name: String) -> [Entity] {
    (childNames[name] ?? []).compactMap { entity(named: $0) }
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
    guard let i = positions[entity.name] else {
      positions[entity.name] = entities.count
      entities.append(entity)
      if let parent = entity.parent { childNames[parent, default: []].append(entity.name) }
      return
    }
    let parentChanged = entities[i].parent != entity.parent
    entities[i] = entity
    if parentChanged {
      childNames = [:]
      for defined in entities {
        if let parent = defined.parent { childNames[parent, default: []].append(defined.name) }
      }
    }
  }
}
