import BowQ
import Foundation

/// `bowq-bench peer NAME ARGS`: one measured operation, run by the store benchmark as a
/// child process so that its wall time and peak memory are the whole process's.
///
/// Each peer prints one line: the number of ties it handled, then, for a save, the seconds
/// the save itself took (loading or building its input is not timed). It exits right after,
/// without tearing its objects down, as the Python and C peers do.
enum StorePeer {
  /// The peers, by name, with their arguments.
  static let usage = """
    bowq-bench peer generate COUNT STORE PLIST     (writes both files; not measured)
    bowq-bench peer bowq-open STORE
    bowq-bench peer bowq-save STORE OUT
    bowq-bench peer foundation-load PLIST          (PropertyListSerialization)
    bowq-bench peer decoder-load PLIST             (PropertyListDecoder into structs)
    bowq-bench peer foundation-save COUNT OUT      (PropertyListSerialization)
    bowq-bench peer sqlite-memory COUNT            (the ties in an in-memory SQLite database)
    bowq-bench peer sqlite-update COUNT FILE       (UPDATE + COMMIT on a SQLite file)
    bowq-bench peer sqlite-indexed COUNT FILE      (a SQLite file indexed on searchKey; not measured)
    bowq-bench peer bowq-eager STORE STATEMENT     (the whole store decoded at open, then
                                                    the statement, as opens did before)
    bowq-bench peer column-bytes STORE ATTRIBUTE…  (the bytes of those BowTie columns' values;
                                                    not measured)
    bowq-bench peer bowq-indexed STORE DECLARED KEPT
                                                   (copies declaring index searchKey, without
                                                    and with it kept in the file; not measured)
    """

  static func run(_ arguments: [String]) throws -> Never {
    switch (arguments.first, arguments.count) {
    case ("generate", 4):
      guard let count = Int(arguments[1]) else { throw BenchmarkError(usage) }
      try StoreFile.save(StoreBowTies.graph(count: count), to: arguments[2])
      try BinaryPropertyListWriter.encode(StoreBowTies.plainPropertyList(count: count))
        .write(to: URL(fileURLWithPath: arguments[3]))
      finish("\(count)")
    case ("bowq-open", 2):
      let graph = try StoreFile.load(from: arguments[1])
      finish("\(graph.table("BowTie").count)")
    case ("bowq-save", 3):
      let graph = try StoreFile.load(from: arguments[1])
      let seconds = try Stopwatch.median(runs: 1) { try StoreFile.save(graph, to: arguments[2]) }
        .seconds
      finish("\(graph.table("BowTie").count) \(seconds)")
    case ("foundation-load", 2):
      let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
      var format = PropertyListSerialization.PropertyListFormat.binary
      let object = try PropertyListSerialization.propertyList(
        from: data, options: [], format: &format)
      guard let ties = object as? [[String: Any]] else {
        throw BenchmarkError("\(arguments[1]) is not an array of dictionaries")
      }
      finish("\(ties.count)")
    case ("decoder-load", 2):
      let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
      let ties = try PropertyListDecoder().decode([CodableTie].self, from: data)
      finish("\(ties.count)")
    case ("foundation-save", 3):
      guard let count = Int(arguments[1]) else { throw BenchmarkError(usage) }
      let ties = (0..<count).map { foundationObject(StoreBowTies.tie($0)) }
      let seconds = try Stopwatch.median(runs: 1) {
        let data = try PropertyListSerialization.data(
          fromPropertyList: ties, format: .binary, options: 0)
        try data.write(to: URL(fileURLWithPath: arguments[2]))
      }.seconds
      finish("\(count) \(seconds)")
    case ("sqlite-memory", 2):
      guard let count = Int(arguments[1]) else { throw BenchmarkError(usage) }
      try StoreSQLitePeer(path: ":memory:").fill(count: count)
      finish("\(count)")
    case ("sqlite-update", 3):
      guard let count = Int(arguments[1]) else { throw BenchmarkError(usage) }
      try? FileManager.default.removeItem(atPath: arguments[2])
      let database = try StoreSQLitePeer(path: arguments[2])
      try database.fill(count: count)
      var changed = 0
      let seconds = try Stopwatch.median(runs: 1) {
        try database.exec("BEGIN")
        try database.exec("UPDATE tie SET rating = 2")
        changed = database.changes
        try database.exec("COMMIT")
      }.seconds
      finish("\(changed) \(seconds)")
    case ("sqlite-indexed", 3):
      guard let count = Int(arguments[1]) else { throw BenchmarkError(usage) }
      try? FileManager.default.removeItem(atPath: arguments[2])
      let database = try StoreSQLitePeer(path: arguments[2])
      try database.fill(count: count)
      try database.exec("CREATE INDEX tie_searchKey ON tie (searchKey)")
      finish("\(count)")
    case ("bowq-eager", 3):
      let handle = StoreHandle(openingReadOnly: arguments[1])
      let interpreter = Interpreter(
        context: Context(graph: try handle.load()), store: .file(handle))
      finish("\(try interpreter.run(arguments[2]).count)")
    case ("column-bytes", 3...):
      let graph = try StoreFile.load(from: arguments[1])
      guard let entity = graph.model.entity(named: "BowTie") else {
        throw BenchmarkError("the store has no BowTie entity")
      }
      let table = graph.table("BowTie")
      var bytes = 0
      for name in arguments.dropFirst(2) {
        guard let slot = entity.index(ofAttribute: name) else {
          throw BenchmarkError("BowTie has no attribute \(name)")
        }
        for position in 0..<table.count {
          if case .string(let text) = table.value(at: position, slot: slot) {
            bytes += text.utf8.count + 4
          } else {
            bytes += 8
          }
        }
      }
      finish("\(bytes)")
    case ("bowq-indexed", 4):
      var graph = try StoreFile.load(from: arguments[1])
      guard var entity = graph.model.entity(named: "BowTie") else {
        throw BenchmarkError("the store has no BowTie entity")
      }
      entity.indexes.append(IndexDefinition(on: "searchKey"))
      try graph.define(entity)
      _ = try StoreFile.save(graph, to: arguments[2])
      graph.prepareIndexes(for: "BowTie")
      _ = try StoreFile.save(graph, to: arguments[3])
      finish("\(graph.table("BowTie").count)")
    default:
      throw BenchmarkError("usage:\n\(usage)")
    }
  }

  /// Prints the peer's result and leaves at once.
  private static func finish(_ line: String) -> Never {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
    exit(0)
  }

  /// A tie as `[String: Any]`, as an app would hand it to `PropertyListSerialization`.
  private static func foundationObject(_ tie: StoreBowTies.Tie) -> [String: Any] {
    var object: [String: Any] = [
      "name": tie.name, "searchKey": tie.searchKey, "rating": tie.rating,
      "timesWorn": Int(tie.timesWorn), "isFavorite": tie.isFavorite, "id": tie.id.uuidString,
    ]
    object["lastWorn"] = tie.lastWorn
    object["url"] = tie.url
    object["photoData"] = tie.photoData
    object["tintColor"] = tie.tintColor.map {
      ["red": $0.red, "green": $0.green, "blue": $0.blue]
    }
    return object
  }
}

/// A tie as a Swift app would decode it with `PropertyListDecoder`.
struct CodableTie: Codable {
  struct TintColor: Codable {
    var red: Int
    var green: Int
    var blue: Int
  }

  var name: String
  var searchKey: String
  var rating: Double
  var timesWorn: Int32
  var lastWorn: Date?
  var isFavorite: Bool
  var id: UUID
  /// A string: `PropertyListDecoder` reads a `URL` only from the dictionary
  /// `PropertyListEncoder` writes for it, not from a plain string.
  var url: String?
  var photoData: Data?
  var tintColor: TintColor?
}
