/// The BowTies sample: Core Data's classic tutorial model, and the seeding of a new store
/// from SampleData.plist, as the sample app does on first launch.
public enum BowTiesSample {
  /// The BowTie entity in bowq's own definition language.
  public static let modelSource = """
    entity BowTie {
      name: String
      searchKey: String
      rating: Double min 0 max 5 default 0
      timesWorn: Int32 default 0
      lastWorn: Date?
      isFavorite: Bool default false
      id: UUID unique
      url: URI?
      photoData: Binary? external
      tintColor: Transformable(Color)?
    }
    """

  /// Defines the BowTie entity (when the store lacks it) and imports the sample ties when
  /// there are none yet, then saves. Like the sample app, it counts before inserting, so
  /// opening a seeded store again does not duplicate anything.
  ///
  /// - Returns: whether anything was seeded.
  @discardableResult
  public static func seed(_ interpreter: Interpreter, sampleDataPath: String) throws -> Bool {
    let graph = interpreter.context.graph
    if graph.model.entity(named: "BowTie") != nil, graph.table("BowTie").count > 0 {
      return false
    }
    var script = graph.model.entity(named: "BowTie") == nil ? modelSource + "\n" : ""
    script += "import \(Value.quoted(sampleDataPath)) into BowTie\nsave\n"
    _ = try interpreter.run(script)
    return true
  }
}
