import BowQ
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The hostile-input generator for paths (issue 12): seeded paths built from awkward parts —
/// missing parents, folders, symbolic-link loops, dangling links, links to a FIFO or a
/// device, names too long for the system, names with newlines and escape sequences,
/// `/dev/null` and FIFOs — given to `--store`, `export … to`, `import` and `bowq plist`
/// through the binary. Each run must end, within a bound, in success or a clear error
/// (exit status 1 with a message), never a crash or a wait on a FIFO, and no file outside
/// the test's folder may change.
final class HostilePathTests: XCTestCase {
  private var home: URL!
  /// The test's folder, where every generated path leads.
  private var folder: String!
  /// A folder beside it, with a file that no run may touch.
  private var outside: URL!

  override func setUpWithError() throws {
    home = try makeHome()
    folder = home.appendingPathComponent("files").path
    outside = home.appendingPathComponent("outside")
    for path in [folder!, outside.path, folder + "/dir"] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    try Data("untouched".utf8).write(to: outside.appendingPathComponent("sentinel"))
    let result = try Bowq.run(
      [
        "--memory", "-c", "entity T { s: String }; insert T s = \"a\"",
        "-c", "export T to \"\(folder!)/ties.plist\"",
      ], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    let links = [
      ("loopA", "loopB"), ("loopB", "loopA"), ("dangling", "nowhere/ties.plist"),
      ("toDir", "dir"), ("toFIFO", "fifo"), ("toNull", "/dev/null"), ("toTies", "ties.plist"),
    ]
    for (name, target) in links {
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/" + name, withDestinationPath: target)
    }
    guard mkfifo(folder + "/fifo", 0o644) == 0 else { throw XCTSkip("cannot make a FIFO here") }
  }

  /// One of `choices`, chosen by `random`.
  private func pick<T>(_ choices: [T], _ random: inout SplitMix64) -> T {
    choices[Int(random.next() % UInt64(choices.count))]
  }

  /// A path built from seeded parts: a whole special path, or a parent and a name.
  private func path(_ random: inout SplitMix64) -> String {
    let deep = folder + String(repeating: "/d", count: 2100)
    let whole: [String] = [
      "/dev/null", folder + "/fifo", folder + "/dir", folder + "/loopA", folder + "/dangling",
      folder + "/toDir", folder + "/toFIFO", folder + "/toNull", folder + "/toTies",
      folder + "/ties.plist", deep, "",
    ]
    if random.next() % 5 < 2 { return pick(whole, &random) }
    let parents: [String] = [
      folder!, folder + "/missing/deeper", folder + "/dir", folder + "/loopA",
      folder + "/dangling", folder + "/ties.plist", folder + "/toDir", folder + "/fifo",
    ]
    let names: [String] = [
      "new.plist", "new.json", "line\nbreak.json", "\u{1B}[31mred\u{1B}[0m.plist", "tab\there",
      String(repeating: "n", count: 300), ".", "..", "trailing/", "quote\"and\\slash.xml",
    ]
    return pick(parents, &random) + "/" + pick(names, &random)
  }

  /// `text` as a bowq string literal.
  private func literal(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\\": out += "\\" + String(scalar)
      case "\n": out += "\\n"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out += "\\x" + String(format: "%02X", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// The four doors a path enters by.
  private func arguments(_ path: String, door: Int) -> [String] {
    let define = "entity T { s: String }; insert T s = \"a\""
    switch door {
    case 0: return ["--store", path, "-c", "count T"]
    case 1: return ["--memory", "-c", define, "-c", "export T to \(literal(path))"]
    case 2: return ["--memory", "-c", define, "-c", "import \(literal(path)) into T"]
    default: return ["plist", path]
    }
  }

  /// Runs bowq with no input and a deadline; answers its status and standard error.
  private func run(_ arguments: [String], seconds: Double) throws -> (
    status: Int32?, stderr: String
  ) {
    let process = Process()
    process.executableURL = Bowq.binary
    process.arguments = arguments
    process.environment = Bowq.environment(home: home)
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let errors = home.appendingPathComponent("stderr")
    try Data().write(to: errors)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errors)
    try process.run()
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      return (nil, "")
    }
    let stderr = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
    return (process.terminationReason == .exit ? process.terminationStatus : nil, stderr)
  }

  func testGeneratedPathsEndInSuccessOrAClearErrorAndTouchNothingOutside() throws {
    let root = try FileManager.default.contentsOfDirectory(atPath: Bowq.root.path).sorted()
    var random = SplitMix64(seed: 0xBA7)
    var failures = 0
    for i in 0..<90 {
      let path = path(&random)
      let door = Int(random.next() % 4)
      let label =
        "run \(i): \(arguments(path, door: door).suffix(1)) with \(path.debugDescription.prefix(120))"
      let (status, stderr) = try run(arguments(path, door: door), seconds: 10)
      guard let status else {
        XCTFail("\(label): crashed or did not end within 10 s")
        continue
      }
      XCTAssertTrue([0, 1].contains(status), "\(label): status \(status)")
      if door == 3 {
        XCTAssertFalse(stderr.contains("\u{1B}"), "\(label): \(stderr.debugDescription)")
        XCTAssertLessThanOrEqual(stderr.split(separator: "\n").count, 1, label)
      }
      if status == 1 {
        failures += 1
        XCTAssertTrue(
          stderr.hasPrefix("bowq: ") || stderr.contains("error: ") || stderr.contains("cannot "),
          "\(label): \(stderr)")
      }
      XCTAssertEqual(
        try Data(contentsOf: outside.appendingPathComponent("sentinel")), Data("untouched".utf8),
        label)
      XCTAssertEqual(
        try FileManager.default.contentsOfDirectory(atPath: outside.path), ["sentinel"], label)
    }
    var status = stat()
    XCTAssertEqual(stat("/dev/null", &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: Bowq.root.path).sorted(), root)
    XCTAssertGreaterThan(failures, 0)
  }

  func testPlistShowsTheControlCharactersOfANameVisibly() throws {
    let name = folder + "/line\nbreak\u{1B}[31m.json"
    let (status, stderr) = try run(["plist", name], seconds: 10)
    XCTAssertEqual(status, 1)
    XCTAssertEqual(
      stderr,
      "bowq: cannot read \(folder!)/line\\nbreak\\u{1B}[31m.json: No such file or directory\n")
  }
}
