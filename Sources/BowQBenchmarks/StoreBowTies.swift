import BowQ
import Foundation

/// A deterministic wardrobe of realistic bow ties with every attribute of the sample's
/// BowTie entity, for the store benchmark: tie `i` is the same in every process, so the
/// peers (run as child processes) can rebuild exactly the objects bowq stores.
///
/// Names and URLs are unique, most values are set (each optional is nil for a few percent
/// of the ties), photos are 80 to 120 bytes, ratings, wear counts and favourites repeat as
/// they would in a real wardrobe, and some colour names are not ASCII.
enum StoreBowTies {
  struct Tie {
    var name: String
    var searchKey: String
    var rating: Double
    var timesWorn: Int32
    var lastWorn: Date?
    var isFavorite: Bool
    var id: UUID
    var url: String?
    var photoData: Data?
    var tintColor: (red: UInt8, green: UInt8, blue: UInt8)?
  }

  private static let colors = [
    "Red", "Orange", "Yellow", "Green", "Blue", "Indigo", "Violet", "Navy", "Sky Blue", "Black",
    "Burgundy", "Teal", "Crème Brûlée", "Café au Lait", "Rosé", "Silver", "Gold", "Plum",
  ]
  private static let patterns = [
    "Polka Dot", "Paisley", "Plaid", "Striped", "Herringbone", "Floral", "Solid", "Houndstooth",
  ]
  private static let fabrics = ["Silk", "Wool", "Cotton", "Linen", "Velvet"]

  /// Tie number `i`.
  static func tie(_ i: Int) -> Tie {
    var random = SplitMix64(seed: UInt64(i) &* 0x9E37_79B9_7F4A_7C15 ^ 0x5EED)
    let color = colors[random.below(colors.count)]
    let pattern = patterns[random.below(patterns.count)]
    let fabric = fabrics[random.below(fabrics.count)]
    let idBits = (random.next(), random.next())
    var uuid = withUnsafeBytes(of: idBits) { $0.loadUnaligned(as: uuid_t.self) }
    uuid.6 = uuid.6 & 0x0F | 0x40
    uuid.8 = uuid.8 & 0x3F | 0x80
    var photo: Data?
    if random.below(100) < 92 {
      let length = 80 + random.below(41)
      var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      while bytes.count < length { bytes.append(UInt8(truncatingIfNeeded: random.next())) }
      photo = Data(bytes)
    }
    let slug = color.lowercased().replacingOccurrences(of: " ", with: "-")
    return Tie(
      name: "\(color) \(pattern) \(fabric) Bow Tie No. \(i + 1)",
      searchKey: String(color.prefix(1)),
      rating: Double(random.below(11)) / 2,
      timesWorn: Int32(random.below(120)),
      lastWorn: random.below(100) < 88
        ? Date(timeIntervalSinceReferenceDate: 599_616_000 + Double(random.below(189_216_000)))
        : nil,
      isFavorite: random.below(100) < 20,
      id: UUID(uuid: uuid),
      url: random.below(100) < 90 ? "https://shop.example.com/bow-ties/\(i + 1)-\(slug)" : nil,
      photoData: photo,
      tintColor: random.below(100) < 95
        ? (UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256)))
        : nil)
  }

  /// A graph with the BowTie entity of ``BowTiesSample/modelSource`` and ties `0..<count`.
  static func graph(count: Int) throws -> ObjectGraph {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(BowTiesSample.modelSource)
    var graph = interpreter.context.graph
    for i in 0..<count {
      let tie = tie(i)
      graph.insert(
        [
          .string(tie.name), .string(tie.searchKey), .double(tie.rating),
          .int(Int64(tie.timesWorn)), tie.lastWorn.map(Value.date) ?? .null,
          .bool(tie.isFavorite), .uuid(tie.id),
          tie.url.flatMap(URI.init).map(Value.uri) ?? .null,
          tie.photoData.map(Value.data) ?? .null,
          tie.tintColor.map { .color(Color(red: $0.red, green: $0.green, blue: $0.blue)) }
            ?? .null,
        ], into: "BowTie")
    }
    return graph
  }

  /// The same ties as a plain property list, as an app (or `PropertyListEncoder`) stores
  /// them: an array of dictionaries, nil values left out, the UUID and URL as strings.
  static func plainPropertyList(count: Int) -> PropertyList {
    .array(
      (0..<count).map { i in
        let tie = tie(i)
        var entry: PropertyListDictionary = [
          "name": .string(tie.name), "searchKey": .string(tie.searchKey),
          "rating": .real(tie.rating), "timesWorn": .integer(Int64(tie.timesWorn)),
          "isFavorite": .bool(tie.isFavorite), "id": .string(tie.id.uuidString),
        ]
        entry["lastWorn"] = tie.lastWorn.map(PropertyList.date)
        entry["url"] = tie.url.map(PropertyList.string)
        entry["photoData"] = tie.photoData.map(PropertyList.data)
        entry["tintColor"] = tie.tintColor.map {
          [
            "red": .integer(Int64($0.red)), "green": .integer(Int64($0.green)),
            "blue": .integer(Int64($0.blue)),
          ]
        }
        return .dictionary(entry)
      })
  }
}
