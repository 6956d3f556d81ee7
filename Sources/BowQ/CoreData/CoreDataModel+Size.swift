extension CoreDataModel {
  /// The most inherited places a model may have: each entity counts one for itself and each
  /// of its ancestors, and one for each property it holds, its ancestors' included (a
  /// sub-entity holds them all, in bowq's model and in its table). Photos' 53 entities have
  /// a few thousand; a model past 4 Mi would take more memory than any app's could.
  public static let maximumInheritedPlaces = 1 << 22

  /// Refuses a model too large to build on before any work is done on it: more than
  /// ``maximumEntityCount`` entities, or hierarchies so deep or wide that the properties
  /// every entity inherits pass ``maximumInheritedPlaces``. Takes time linear in the model:
  /// each entity's count is its parent's plus its own, each counted once.
  func checkSize() throws(CoreDataStoreError) {
    try Self.checkEntityCount(entities.count)
    var placesByEntity: [String: Int] = [:]
    var total = 0
    for entity in entities {
      // The chain up to the first ancestor already counted (or a cycle, or the root).
      var chain: [CoreDataEntity] = []
      var onChain: Set<String> = []
      var next: CoreDataEntity? = entity
      while let current = next, placesByEntity[current.name] == nil,
        onChain.insert(current.name).inserted
      {
        chain.append(current)
        next = current.parent.flatMap { self[entity: $0] }
      }
      var places = next.flatMap { placesByEntity[$0.name] } ?? 0
      for current in chain.reversed() {
        let own = 1 + current.attributes.count + current.relationships.count
        places = min(Self.maximumInheritedPlaces + 1, places + own)
        placesByEntity[current.name] = places
      }
      total = min(Self.maximumInheritedPlaces + 1, total + (placesByEntity[entity.name] ?? 0))
      guard total <= Self.maximumInheritedPlaces else {
        throw CoreDataStoreError(
          .badModel,
          "the model's \(entities.count) entities inherit more than "
            + "\(DigitGrouping.format(Self.maximumInheritedPlaces)) properties and ancestors "
            + "in all (hierarchies this deep or wide are not an app's model); it was not read")
      }
    }
  }

  /// Refuses `count` entities past ``maximumEntityCount``, before they are read.
  static func checkEntityCount(_ count: Int) throws(CoreDataStoreError) {
    guard count <= maximumEntityCount else {
      throw CoreDataStoreError(
        .badModel,
        "the model has \(DigitGrouping.format(count)) entities; Core Data numbers at most "
          + "\(DigitGrouping.format(maximumEntityCount)) (from 16,000 up the numbers are its "
          + "own), so this is not an app's model; it was not read")
    }
  }
}
