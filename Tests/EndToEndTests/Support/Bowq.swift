import Foundation
import XCTest

/// Runs the real `bowq` binary the way a user does, and captures what it prints.
enum Bowq {
  /// The package's root folder.
  static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The built binary, next to the test bundle (or `$BOWQ_BINARY`).
  static var binary: URL {
    if let path = ProcessInfo.processInfo.environment["BOWQ_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for folder in [bundle, Bundle.main.bundleURL, root.appendingPathComponent(".build/debug")] {
      let candidate = folder.appendingPathComponent("bowq")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return root.appendingPathComponent(".build/debug/bowq")
  }

  /// The fixed instant `now()` reads in tests (`BOWQ_NOW`).
  static let now = "2024-06-01T12:00:00Z"

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Standard output and error together, in the order they were written (when the run
    /// merged them).
    var output: String { stdout }
  }

  static func environment(home: URL, extra: [String: String] = [:]) -> [String: String] {
    var env: [String: String] = [
      "HOME": home.path,
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "BOWQ_NOW": now,
      "BOWQ_SAMPLE_DATA": root.appendingPathComponent("SampleData.plist").path,
      "PATH": binary.deletingLastPathComponent().path + ":/usr/bin:/bin",
      "LANG": "C.UTF-8",
      "NO_COLOR": "1",
    ]
    env.merge(extra) { _, new in new }
    return env
  }

  /// A writable copy in `folder` of the Core Data fixture at `relativePath` of
  /// `Tests/Fixtures/coredata-sqlite` (see its README).
  static func coreDataFixture(_ relativePath: String, in folder: URL) throws -> URL {
    let source = root.appendingPathComponent("Tests/Fixtures/coredata-sqlite/" + relativePath)
    let copy = folder.appendingPathComponent(source.lastPathComponent)
    try FileManager.default.copyItem(at: source, to: copy)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy.path)
    return copy
  }

  /// Runs `bowq arguments…` with `input` on standard input.
  ///
  /// - Parameter mergingOutput: send standard error into standard output, to compare a
  ///   whole transcript.
  @discardableResult
  static func run(
    _ arguments: [String], input: String = "", home: URL, environment extra: [String: String] = [:],
    mergingOutput: Bool = false, executable: URL? = nil, directory: URL = root
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable ?? binary
    process.arguments = arguments
    process.environment = environment(home: home, extra: extra)
    process.currentDirectoryURL = directory
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = mergingOutput ? stdout : Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let outData = stdout.fileHandleForReading.readDataToEndOfFile()
    let errData = mergingOutput ? Data() : stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}

extension XCTestCase {
  /// A fresh home for this test, its own XDG folders so that nothing touches the user's
  /// files, removed with everything in it when the test ends, passed or failed: every test
  /// that writes a file writes it here, so that a run of the suite leaves nothing behind.
  func makeHome() throws -> URL {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("bowq-e2e-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: home) }
    return home
  }
}
