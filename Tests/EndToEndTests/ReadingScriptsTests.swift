import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Scripts given to bowq or to `.read` through the real binary: only regular files are read
/// (a device is never read forever, a FIFO never waited on), and scripts that read each
/// other stop at a cycle or past 16 deep, naming the chain (issue 23, item 9). Each test
/// ends even against a bowq without these checks: under a memory limit, with the FIFO's
/// writer closed once its bytes are taken, and with scripts whose fan-out is bounded.
final class ReadingScriptsTests: XCTestCase {
  var home: URL!
  var folder: URL!

  override func setUpWithError() throws {
    home = try makeHome()
    folder = home.appendingPathComponent("scripts")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  private func script(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  /// Runs bowq in the scripts folder with at most 250 MB of address space, so that a bowq
  /// reading `/dev/zero` whole ends by running out of memory rather than after taking the
  /// machine's.
  private func runLimited(_ arguments: [String]) throws -> Bowq.Result {
    try Bowq.run(
      ["-c", "ulimit -v 250000; exec \"$0\" \"$@\"", Bowq.binary.path] + arguments, home: home,
      environment: ["SWIFT_BACKTRACE": "enable=no"], executable: URL(fileURLWithPath: "/bin/sh"),
      directory: folder)
  }

  /// Runs bowq in the scripts folder, its standard output and error merged, reading what it
  /// writes until it ends or has written more than `lines` lines; then it is ended (a bowq
  /// whose scripts fan out without bound), and the answer is nil.
  private func runWritingAtMost(_ lines: Int, _ arguments: [String]) throws -> (
    status: Int32, output: String
  )? {
    let process = Process()
    process.executableURL = Bowq.binary
    process.arguments = arguments
    process.environment = Bowq.environment(home: home)
    process.currentDirectoryURL = folder
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    var output = Data()
    while true {
      let chunk = pipe.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      output += chunk
      if output.filter({ $0 == UInt8(ascii: "\n") }).count > lines {
        process.terminate()
        process.waitUntilExit()
        return nil
      }
    }
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  func testAStoreGivenAsTheScriptIsRefusedWithTheStoreOption() throws {
    let sqlite = try Bowq.coreDataFixture("Books/Books.sqlite", in: folder)
    let database = try Bowq.run(
      [sqlite.lastPathComponent, "-c", "count Book"], home: home, directory: folder)
    XCTAssertEqual(database.status, 2, database.stderr)
    XCTAssertEqual(
      database.stderr,
      "bowq: Books.sqlite is a SQLite database, not a script of statements; to query it, open "
        + "it as the store: bowq --store Books.sqlite\n")

    let store = folder.appendingPathComponent("my ties.bowq").path
    XCTAssertEqual(
      try Bowq.run(["--store", store, "--sample", "-c", "save"], home: home).status, 0)
    let binary = try Bowq.run([store], home: home)
    XCTAssertEqual(binary.status, 2, binary.stderr)
    XCTAssertEqual(
      binary.stderr,
      "bowq: \(store) is a binary property list, not a script of statements; to query it, open "
        + "it as the store: bowq --store '\(store)'\n")

    let xml = try Bowq.run([Bowq.root.appendingPathComponent("SampleData.plist").path], home: home)
    XCTAssertEqual(xml.status, 2, xml.stderr)
    XCTAssertTrue(xml.stderr.contains("is an XML document, not a script of statements"), xml.stderr)
    XCTAssertTrue(xml.stderr.contains("`bowq plist "), xml.stderr)
    // Refused before any store opens: the default store was not created.
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: home.appendingPathComponent("data/bowq/default.plist").path))
  }

  func testADeviceIsRefusedAsAScriptAndByRead() throws {
    let script = try runLimited(["--memory", "/dev/zero"])
    XCTAssertEqual(script.status, 2, script.stderr)
    XCTAssertEqual(
      script.stderr, "bowq: cannot read script /dev/zero: Is a character device, not a file\n")

    let read = try runLimited(["--memory", "-c", ".read /dev/zero", "-c", "count T"])
    XCTAssertEqual(read.status, 1, read.stderr)
    XCTAssertEqual(
      read.stderr, "-c#1:1: error: cannot read /dev/zero: Is a character device, not a file\n")
  }

  func testAFIFOIsRefusedWithoutWaitingForAWriter() throws {
    let fifo = folder.appendingPathComponent("lines").path
    guard mkfifo(fifo, 0o600) == 0 else { throw XCTSkip("cannot make a FIFO here") }
    for arguments in [["--memory", "lines"], ["--memory", "-c", ".read lines"]] {
      // This end keeps a writer on the FIFO, so that a bowq that opens it does not wait to,
      // and is closed once such a bowq has taken the line: then it reads to the end.
      let writer = open(fifo, O_RDWR | O_NONBLOCK)
      XCTAssertGreaterThanOrEqual(writer, 0)
      XCTAssertEqual(write(writer, "entity T { n: Int }\n", 20), 20)
      let process = Process()
      process.executableURL = Bowq.binary
      process.arguments = arguments
      process.environment = Bowq.environment(home: home)
      process.currentDirectoryURL = folder
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      var waiting: Int32 = 1
      while process.isRunning, writer >= 0 {
        if ioctl(writer, UInt(FIONREAD), &waiting) == 0, waiting == 0 { break }
        sched_yield()
      }
      close(writer)
      let stderr = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      XCTAssertTrue(stderr.contains("lines: Is a FIFO (named pipe), not a file"), stderr)
      XCTAssertNotEqual(process.terminationStatus, 0, stderr)
    }
  }

  func testAScriptThatReadsItselfStopsAtOnceEvenGoingOnAfterErrors() throws {
    // Without the check, each --keep-going run below reads its scripts 2^16 times, and
    // says so in as many errors: a run that writes more lines than expected is ended.
    try script("self.bowq", ".read self.bowq\n.read self.bowq\n")
    let main = try XCTUnwrap(
      try runWritingAtMost(2, ["--memory", "--keep-going", "self.bowq"]), "no end to the reads")
    XCTAssertEqual(main.status, 1)
    XCTAssertEqual(
      main.output,
      "self.bowq:1: error: .read self.bowq: self.bowq is already running "
        + "(self.bowq → self.bowq)\n"
        + "self.bowq:2: error: .read self.bowq: self.bowq is already running "
        + "(self.bowq → self.bowq)\n")

    try script("a.bowq", ".read b.bowq\n.read b.bowq\n")
    try script("b.bowq", ".read ./a.bowq\n.read ./a.bowq\n")
    let read = try XCTUnwrap(
      try runWritingAtMost(2, ["--memory", "--keep-going", "-c", ".read a.bowq", "-c", ".tables"]),
      "no end to the reads")
    XCTAssertEqual(read.status, 1)
    XCTAssertEqual(
      read.output,
      "b.bowq:1: error: .read ./a.bowq: a.bowq is already running "
        + "(a.bowq → b.bowq → ./a.bowq); every script of the chain stops\n"
        + "(no entities)\n", "the -c after the failing one runs")
  }

  func testScriptsReadingEachOtherStopPastSixteenDeep() throws {
    for depth in 0...20 { try script("d\(depth).bowq", ".read d\(depth + 1).bowq\n") }
    let result = try Bowq.run(
      ["--memory", "-c", ".read d0.bowq"], home: home, mergingOutput: true, directory: folder)
    XCTAssertEqual(result.status, 1)
    let chain = (0...16).map { "d\($0).bowq" }.joined(separator: " → ")
    XCTAssertEqual(
      result.output,
      "d15.bowq:1: error: .read d16.bowq: scripts read each other more than 16 deep "
        + "(\(chain)); every script of the chain stops\n")
  }
}
