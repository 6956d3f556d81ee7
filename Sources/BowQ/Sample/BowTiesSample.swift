import Foundation

/// The BowTies sample: Core Data's classic tutorial model, and the seeding of a new store
/// from SampleData.plist, as the sample app does on first launch.
///
/// The repository's SampleData.plist is built into bowq (``plist``), so that an installed
/// binary has it wherever it is copied.
public enum BowTiesSample {
  /// SampleData.plist as it was when bowq was built.
  public static var plist: Data { Data(PackageResources.SampleData_plist) }

  /// Writes ``plist`` to `SampleData.plist` in `folder`, unless that file already holds it,
  /// so that statements (`import`, the lessons) can name it.
  ///
  /// - Returns: the file's path.
  public static func writeCopy(into folder: String) throws(FileError) -> String {
    let path = folder + "/SampleData.plist"
    if FileManager.default.contents(atPath: path) != plist {
      try AtomicFile.replaceContents(of: path, with: plist)
    }
    return path
  }

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
