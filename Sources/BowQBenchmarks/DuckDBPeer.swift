import Foundation

/// DuckDB, the columnar engine people reach for, holding the same rows in a table: run by
/// Python's `duckdb` package in a virtual environment the benchmark makes (PyPI is the one
/// source of it here), on one thread and on all cores.
enum DuckDBPeer {
  /// The medians DuckDB took, by query name and thread setting (`1` or `all`).
  typealias Timings = [String: [String: Double]]

  /// Where the virtual environment is kept between runs.
  static var environment: String {
    let cache =
      ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
      ?? (NSHomeDirectory() + "/.cache")
    return cache + "/bowq-bench/duckdb-venv"
  }

  /// Makes the environment when it is missing; nil (and why) when DuckDB cannot be had.
  static func python() -> (path: String?, problem: String?) {
    let python = environment + "/bin/python"
    if FileManager.default.isExecutableFile(atPath: python),
      (try? StoreChildProcess.run([python, "-c", "import duckdb"])) != nil
    {
      return (python, nil)
    }
    do {
      _ = try StoreChildProcess.run(["python3", "-m", "venv", environment])
      _ = try StoreChildProcess.run([environment + "/bin/pip", "install", "--quiet", "duckdb"])
      return (python, nil)
    } catch {
      return (nil, "DuckDB is not available (\(error)): its columns are left out")
    }
  }

  /// Loads `csv` (name, searchKey, rating) into a table and times each query `runs` times.
  static func measure(python: String, csv: String, runs: Int) throws -> Timings {
    let output = try StoreChildProcess.run([python, "-c", script, csv, String(runs)]).output
    let data = Data(output.utf8)
    guard let timings = try JSONSerialization.jsonObject(with: data) as? [String: [String: Double]]
    else { throw BenchmarkError("DuckDB printed no timings: \(output)") }
    return timings
  }

  private static let script = #"""
    import duckdb, json, statistics, sys, time
    csv, runs = sys.argv[1], int(sys.argv[2])
    db = duckdb.connect()
    db.execute("CREATE TABLE tie AS SELECT * FROM read_csv(?, header=true, "
               "columns={'name': 'VARCHAR', 'searchKey': 'VARCHAR', 'rating': 'DOUBLE'})", [csv])
    queries = {
        "blue": "SELECT count(*) FROM tie WHERE rating > 3 AND name ILIKE '%blue%'",
        "red": "SELECT count(*) FROM tie WHERE searchKey = 'R'",
        "top": "SELECT name, rating FROM tie ORDER BY rating DESC LIMIT 10",
    }
    timings = {}
    for threads in ["1", "all"]:
        db.execute("RESET threads" if threads == "all" else "SET threads = 1")
        for name, sql in queries.items():
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                db.execute(sql).fetchall()
                times.append(time.perf_counter() - start)
            timings.setdefault(name, {})[threads] = statistics.median(times)
    print(json.dumps(timings))
    """#
}
