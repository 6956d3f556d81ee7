import BowQ

/// A deterministic wardrobe of generated bow ties: the same rows for every peer.
struct SampleTies {
  struct Tie {
    var name: String
    var searchKey: String
    var rating: Double
    var timesWorn: Int32
  }

  let ties: [Tie]

  private static let colors = [
    "Red", "Orange", "Yellow", "Green", "Blue", "Indigo", "Violet", "Navy Blue", "Sky blue",
    "Polka Dot", "Plaid", "Paisley", "Crème Brûlée", "Blueberry", "Black",
  ]

  init(ties: [Tie]) {
    self.ties = ties
  }

  init(count: Int, seed: UInt64 = 0x5EED) {
    var random = SplitMix64(seed: seed)
    ties = (0..<count).map { i in
      let color = Self.colors[random.below(Self.colors.count)]
      return Tie(
        name: "\(color) Bow Tie \(i)", searchKey: String(color.prefix(1)),
        rating: Double(random.below(11)) / 2, timesWorn: Int32(random.below(50)))
    }
  }

  /// The same ties in a bowq graph with the BowTie-like entity `Tie`.
  func graph() -> ObjectGraph {
    let tie = Entity(
      name: "Tie",
      attributes: [
        Attribute(name: "name", type: .string), Attribute(name: "searchKey", type: .string),
        Attribute(name: "rating", type: .double), Attribute(name: "timesWorn", type: .int32),
      ])
    var graph = ObjectGraph(model: Model(entities: [tie]))
    for tie in ties {
      graph.insert(
        [
          .string(tie.name), .string(tie.searchKey), .double(tie.rating),
          .int(Int64(tie.timesWorn)),
        ],
        into: "Tie")
    }
    return graph
  }
}
