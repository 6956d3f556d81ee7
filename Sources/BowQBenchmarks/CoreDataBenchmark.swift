import BowQ
import CSQLite
import Foundation

/// `bowq-bench coredata [--count N] [--runs N]`: bowq on a Core Data–shaped SQLite store of
/// N rows (5,000,000 by default), generated here as Core Data lays one out — `Z_PRIMARYKEY`,
/// `Z_METADATA`, a `Z_MODELCACHE` archived and compressed from the model, one table `ZITEM`
/// with indexes on `ZCODE` and `ZLOT` — measured in the same run:
///
/// - opening it (`CoreDataStoreFile.open`: schema and model, no rows), timed by the child
///   process around the opening, with the whole process's peak memory;
/// - each count of ``counts``, bowq's statement (parsed, bound, translated and run in
///   SQLite), against sqlite3's own `SELECT COUNT(*)` on the same file, each timed around the
///   query alone (the median of ``repetitions``) in its own process. `code == 42` matches 1%
///   of the rows, so SQLite's work over the index decides it; `lot == 42` matches 0.1%, so
///   the fixed cost of a statement (parsing, binding, translating) shows as well;
/// - `explain` of each statement of ``explained``, which reads nothing but the schema and
///   Z_PRIMARYKEY's estimates — not a row, even for a statement SQLite cannot serve — timed
///   around the statement alone (the median of ``repetitions``), with the process's peak
///   memory;
/// - opening a copy of Photos.app's library database (``photosFixture``: 53 entities, a
///   123 KB model cache that shares its objects heavily), against sqlite3 reading the same
///   schema (``readSchema(_:)``: the metadata, `Z_PRIMARYKEY`, the compressed model cache
///   and every table's columns, nothing decoded), each timed around the opening alone.
enum CoreDataBenchmark {
  /// The count measured when none is given.
  static let defaultCount = 5_000_000

  /// An indexed equality counted by both tools: `attribute == 42`, whose column's values
  /// cycle through `values` distinct numbers, so it matches one row in `values`.
  struct IndexedCount {
    var attribute: String
    var column: String
    var values: Int

    var statement: String { "count Item where \(attribute) == 42" }
    var sql: String { "SELECT COUNT(*) FROM ZITEM WHERE \(column) = 42" }
    /// The share of the rows it matches, as "1%".
    var selectivity: String { String(format: "%g%%", 100 / Double(values)) }
  }

  /// The counts measured: 1% and 0.1% of the rows.
  static let counts = [
    IndexedCount(attribute: "code", column: "ZCODE", values: 100),
    IndexedCount(attribute: "lot", column: "ZLOT", values: 1_000),
  ]
  /// The statements whose `explain` is timed: a count run in SQLite with a conjunct left to
  /// the engine, a fetch with `select` and an update, which SQLite cannot serve (run, they
  /// read every row into memory first).
  static let explained = [
    "explain count Item where name.length > 3 AND code == 42",
    "explain fetch Item select name, score where lot == 42 sort by score desc limit 10",
    "explain update Item where score > 50 set lot = 0",
  ]

  /// How many times each process repeats its query; it reports the median.
  static let repetitions = 11

  /// Photos.app's library database among the repository's Core Data fixtures.
  static let photosFixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/coredata-sqlite/Photos/Photos.sqlite").path

  static let usage = """
    bowq-bench coredata-peer generate COUNT STORE
    bowq-bench coredata-peer open STORE
    bowq-bench coredata-peer sqlite-schema STORE RUNS
    bowq-bench coredata-peer bowq-count STORE RUNS ATTRIBUTE
    bowq-bench coredata-peer sqlite-count STORE RUNS ATTRIBUTE
    bowq-bench coredata-peer bowq-explain STORE RUNS
    """

  static func run(count: Int, runs: Int) throws {
    let scratch = try ScratchFolder("coredata")
    defer { scratch.remove() }
    let folder = scratch.path
    let store = folder + "/Items.sqlite"
    let me = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    _ = try StoreChildProcess.run([me, "coredata-peer", "generate", String(count), store])
    let size = (try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int) ?? 0
    print("Core Data store: \(count) rows, \(size / 1_000_000) MB\n")
    let photos = folder + "/Photos.sqlite"
    for suffix in ["", "-wal", "-shm"]
    where FileManager.default.fileExists(atPath: photosFixture + suffix) {
      try FileManager.default.copyItem(atPath: photosFixture + suffix, toPath: photos + suffix)
    }
    var photosOpens: [StoreChildProcess] = []
    var photosSchemas: [StoreChildProcess] = []
    var opens: [StoreChildProcess] = []
    var explains: [StoreChildProcess] = []
    var bowqCounts = [[StoreChildProcess]](repeating: [], count: counts.count)
    var sqliteCounts = bowqCounts
    for _ in 0..<runs {
      photosOpens.append(try StoreChildProcess.run([me, "coredata-peer", "open", photos]))
      photosSchemas.append(
        try StoreChildProcess.run(
          [me, "coredata-peer", "sqlite-schema", photos, String(repetitions)]))
      opens.append(try StoreChildProcess.run([me, "coredata-peer", "open", store]))
      explains.append(
        try StoreChildProcess.run(
          [me, "coredata-peer", "bowq-explain", store, String(repetitions)]))
      for (i, counted) in counts.enumerated() {
        bowqCounts[i].append(
          try StoreChildProcess.run(
            [me, "coredata-peer", "bowq-count", store, String(repetitions), counted.attribute]))
        sqliteCounts[i].append(
          try StoreChildProcess.run(
            [me, "coredata-peer", "sqlite-count", store, String(repetitions), counted.attribute]))
      }
    }
    func seconds(_ results: [StoreChildProcess]) -> Double {
      StoreBenchmark.median(results.map { $0.numbers.last ?? .infinity })
    }
    let open = seconds(opens)
    let process = StoreBenchmark.median(opens.map(\.seconds))
    let peak = StoreBenchmark.median(opens.map(\.peakMemory))
    var rows = [
      [
        "open", "bowq (CoreDataStoreFile.open)", milliseconds(open), milliseconds(process),
        "\(peak / 1_000_000) MB",
      ]
    ]
    var targets = [
      "open < 50 ms: \(milliseconds(open)) \(open < 0.05 ? "met" : "NOT met")",
      "open peak memory < 100 MB: \(peak / 1_000_000) MB "
        + "\(peak < 100_000_000 ? "met" : "NOT met")",
    ]
    let photosOpen = seconds(photosOpens)
    let photosEntities = Int(photosOpens.first?.numbers.first ?? 0)
    rows.append([
      "open Photos.sqlite", "bowq (CoreDataStoreFile.open, \(photosEntities) entities)",
      milliseconds(photosOpen), milliseconds(StoreBenchmark.median(photosOpens.map(\.seconds))),
      "\(StoreBenchmark.median(photosOpens.map(\.peakMemory)) / 1_000_000) MB",
    ])
    rows.append([
      "open Photos.sqlite", "sqlite3 (the same schema read, not decoded)",
      milliseconds(seconds(photosSchemas)), "", "",
    ])
    targets.append(
      "Photos.sqlite open < 100 ms: \(milliseconds(photosOpen)) "
        + "\(photosOpen < 0.1 ? "met" : "NOT met")")
    for (i, counted) in counts.enumerated() {
      let matched = bowqCounts[i].first?.numbers.first ?? 0
      let expected = sqliteCounts[i].first?.numbers.first ?? -1
      guard matched == expected else {
        throw BenchmarkError("\(counted.statement): bowq counted \(matched), sqlite3 \(expected)")
      }
      let bowqCount = seconds(bowqCounts[i])
      let sqliteCount = seconds(sqliteCounts[i])
      let operation = "count \(counted.attribute) == 42"
      rows.append([operation, "bowq (\(counted.statement))", milliseconds(bowqCount), "", ""])
      rows.append([operation, "sqlite3 (\(counted.sql))", milliseconds(sqliteCount), "", ""])
      let ratio = bowqCount / sqliteCount
      targets.append(
        "indexed equality count ≤ 1.5× sqlite3 at \(counted.selectivity) (\(Int(matched)) "
          + "rows): " + String(format: "%.2f×", ratio) + " \(ratio <= 1.5 ? "met" : "NOT met")")
    }
    var slowestExplain = 0.0
    let explainPeak = StoreBenchmark.median(explains.map(\.peakMemory))
    for (i, statement) in explained.enumerated() {
      let time = StoreBenchmark.median(
        explains.map { $0.numbers.count > i ? $0.numbers[i] : .infinity })
      slowestExplain = max(slowestExplain, time)
      rows.append([
        "explain", "bowq (\(statement.dropFirst("explain ".count)))", milliseconds(time), "",
        "\(explainPeak / 1_000_000) MB",
      ])
    }
    targets.append(
      "explain < 50 ms, reading no row: \(milliseconds(slowestExplain)) "
        + "\(slowestExplain < 0.05 && explainPeak < 100_000_000 ? "met" : "NOT met")")
    Table.print(header: ["operation", "tool", "time", "whole process", "peak memory"], rows: rows)
    print("\nTargets at \(count) rows\n")
    print(targets.joined(separator: "\n"))
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
    case ("sqlite-schema", 3):
      var db: OpaquePointer?
      guard sqlite3_open_v2(arguments[1], &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
        throw BenchmarkError("cannot open \(arguments[1])")
      }
      let (seconds, bytes) = try Stopwatch.median(runs: Int(arguments[2]) ?? 1) {
        try readSchema(db)
      }
      finish("\(bytes) \(seconds)")
    case ("bowq-count", 4):
      guard let counted = counts.first(where: { $0.attribute == arguments[3] }) else {
        throw BenchmarkError(usage)
      }
      let file = try CoreDataStoreFile.open(path: arguments[1])
      let interpreter = Interpreter(
        context: Context(graph: ObjectGraph(model: file.bowqModel)),
        store: .coreData(path: arguments[1], uuid: file.schema.uuid), coreDataFile: file)
      let (seconds, result) = try Stopwatch.median(runs: Int(arguments[2]) ?? 1) {
        try interpreter.run(counted.statement).last
      }
      guard case .count(_, let n)? = result else { throw BenchmarkError("no count") }
      finish("\(n) \(seconds)")
    case ("bowq-explain", 3):
      let file = try CoreDataStoreFile.open(path: arguments[1])
      let interpreter = Interpreter(
        context: Context(graph: ObjectGraph(model: file.bowqModel)),
        store: .coreData(path: arguments[1], uuid: file.schema.uuid), coreDataFile: file)
      var times: [Double] = []
      for statement in explained {
        let (seconds, result) = try Stopwatch.median(runs: Int(arguments[2]) ?? 1) {
          try interpreter.run(statement).last
        }
        guard case .explanation? = result else { throw BenchmarkError("no explanation") }
        times.append(seconds)
      }
      finish(times.map { "\($0)" }.joined(separator: " "))
    case ("sqlite-count", 4):
      guard let counted = counts.first(where: { $0.attribute == arguments[3] }) else {
        throw BenchmarkError(usage)
      }
      var db: OpaquePointer?
      guard sqlite3_open_v2(arguments[1], &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
        throw BenchmarkError("cannot open \(arguments[1])")
      }
      let (seconds, n) = try Stopwatch.median(runs: Int(arguments[2]) ?? 1) {
        var statement: OpaquePointer?
        guard
          sqlite3_prepare_v2(db, counted.sql, -1, &statement, nil) == SQLITE_OK
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

  /// What opening a store reads, read by sqlite3 alone: `Z_METADATA`, `Z_PRIMARYKEY`, the
  /// model cache's compressed bytes and every table's column list, nothing decoded; answers
  /// the bytes of text and blobs read.
  static func readSchema(_ db: OpaquePointer?) throws -> Int {
    var bytes = 0
    func rows(_ sql: String, _ each: (OpaquePointer?) -> Void = { _ in }) throws {
      var statement: OpaquePointer?
      guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
        throw BenchmarkError("cannot prepare \(sql)")
      }
      defer { sqlite3_finalize(statement) }
      while sqlite3_step(statement) == SQLITE_ROW {
        for column in 0..<sqlite3_column_count(statement) {
          bytes += Int(sqlite3_column_bytes(statement, column))
        }
        each(statement)
      }
    }
    try rows("SELECT Z_VERSION, Z_UUID, Z_PLIST FROM Z_METADATA")
    try rows("SELECT Z_ENT, Z_NAME, Z_SUPER, Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT")
    try rows("SELECT Z_CONTENT FROM Z_MODELCACHE")
    var tables: [String] = []
    try rows("SELECT name FROM sqlite_master WHERE type = 'table'") { statement in
      tables.append(String(cString: sqlite3_column_text(statement, 0)))
    }
    for table in tables {
      try rows("PRAGMA table_info(\"\(table.replacingOccurrences(of: "\"", with: "\"\""))\")")
    }
    return bytes
  }

  private static func finish(_ line: String) -> Never {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
    exit(0)
  }

  /// Writes the store: Core Data's tables, the model cache, and `count` items whose codes and
  /// lots cycle through the values of ``counts``, in one transaction.
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
        ZSCORE FLOAT, ZNAME VARCHAR, ZLOT INTEGER);
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
      sqlite3_prepare_v2(db, "INSERT INTO ZITEM VALUES (?, 1, 1, ?, ?, ?, ?)", -1, &insert, nil)
        == SQLITE_OK
    else { throw BenchmarkError("cannot prepare the insert") }
    defer { sqlite3_finalize(insert) }
    for i in 0..<count {
      sqlite3_bind_int64(insert, 1, Int64(i + 1))
      sqlite3_bind_int64(insert, 2, Int64(i % counts[0].values))
      sqlite3_bind_double(insert, 3, Double(i % 997) / 10)
      sqlite3_bind_text(insert, 4, "item \(i)", -1, transient)
      sqlite3_bind_int64(insert, 5, Int64(i % counts[1].values))
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
      CREATE INDEX ZITEM_ZLOT_INDEX ON ZITEM (ZLOT);
      """)
  }

  /// The `NSKeyedArchiver` archive of the model: one entity Item with an Integer 64 `code`,
  /// a Double `score`, a String `name` and an Integer 64 `lot`, laid out as Core Data archives
  /// a model.
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
    let attributes = [("code", 300), ("score", 500), ("name", 700), ("lot", 300)].map {
      name, type in
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
