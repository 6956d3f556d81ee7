import BowQ
import Foundation

/// `bowq-bench engine [--count N] [--runs N]`: the engine issue's targets other than
/// queries (those are `bowq-bench queries`), measured on what users run — the real `bowq`
/// binary built beside this one, on a store of generated BowTies opened from its file —
/// against what a user would otherwise use, in the same run:
///
/// - opening the store and a first statement that reads every column (`fetch BowTie offset
///   N - 1`, all the objects whole, the last one shown), against libplist's C parser on the same ties as a plain binary plist, against the
///   library decoding the whole store at open and then running the statement (as every open
///   did before columns were decoded on demand), and its peak memory against SQLite holding
///   every attribute in memory;
/// - `--read-only` against a writer's open;
/// - one statement as a whole `bowq --read-only -c` process against sqlite3's on a file
///   database of the same ties indexed on `searchKey`: `count … searchKey == "R"` on a copy
///   of the store keeping `index searchKey` in the file (and on one that declares it without
///   keeping it), and `count … rating > 3 AND name CONTAINS[c] "blue"`, each with its peak
///   memory against the columns it reads; and the first indexed count after an open, typed
///   at the shell's prompt in a session that keeps the index, against later ones;
/// - `export` of every tie as csv and as JSON Lines against sqlite3 writing the same rows
///   of that database as csv, its dates as text;
/// - `import` of the plain plist against Python's `plistlib.load`, of the ties as CSV
///   against sqlite3's `.import --csv` and Python's `csv.DictReader`, and of the ties as the
///   JSON array `export` writes against Python's `json.load`, with its peak memory;
/// - `update BowTie set rating = 2` + `save` against SQLite's `UPDATE` + `COMMIT` on a file;
/// - giving 2,000 and 20,000 ties one owner, which must stay linear;
/// - the first row of `fetch BowTie` as csv into a pipe, and its peak memory;
/// - Ctrl-C at a real terminal (tmux) during long statements: how soon "Interrupted."
///   shows, and that nothing changed.
///
/// Every bowq and peer run is a whole process (``StoreChildProcess``): times and peak
/// memory are medians over `runs`. Statement times come from bowq's own `.timer on`.
enum EngineBenchmark {
  /// One line of the targets table.
  private struct Target {
    var work: String
    var measured: String
    var target: String
    var met: Bool
  }

  /// A whole process's median time and peak memory.
  private struct Measurement {
    var seconds: Double
    var peakMemory: Int
  }

  static func run(count: Int, runs: Int) throws {
    let scratch = try ScratchFolder("engine")
    defer { scratch.remove() }
    let folder = scratch.path
    let me = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let bowq = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("bowq")
      .path
    guard FileManager.default.isExecutableFile(atPath: bowq) else {
      throw BenchmarkError("no bowq beside \(me): build it first (swift build -c release)")
    }
    let store = folder + "/ties.bowq"
    let plain = folder + "/ties.plist"
    _ = try StoreChildProcess.run([me, "peer", "generate", String(count), store, plain])
    // The files just written are flushed first, so that no run competes with their writing.
    sync()

    print("Engine benchmark: \(count) BowTies, median of \(runs) runs, each a whole process\n")
    var lines: [[String]] = []
    var targets: [Target] = []
    func measure(_ label: String, _ tool: String, _ command: [String]) throws -> Measurement {
      var times: [Double] = []
      var peaks: [Int] = []
      for _ in 0..<runs {
        let child = try StoreChildProcess.run(command, includingErrors: true)
        times.append(child.seconds)
        peaks.append(child.peakMemory)
      }
      let result = Measurement(
        seconds: StoreBenchmark.median(times), peakMemory: StoreBenchmark.median(peaks))
      lines.append([
        label, tool, StoreBenchmark.seconds(result.seconds),
        StoreBenchmark.megabytes(result.peakMemory),
      ])
      return result
    }

    // A session decodes the columns its statements read: a fetch of every object whole reads
    // them all, as the open of a store did before columns were decoded on demand (a fetch
    // limited to a few reads their rows alone).
    let everyColumn = everyColumnStatement(count: count)
    let open = try measure(
      "open + every column", "bowq --store", [bowq, "--store", store, "-c", everyColumn])
    let readOnly = try measure(
      "open + every column", "bowq --read-only",
      [bowq, "--read-only", "--store", store, "-c", everyColumn])
    let eager = try measure(
      "open + every column", "whole decode at open, then the statement",
      [me, "peer", "bowq-eager", store, everyColumn])
    let sqliteMemory = try measure(
      "hold in memory", "SQLite :memory:", [me, "peer", "sqlite-memory", String(count)])
    if let libplist = try? StoreLibplistPeer.build(in: folder) {
      let parse = try measure("open", "libplist plist_from_bin", [libplist, "load", plain])
      targets.append(faster("open the store", open, than: parse, "libplist", by: 10))
    } else {
      print("note: libplist-dev is missing (scripts/install-deps.sh --bench): no libplist row\n")
    }
    targets.append(
      smaller("open: peak memory", open, than: sqliteMemory, "SQLite in memory", within: 1.5))
    targets.append(
      Target(
        work: "--read-only open: time, memory",
        measured: String(
          format: "%.2f×, %.2f× a writer's", readOnly.seconds / open.seconds,
          Double(readOnly.peakMemory) / Double(open.peakMemory)),
        target: "≤ 1.2×, ≤ 1.1×",
        met: readOnly.seconds <= 1.2 * open.seconds
          && Double(readOnly.peakMemory) <= 1.1 * Double(open.peakMemory)))

    targets.append(
      Target(
        work: "open + a statement reading every column",
        measured: String(
          format: "%.2f× a whole decode at open, then the statement", open.seconds / eager.seconds),
        target: "≤ 1.05×", met: open.seconds <= 1.05 * eager.seconds))

    targets += try oneStatement(
      store: store, count: count, folder: folder, me: me, bowq: bowq, measure)
    targets.append(
      try exportEveryTie(
        store: store, database: folder + "/indexed.sqlite", folder: folder, bowq: bowq, measure))

    let plistlib = try measure(
      "import", "Python plistlib.load", ["python3", "-c", StoreBenchmark.pythonLoad, plain])
    let imported = try measure(
      "import", "bowq import",
      [bowq, "--memory", "--sample", "-c", "import \"\(plain)\" into BowTie"])
    targets.append(faster("import the plain plist", imported, than: plistlib, "plistlib", by: 5))
    targets.append(
      Target(
        work: "import: peak memory",
        measured: String(format: "%.2f× the open's", ratio(imported, open)),
        target: "≤ 2×", met: ratio(imported, open) <= 2))

    // The same ties as CSV, as bowq exports them: bowq converts each field to its attribute's
    // type and checks it; sqlite3's .import keeps text, and csv.DictReader strings.
    let csv = folder + "/ties.csv"
    _ = try StoreChildProcess.run(
      [bowq, "--read-only", "--store", store, "-c", "export BowTie to \"\(csv)\" as csv"],
      includingErrors: true)
    _ = try measure(
      "import CSV", "sqlite3 .import --csv",
      ["sqlite3", ":memory:", "-cmd", ".import --csv \(csv) tie", "SELECT count(*) FROM tie"])
    _ = try measure("import CSV", "Python csv.DictReader", ["python3", "-c", pythonCSV, csv])
    _ = try measure(
      "import CSV", "bowq import",
      [bowq, "--memory", "--sample", "-c", "import \"\(csv)\" into BowTie"])

    // The same ties as the JSON array bowq exports; Python loads it into a list of
    // dictionaries, as a script would before inserting them anywhere.
    let json = folder + "/ties.json"
    _ = try StoreChildProcess.run(
      [bowq, "--read-only", "--store", store, "-c", "export BowTie to \"\(json)\""],
      includingErrors: true)
    _ = try measure("import JSON", "Python json.load", ["python3", "-c", pythonJSON, json])
    let importedJSON = try measure(
      "import JSON", "bowq import",
      [bowq, "--memory", "--sample", "-c", "import \"\(json)\" into BowTie"])
    targets.append(
      Target(
        work: "import the JSON export: peak memory",
        measured: String(format: "%.2f× the open's", ratio(importedJSON, open)),
        target: "≤ 2×", met: ratio(importedJSON, open) <= 2))

    targets.append(
      try updateAndSave(
        store: store, count: count, runs: runs, folder: folder, me: me, bowq: bowq, lines: &lines))
    targets.append(try owners(runs: runs, folder: folder, bowq: bowq, lines: &lines))
    targets += try firstRow(
      store: store, count: count, runs: runs, bowq: bowq, open: open, lines: &lines)

    Table.print(header: ["work", "tool", "time", "peak memory"], rows: lines)
    print()
    targets += try interrupts(store: store, plain: plain, bowq: bowq)

    print("\nTargets at \(count) BowTies\n")
    Table.print(
      header: ["work", "measured", "target", "met"],
      rows: targets.map { [$0.work, $0.measured, $0.target, $0.met ? "yes" : "NO"] })
  }

  /// Python reading a CSV file into a list of dictionaries, one per record.
  private static let pythonCSV = """
    import csv, sys
    with open(sys.argv[1], newline="") as f:
        rows = list(csv.DictReader(f))
    print(len(rows))
    """

  /// Python reading a JSON array into a list of dictionaries, one per object.
  private static let pythonJSON = """
    import json, sys
    with open(sys.argv[1]) as f:
        rows = json.load(f)
    print(len(rows))
    """

  private static func ratio(_ a: Measurement, _ b: Measurement) -> Double {
    Double(a.peakMemory) / Double(b.peakMemory)
  }

  private static func faster(
    _ work: String, _ bowq: Measurement, than peer: Measurement, _ name: String, by factor: Double
  ) -> Target {
    let speedup = peer.seconds / bowq.seconds
    return Target(
      work: work, measured: String(format: "%.1f× faster than %@", speedup, name),
      target: String(format: "≥ %.0f×", factor), met: speedup >= factor)
  }

  private static func smaller(
    _ work: String, _ bowq: Measurement, than peer: Measurement, _ name: String,
    within factor: Double
  ) -> Target {
    let memory = ratio(bowq, peer)
    return Target(
      work: work, measured: String(format: "%.2f× %@", memory, name),
      target: String(format: "≤ %.1f×", factor), met: memory <= factor)
  }

  /// One statement as a whole `bowq --read-only -c` process, against the `sqlite3` shell's
  /// whole process on a file database of the same ties with an index on `searchKey` (each
  /// pair must count the same):
  ///
  /// - `count BowTie where searchKey == "R"` on a copy of the store that keeps `index
  ///   searchKey` in the file, and on one that declares it without keeping it;
  /// - `count BowTie where rating > 3 AND name CONTAINS[c] "blue"` (`LIKE '%blue%'`, which
  ///   folds ASCII case as the ties need);
  ///
  /// with each process's peak memory against the columns it reads (their values: 8 bytes a
  /// number, a string's UTF-8 bytes and 4 more), and the first indexed `count` after an open,
  /// typed at the shell's prompt in a session that keeps the index, against later ones
  /// (``countsAtThePrompt(store:bowq:statement:)``), with the first of a script that runs
  /// it at once.
  private static func oneStatement(
    store: String, count: Int, folder: String, me: String, bowq: String,
    _ measure: (String, String, [String]) throws -> Measurement
  ) throws -> [Target] {
    let declared = folder + "/declared.bowq"
    let kept = folder + "/kept.bowq"
    let database = folder + "/indexed.sqlite"
    _ = try StoreChildProcess.run([me, "peer", "bowq-indexed", store, declared, kept])
    _ = try StoreChildProcess.run([me, "peer", "sqlite-indexed", String(count), database])
    sync()
    func agree(_ commands: [[String]]) throws {
      let counts = try commands.map {
        try StoreChildProcess.run($0).output.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      guard Set(counts).count == 1 else { throw BenchmarkError("counts disagree: \(counts)") }
    }
    func columnBytes(_ attributes: [String]) throws -> Int {
      let child = try StoreChildProcess.run([me, "peer", "column-bytes", store] + attributes)
      guard let bytes = child.numbers.first else {
        throw BenchmarkError("column-bytes: \(child.output)")
      }
      return Int(bytes)
    }
    var targets: [Target] = []

    let indexed = #"count BowTie where searchKey == "R""#
    let inFile = [bowq, "--read-only", "--store", kept, "-c", indexed]
    let notInFile = [bowq, "--read-only", "--store", declared, "-c", indexed]
    let sqliteIndexed = ["sqlite3", database, "SELECT count(*) FROM tie WHERE searchKey = 'R'"]
    try agree([inFile, notInFile, sqliteIndexed])
    let work = #"count … searchKey == "R", index"#
    let keptRun = try measure(work, "bowq --read-only, index in the file", inFile)
    let declaredRun = try measure(work, "bowq --read-only, index not in the file", notInFile)
    let sqliteRun = try measure(work, "sqlite3, indexed file database", sqliteIndexed)
    targets.append(
      Target(
        work: #"bowq --read-only -c 'count … searchKey == "R"', index searchKey"#,
        measured: String(
          format: "%.1f× sqlite3's (%.1f× with the index not in the file)",
          keptRun.seconds / sqliteRun.seconds, declaredRun.seconds / sqliteRun.seconds),
        target: "≤ 3×", met: keptRun.seconds <= 3 * sqliteRun.seconds))

    let blue = #"count BowTie where rating > 3 AND name CONTAINS[c] "blue""#
    let bowqBlue = [bowq, "--read-only", "--store", store, "-c", blue]
    let sqliteBlue = [
      "sqlite3", database, "SELECT count(*) FROM tie WHERE rating > 3 AND name LIKE '%blue%'",
    ]
    try agree([bowqBlue, sqliteBlue])
    let blueWork = #"count … rating > 3 AND name CONTAINS[c] "blue""#
    let blueRun = try measure(blueWork, "bowq --read-only", bowqBlue)
    let sqliteBlueRun = try measure(blueWork, "sqlite3, file database", sqliteBlue)
    targets.append(
      Target(
        work: #"bowq --read-only -c 'count … rating > 3 AND name CONTAINS[c] "blue"'"#,
        measured: String(format: "%.1f× sqlite3's", blueRun.seconds / sqliteBlueRun.seconds),
        target: "≤ 1.5×", met: blueRun.seconds <= 1.5 * sqliteBlueRun.seconds))

    // What the binary itself takes: the same count on a store of one tie.
    let one = folder + "/one.bowq"
    _ = try StoreChildProcess.run([me, "peer", "generate", "1", one, folder + "/one.plist"])
    let oneRun = try measure(
      work, "bowq --read-only, a store of one tie",
      [bowq, "--read-only", "--store", one, "-c", indexed])
    let allowance = 20_000_000
    for (name, run, attributes) in [
      ("searchKey ==", keptRun, ["searchKey"]),
      ("rating, name CONTAINS[c]", blueRun, ["rating", "name"]),
    ] {
      let columns = try columnBytes(attributes)
      // A count that reads its columns a run at a time peaks below them.
      let beyond = run.peakMemory - columns
      targets.append(
        Target(
          work: "peak memory, count … \(name)",
          measured: String(
            format: "%.0f MB: the columns read (%.0f MB) \(beyond < 0 ? "−" : "+") %.0f MB "
              + "(one tie's process: %.0f MB)",
            Double(run.peakMemory) / 1e6, Double(columns) / 1e6, Double(abs(beyond)) / 1e6,
            Double(oneRun.peakMemory) / 1e6),
          target: "≤ the columns read + 20 MB", met: run.peakMemory <= columns + allowance))
    }

    let script = try StoreChildProcess.run(
      [bowq, "--store", kept, "-c", ".timer on", "-c", indexed, "-c", indexed],
      includingErrors: true)
    let scripted = script.output.split(separator: "\n").filter { $0.hasPrefix("Time: ") }
      .map { timedSeconds(String($0)) }
    guard scripted.count == 2 else {
      throw BenchmarkError("the script's timed counts: \(script.output)")
    }
    guard let (first, later) = try countsAtThePrompt(store: kept, bowq: bowq, statement: indexed)
    else { return targets }
    targets.append(
      Target(
        work: "first indexed count after an open, in the shell, which keeps the index",
        measured: String(
          format: "%.3f ms, %.1f× a later one (%.3f ms); in a script, at once: %.2f ms",
          first * 1000, first / later, later * 1000, scripted[0] * 1000),
        target: "≤ 2× a later one", met: first <= 2 * later))
    return targets
  }

  /// `statement` typed at the shell's prompt on `store`, as a person types it: a second
  /// after the prompt shows (typing it takes longer), three times in each of five sessions,
  /// each timed by bowq's `.timer` while the screen is looked at every 50 ms. Answers the median of the first statements of the
  /// sessions and of the later ones; nil without tmux.
  private static func countsAtThePrompt(store: String, bowq: String, statement: String) throws
    -> (first: Double, later: Double)?
  {
    guard (try? StoreChildProcess.run(["tmux", "-V"])) != nil else {
      print("note: tmux is missing: no row for the first indexed count in the shell")
      return nil
    }
    var first: [Double] = []
    var later: [Double] = []
    for _ in 0..<5 {
      let terminal = try BenchTerminal([bowq, "--store", store])
      try terminal.enter(".timer on")
      guard try terminal.wait(for: "bowq>", count: 2, timeout: 600) != nil else {
        throw BenchmarkError("the shell did not start:\n\(try terminal.screen())")
      }
      for round in 1...3 {
        usleep(1_000_000)
        try terminal.enter(statement)
        guard try terminal.wait(for: "Time: ", count: round, timeout: 600, pause: 0.05) != nil
        else {
          throw BenchmarkError("no time for \(statement):\n\(try terminal.screen())")
        }
      }
      let times = try terminal.screen().split(separator: "\n").filter { $0.hasPrefix("Time: ") }
        .map { timedSeconds(String($0)) }
      first.append(times[0])
      later += times.dropFirst()
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return (median(first), median(later))
  }

  /// Every tie written to a file by a whole process: bowq's `export` as csv and as JSON
  /// Lines, against the `sqlite3` shell writing the same rows of its file database
  /// (``oneStatement(store:count:folder:me:bowq:_:)`` makes it) as csv with a header, its
  /// dates as ISO 8601 text and its Booleans as bowq writes them, as a user would take them
  /// out of SQLite for another program (its data as hex: it has no base64).
  private static func exportEveryTie(
    store: String, database: String, folder: String, bowq: String,
    _ measure: (String, String, [String]) throws -> Measurement
  ) throws -> Target {
    let work = "export every tie"
    let csv = try measure(
      work, "bowq export as csv",
      [bowq, "--read-only", "--store", store, "-c", "export BowTie to \"\(folder)/every.csv\""])
    _ = try measure(
      work, "bowq export as JSON Lines",
      [bowq, "--read-only", "--store", store, "-c", "export BowTie to \"\(folder)/every.jsonl\""])
    let sqlite = try measure(
      work, "sqlite3 -csv, dates as text",
      [
        "sqlite3", "-csv", "-header", "-cmd", ".output \(folder)/every-sqlite.csv", database,
        """
        SELECT name, searchKey, rating, timesWorn,
          strftime('%Y-%m-%dT%H:%M:%SZ', lastWorn + 978307200, 'unixepoch') AS lastWorn,
          CASE isFavorite WHEN 1 THEN 'YES' ELSE 'NO' END AS isFavorite, hex(id) AS id, url,
          hex(photoData) AS photoData, tintColor FROM tie
        """,
      ])
    return Target(
      work: "export every tie as csv, whole process",
      measured: String(format: "%.2f× sqlite3's", csv.seconds / sqlite.seconds),
      target: "≤ 2×", met: csv.seconds <= 2 * sqlite.seconds)
  }

  /// The milliseconds of every `Time:` line `.timer on` printed, in seconds, summed.
  private static func timedSeconds(_ output: String) -> Double {
    output.split(separator: "\n").compactMap { line -> Double? in
      guard line.hasPrefix("Time: ") else { return nil }
      return Double(line.dropFirst(6).prefix { $0 != " " })
    }.reduce(0, +) / 1000
  }

  /// `update BowTie set rating = 2` then `save`, timed by bowq's `.timer`, on a fresh copy of
  /// the store each run, against SQLite's `UPDATE` + `COMMIT` on a file of the same rows.
  private static func updateAndSave(
    store: String, count: Int, runs: Int, folder: String, me: String, bowq: String,
    lines: inout [[String]]
  ) throws -> Target {
    let copy = folder + "/update.bowq"
    var bowqTimes: [Double] = []
    var sqliteTimes: [Double] = []
    for _ in 0..<runs {
      try? FileManager.default.removeItem(atPath: copy)
      try FileManager.default.copyItem(atPath: store, toPath: copy)
      let child = try StoreChildProcess.run(
        [
          bowq, "--store", copy, "-c", ".timer on", "-c", "update BowTie set rating = 2", "-c",
          "save",
        ], includingErrors: true)
      guard child.output.contains("Updated \(count)") else {
        throw BenchmarkError("bowq's update did not update \(count) ties: \(child.output)")
      }
      bowqTimes.append(timedSeconds(child.output))
      let sqlite = try StoreChildProcess.run(
        [me, "peer", "sqlite-update", String(count), folder + "/update.sqlite"])
      guard sqlite.numbers.first == Double(count), sqlite.numbers.count > 1 else {
        throw BenchmarkError("SQLite's update: \(sqlite.output)")
      }
      sqliteTimes.append(sqlite.numbers[1])
    }
    let bowqTime = StoreBenchmark.median(bowqTimes)
    let sqliteTime = StoreBenchmark.median(sqliteTimes)
    lines.append(["update + save", "bowq", StoreBenchmark.seconds(bowqTime), ""])
    lines.append([
      "update + save", "SQLite UPDATE + COMMIT", StoreBenchmark.seconds(sqliteTime), "",
    ])
    return Target(
      work: "update BowTie set rating = 2 + save",
      measured: String(format: "%.2f× SQLite's", bowqTime / sqliteTime), target: "≤ 3×",
      met: bowqTime <= 3 * sqliteTime)
  }

  /// `update BowTie set owner = Person where name == "Ann"` on stores of 2,000 and 20,000
  /// ties: the time per tie must not grow with the number of ties.
  private static func owners(runs: Int, folder: String, bowq: String, lines: inout [[String]])
    throws -> Target
  {
    var perTie: [Int: Double] = [:]
    for ties in [2_000, 20_000] {
      let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
      _ = try interpreter.run(
        """
        entity BowTie {
          name: String
          owner: Person? inverse ties
        }
        entity Person {
          name: String
          ties: [BowTie] inverse owner
        }
        """)
      var graph = interpreter.context.graph
      graph.insert([.string("Ann"), .collection([])], into: "Person")
      for i in 0..<ties { graph.insert([.string("Tie \(i)"), .null], into: "BowTie") }
      let path = folder + "/owners-\(ties).bowq"
      _ = try StoreFile.save(graph, to: path)
      var times: [Double] = []
      for _ in 0..<runs {
        let child = try StoreChildProcess.run(
          [
            bowq, "--store", path, "-c", ".timer on", "-c",
            #"update BowTie set owner = Person where name == "Ann""#,
          ], includingErrors: true)
        guard child.output.contains("Updated \(ties)") else {
          throw BenchmarkError("giving \(ties) ties an owner: \(child.output)")
        }
        times.append(timedSeconds(child.output))
      }
      let time = StoreBenchmark.median(times)
      perTie[ties] = time / Double(ties)
      lines.append(["\(ties) ties, one owner", "bowq", StoreBenchmark.seconds(time), ""])
    }
    let growth = (perTie[20_000] ?? 0) / (perTie[2_000] ?? 1)
    return Target(
      work: "20,000 ties given one owner",
      measured: String(format: "%.2f× the time per tie of 2,000", growth), target: "≤ 2×",
      met: growth <= 2)
  }

  /// A statement that reads every column of the `count` ties and shows one of them.
  private static func everyColumnStatement(count: Int) -> String {
    "fetch BowTie offset \(max(count - 1, 0))"
  }

  /// `fetch BowTie` as csv into a pipe: the time from the statement before it
  /// (``everyColumnStatement(count:)``) to its first row, and the whole process's peak
  /// memory.
  private static func firstRow(
    store: String, count: Int, runs: Int, bowq: String, open: Measurement,
    lines: inout [[String]]
  ) throws -> [Target] {
    var latencies: [Double] = []
    var peaks: [Int] = []
    for _ in 0..<runs {
      var newlines = 0
      var countShown: Double?
      var firstRow: Double?
      // Lines: the header and row of the first fetch, then the header and rows of the second.
      let child = try StoreChildProcess.run(
        [
          bowq, "--store", store, "--format", "csv", "-c", everyColumnStatement(count: count),
          "-c", "fetch BowTie",
        ]
      ) { bytes, seconds in
        guard firstRow == nil else { return }
        for byte in bytes where byte == UInt8(ascii: "\n") {
          newlines += 1
          if newlines == 2 { countShown = seconds }
          if newlines == 4 { firstRow = seconds }
        }
      }
      guard let countShown, let firstRow else {
        throw BenchmarkError("fetch BowTie as csv printed fewer rows than asked")
      }
      latencies.append(firstRow - countShown)
      peaks.append(child.peakMemory)
    }
    let latency = StoreBenchmark.median(latencies)
    let peak = StoreBenchmark.median(peaks)
    lines.append([
      "fetch BowTie as csv | …", "bowq, first row", String(format: "%.1f ms", latency * 1000),
      StoreBenchmark.megabytes(peak),
    ])
    let extra = Double(peak - open.peakMemory) / 1_000_000
    return [
      Target(
        work: "fetch BowTie as csv into a pipe: first row",
        measured: String(format: "%.1f ms", latency * 1000), target: "< 50 ms",
        met: latency < 0.05),
      Target(
        work: "fetch BowTie as csv into a pipe: peak memory",
        measured: extra.rounded() <= 0
          ? "no more than the open's" : String(format: "the open's + %.0f MB", extra),
        target: "≤ + 50 MB",
        met: extra <= 50),
    ]
  }

  /// Ctrl-C at a real terminal 0.1 s into each long statement: the seconds until
  /// "Interrupted." shows, then a check that no object and not the file changed.
  private static func interrupts(store: String, plain: String, bowq: String) throws -> [Target] {
    guard (try? StoreChildProcess.run(["tmux", "-V"])) != nil else {
      print("note: tmux is missing: no Ctrl-C rows")
      return []
    }
    let before = try FileManager.default.attributesOfItem(atPath: store)[.modificationDate]
    let terminal = try BenchTerminal([bowq, "--store", store])
    guard try terminal.wait(for: "bowq>", timeout: 600) != nil else {
      throw BenchmarkError("the shell did not start:\n\(try terminal.screen())")
    }
    let check = "count BowTie where rating == 2"
    try terminal.enter(".mode line")
    try terminal.enter(check)
    let unchanged = try lastCount(terminal, waiting: 1)
    let cases: [(setup: [String], statement: String, after: [String])] = [
      ([], #"count BowTie where name MATCHES ".*a.*e.*i.*o.*u.*y""#, []),
      ([], "update BowTie set rating = 2", []),
      ([".output /dev/null"], "fetch BowTie sort by name", [".output"]),
      ([], "import \"\(plain)\" into BowTie", []),
      ([], "delete BowTie", []),
      (
        ["update BowTie where isFavorite == YES set timesWorn = timesWorn + 1"], "save",
        ["rollback"]
      ),
    ]
    var rows: [[String]] = []
    var slowest = 0.0
    var interrupted = 0
    var missed = 0
    let prompt = "bowq>"
    /// Enters `line` and waits for the prompt after it. Keys typed ahead while bowq is busy
    /// are echoed by the terminal before bowq prompts for them, so without the wait the next
    /// statement's text could show before the prompt of this line, and that prompt would be
    /// taken for the next statement's end.
    func settle(_ line: String) throws {
      let before = BenchTerminal.occurrences(of: prompt, in: try terminal.screen())
      try terminal.enter(line)
      guard
        try terminal.wait(
          timeout: 600, until: { BenchTerminal.occurrences(of: prompt, in: $0) > before })
          != nil
      else { throw BenchmarkError("no prompt after \(line)") }
    }
    for item in cases {
      for line in item.setup { try settle(line) }
      try terminal.enter(item.statement)
      guard let typed = try terminal.wait(timeout: 10, until: { $0.contains(item.statement) })
      else { throw BenchmarkError("\(item.statement) was not typed") }
      let prompts = BenchTerminal.occurrences(of: prompt, in: typed.screen)
      usleep(100_000)
      try terminal.press("C-c")
      // The statement ends with "Interrupted." or, done before the key arrived, a prompt.
      let ended = try terminal.wait(timeout: 600) {
        BenchTerminal.occurrences(of: "Interrupted.", in: $0) > interrupted
          || BenchTerminal.occurrences(of: prompt, in: $0) > prompts
      }
      if let ended, BenchTerminal.occurrences(of: "Interrupted.", in: ended.screen) > interrupted {
        interrupted += 1
        slowest = max(slowest, ended.seconds)
        rows.append([item.statement, String(format: "%.0f ms", ended.seconds * 1000)])
      } else if let ended {
        // Finished: before the key arrived, or, later than the target, in spite of it.
        rows.append([
          item.statement, String(format: "not interrupted: finished %.2f s after", ended.seconds),
        ])
        if ended.seconds > 0.1 { missed += 1 }
      } else {
        rows.append([item.statement, "not stopped after 600 s"])
        missed += 1
      }
      // "Interrupted." shows a moment before the prompt after it.
      guard
        try terminal.wait(
          timeout: 600, until: { BenchTerminal.occurrences(of: prompt, in: $0) > prompts })
          != nil
      else { throw BenchmarkError("no prompt after \(item.statement)") }
      for line in item.after { try settle(line) }
    }
    try terminal.enter(check)
    let after = try lastCount(terminal, waiting: 2)
    let fileKept =
      try FileManager.default.attributesOfItem(atPath: store)[.modificationDate] as? Date
      == before as? Date
    print("Ctrl-C 0.1 s into each statement, at a terminal (tmux):\n")
    Table.print(header: ["statement", "Interrupted. after"], rows: rows)
    return [
      Target(
        work: "Ctrl-C during long statements",
        measured: String(
          format: "%d of %d stopped, slowest %.0f ms; %@", interrupted, cases.count,
          slowest * 1000, after == unchanged && fileKept ? "nothing changed" : "CHANGED"),
        target: "≤ 100 ms, unchanged",
        met: slowest <= 0.1 && missed == 0 && after == unchanged && fileKept)
    ]
  }

  /// The number in the last `count = N` line on the screen, once `count = ` has shown
  /// `times` times.
  private static func lastCount(_ terminal: BenchTerminal, waiting times: Int) throws -> Int {
    guard try terminal.wait(for: "count = ", count: times, timeout: 120) != nil,
      let line = try terminal.screen().split(separator: "\n").last(where: {
        $0.hasPrefix("count = ")
      }),
      let value = Int(line.dropFirst(8).trimmingCharacters(in: .whitespaces))
    else { throw BenchmarkError("no count on the screen:\n\(try terminal.screen())") }
    return value
  }
}
