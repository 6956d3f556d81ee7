import BowQ
import CSQLite
import Foundation

/// `bowq-bench coredata [--count N] [--runs N]`: bowq on a Core Data–shaped SQLite store of
/// N rows (5,000,000 by default), generated here as Core Data lays one out — `Z_PRIMARYKEY`,
/// `Z_METADATA`, a `Z_MODELCACHE` archived and compressed from the model, one table `ZITEM`
/// with an index on `ZCODE` — measured in the same run:
///
/// - opening it (`CoreDataStoreFile.open`: schema and model, no rows), timed by the child
///   process around the opening, with the whole process's peak memory;
/// - `count Item where code == 42`, bowq's statement (parsed, bound, translated and run in
///   SQLite), against sqlite3's own `SELECT COUNT(*) FROM ZITEM WHERE ZCODE = 42` on the same
///   file, each timed around the query alone (the median of ``repetitions``) in its own
///   process. The code matches 1% of the rows, so the count is SQLite's work over the index
///   rather than the fixed cost of a statement (bowq's parsing, binding and translating take
///   some 60 µs).
enum CoreDataBenchmark {
  /// The count measured when none is given.
  static let defaultCount = 5_000_000
  /// How many distinct codes the rows cycle through: an equality matches count / codes rows
  /// (1%, 50,000 of 5,000,000).
  static let codes = 100
  /// How many times each process repeats its query; it reports the median.
  static let repetitions = 11

  static let usage = """
    bowq-bench coredata-peer generate COUNT STORE
    bowq-bench coredata-peer open STORE
    bowq-bench coredata-peer bowq-count STORE RUNS
    bowq-bench coredata-peer sqlite-count STORE RUNS
    """

  static func run(count: Int, runs: Int) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bowq-coredata-bench-\(getpid())"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/Items.sqlite"
    let me = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    _ = try StoreChildProcess.run([me, "coredata-peer", "generate", String(count), store])
    let size = (try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int) ?? 0
    print("Core Data store: \(count) rows, \(size / 1_000_000) MB\n")
    var opens: [StoreChildProcess] = []
    var bowqCounts: [StoreChildProcess] = []
    var sqliteCounts: [StoreChildProcess] = []
    for _ in 0..<runs {
      opens.append(try StoreChildProcess.run([me, "coredata-peer", "open", store]))
      bowqCounts.append(
        try StoreChildProcess.run(
          [me, "coredata-peer", "bowq-count", store, String(repetitions)]))
      sqliteCounts.append(
        try StoreChildProcess.run(
          [me, "coredata-peer", "sqlite-count", store, String(repetitions)]))
    }
    func seconds(_ results: [StoreChildProcess]) -> Double {
      StoreBenchmark.median(results.map { $0.numbers.last ?? .infinity })
    }
    let open = seconds(opens)
    let process = StoreBenchmark.median(opens.map(\.seconds))
    let peak = StoreBenchmark.median(opens.map(\.peakMemory))
    let bowqCount = seconds(bowqCounts)
    let sqliteCount = seconds(sqliteCounts)
    let matched = bowqCounts.first?.numbers.first ?? 0
    let expected = sqliteCounts.first?.numbers.first ?? -1
    guard matched == expected else {
      throw BenchmarkError("bowq counted \(matched) rows, sqlite3 \(expected)")
    }
    Table.print(
      header: ["operation", "tool", "time", "whole process", "peak memory"],
      rows: [
        [
          "open", "bowq (CoreDataStoreFile.open)", milliseconds(open), milliseconds(process),
          "\(peak / 1_000_000) MB",
        ],
        [
          "count code == 42", "bowq (count Item where code == 42)", milliseconds(bowqCount), "",
          "",
        ],
        [
          "count code == 42", "sqlite3 (SELECT COUNT(*) … WHERE ZCODE = 42)",
          milliseconds(sqliteCount), "", "",
        ],
      ])
    print("\nTargets at \(count) rows (\(Int(matched)) match)\n")
    let ratio = bowqCount / sqliteCount
    print(
      "open < 50 ms: \(milliseconds(open)) \(open < 0.05 ? "met" : "NOT met")\n"
        + "open peak memory < 100 MB: \(peak / 1_000_000) MB "
        + "\(peak < 100_000_000 ? "met" : "NOT met")\n"
        + "indexed equality count ≤ 1.5× sqlite3: "
        + String(format: "%.2f×", ratio) + " \(ratio <= 1.5 ? "met" : "NOT met")")
  }

  private static func milliseconds(_ seconds: Double) -> String {
    String(format: "%.2f ms", seconds * 1000)
  }

  /// One measured operation, in its own process; prints its numbers on one line.
  static func peer(_ arguments: [String]) throws -> Never {
    switch (arguments.first, arguments.count) {
    case ("generate", 3):
      guard let count = Int(arguments[1]) else { throw BenchmarkError(usage) }
      try generate(count: count, at: arguments[2])
      finish("\(count)")
    case ("open", 2):
      let (seconds, file) = try Stopwatch.median(runs: 1) {
        try CoreDataStoreFile.open(path: arguments[1])
      }
      finish("\(file.bowqModel.entities.count) \(seconds)")
    case ("bowq-count", 3):
      let file = try CoreDataStoreFile.open(path: arguments[1])
      let interpreter = Interpreter(
        context: Context(graph: ObjectGraph(model: file.bowqModel)),
        store: .coreData(path: arguments[1], uuid: file.schema.uuid), coreDataFile: file)
      let (seconds, result) = try Stopwatch.median(runs: Int(arguments[2]) ?? 1) {
        try interpreter.run("count Item where code == 42").last
      }
      guard case .count(_, let n)? = result else { throw BenchmarkError("no count") }
      finish("\(n) \(seconds)")
    case ("sqlite-count", 3):
      var db: OpaquePointer?
      guard sqlite3_open_v2(arguments[1], &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
        throw BenchmarkError("cannot open \(arguments[1])")
      }
      let (seconds, n) = try Stopwatch.median(runs: Int(arguments[2]) ?? 1) {
        var statement: OpaquePointer?
        guard
          sqlite3_prepare_v2(
            db, "SELECT COUNT(*) FROM ZITEM WHERE ZCODE = 42", -1, &statement, nil) == SQLITE_OK
        else { throw BenchmarkError("cannot prepare the count") }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw BenchmarkError("no count") }
        return sqlite3_column_int64(statement, 0)
      }
      finish("\(n) \(seconds)")
    default:
      throw BenchmarkError(usage)
    }
  }

  private static func finish(_ line: String) -> Never {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
    exit(0)
  }

  /// Writes the store: Core Data's tables, the model cache, and `count` items with codes
  /// cycling through ``codes``, in one transaction.
  static func generate(count: Int, at path: String) throws {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK else {
      throw BenchmarkError("cannot create \(path)")
    }
    defer { sqlite3_close(db) }
    func exec(_ sql: String) throws {
      guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
        throw BenchmarkError("\(sql): \(String(cString: sqlite3_errmsg(db)))")
      }
    }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    func insertBlob(_ sql: String, _ blob: Data) throws {
      var statement: OpaquePointer?
      guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
        throw BenchmarkError("cannot prepare \(sql)")
      }
      defer { sqlite3_finalize(statement) }
      _ = blob.withUnsafeBytes {
        sqlite3_bind_blob(statement, 1, $0.baseAddress, Int32($0.count), transient)
      }
      guard sqlite3_step(statement) == SQLITE_DONE else {
        throw BenchmarkError("cannot run \(sql)")
      }
    }
    try exec(
      """
      PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
      CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER,
        Z_MAX INTEGER);
      CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
      CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
      CREATE TABLE ZITEM (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCODE INTEGER,
        ZSCORE FLOAT, ZNAME VARCHAR);
      INSERT INTO Z_PRIMARYKEY VALUES (1, 'Item', 0, \(count));
      """)
    try insertBlob(
      "INSERT INTO Z_METADATA VALUES (1, '8E3C7C2A-5B1D-4E0B-9A57-4D2C1B0A9F01', ?)",
      try BinaryPropertyListWriter.encode(["NSStoreType": "SQLite"]))
    try insertBlob(
      "INSERT INTO Z_MODELCACHE VALUES (?)",
      storedDeflate(try BinaryPropertyListWriter.encode(modelArchive())))
    try exec("BEGIN")
    var insert: OpaquePointer?
    guard
      sqlite3_prepare_v2(db, "INSERT INTO ZITEM VALUES (?, 1, 1, ?, ?, ?)", -1, &insert, nil)
        == SQLITE_OK
    else { throw BenchmarkError("cannot prepare the insert") }
    defer { sqlite3_finalize(insert) }
    for i in 0..<count {
      sqlite3_bind_int64(insert, 1, Int64(i + 1))
      sqlite3_bind_int64(insert, 2, Int64(i % codes))
      sqlite3_bind_double(insert, 3, Double(i % 997) / 10)
      sqlite3_bind_text(insert, 4, "item \(i)", -1, transient)
      guard sqlite3_step(insert) == SQLITE_DONE else {
        throw BenchmarkError("cannot insert row \(i): \(String(cString: sqlite3_errmsg(db)))")
      }
      sqlite3_reset(insert)
    }
    try exec(
      """
      COMMIT;
      CREATE INDEX ZITEM_Z_ENT_INDEX ON ZITEM (Z_ENT);
      CREATE INDEX ZITEM_ZCODE_INDEX ON ZITEM (ZCODE);
      """)
  }

  /// The `NSKeyedArchiver` archive of the model: one entity Item with an Integer 64 `code`,
  /// a Double `score` and a String `name`, laid out as Core Data archives a model.
  static func modelArchive() -> PropertyList {
    var objects: [PropertyList] = ["$null"]
    func add(_ plist: PropertyList) -> PropertyList {
      objects.append(plist)
      return .uid(Int64(objects.count - 1))
    }
    func classes(_ names: [String]) -> PropertyList {
      add(["$classname": .string(names[0]), "$classes": .array(names.map { .string($0) })])
    }
    let dictionaryClass = classes(["NSMutableDictionary", "NSDictionary", "NSObject"])
    func dictionary(_ entries: [(String, PropertyList)]) -> PropertyList {
      let keys = entries.map { add(.string($0.0)) }
      return add([
        "$class": dictionaryClass, "NS.keys": .array(keys), "NS.objects": .array(entries.map(\.1)),
      ])
    }
    let model = add("reserved")
    let entity = add("reserved")
    let attributeClass = classes(["NSAttributeDescription", "NSPropertyDescription", "NSObject"])
    let attributes = [("code", 300), ("score", 500), ("name", 700)].map { name, type in
      (
        name,
        add([
          "$class": attributeClass, "NSPropertyName": add(.string(name)),
          "NSAttributeType": .integer(Int64(type)), "NSEntity": entity, "NSIsOptional": true,
        ])
      )
    }
    let entityClass = classes(["NSEntityDescription", "NSObject"])
    objects[Int(entity.uidValue ?? 0)] = [
      "$class": entityClass, "NSEntityName": add("Item"), "NSProperties": dictionary(attributes),
      "NSIsAbstract": false,
    ]
    objects[Int(model.uidValue ?? 0)] = [
      "$class": classes(["NSManagedObjectModel", "NSObject"]),
      "NSEntities": dictionary([("Item", entity)]),
    ]
    return [
      "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": model],
      "$objects": .array(objects),
    ]
  }

  /// `data` as raw DEFLATE in stored (uncompressed) blocks: what Core Data's model cache
  /// holds, readable by any inflater.
  static func storedDeflate(_ data: Data) -> Data {
    var output = Data()
    let bytes = [UInt8](data)
    var start = 0
    repeat {
      let end = min(start + 65_535, bytes.count)
      let length = UInt16(end - start)
      output.append(end == bytes.count ? 1 : 0)
      output.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
      output.append(contentsOf: [UInt8(~length & 0xFF), UInt8(~length >> 8)])
      output.append(contentsOf: bytes[start..<end])
      start = end
    } while start < bytes.count
    return output
  }
}
