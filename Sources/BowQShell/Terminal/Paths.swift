import BowQ
import Foundation
import Glibc

/// Where bowq keeps its files, after the XDG Base Directory specification.
///
/// The environment is passed in, so tests can use their own. A variable that is empty or
/// holds a relative path is ignored, as the specification asks.
public struct Paths: Hashable, Sendable {
  /// The environment variables to consult, usually the process's.
  public var environment: [String: String]

  public init(environment: [String: String] = ProcessEnvironment.variables) {
    self.environment = environment
  }

  /// `$HOME`, or the home directory in the user database when `HOME` is unset.
  public var homeDirectory: String {
    if let home = environment["HOME"], !home.isEmpty { return home }
    if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
      return String(cString: directory)
    }
    return "/"
  }

  /// `${XDG_DATA_HOME:-~/.local/share}/bowq`: the default store lives here.
  public var dataDirectory: String {
    baseDirectory("XDG_DATA_HOME", default: ".local/share") + "/bowq"
  }

  /// `${XDG_STATE_HOME:-~/.local/state}/bowq`: history lives here.
  public var stateDirectory: String {
    baseDirectory("XDG_STATE_HOME", default: ".local/state") + "/bowq"
  }

  /// The store `bowq` opens without `--store` or `--memory`.
  public var defaultStorePath: String {
    dataDirectory + "/default.plist"
  }

  /// The history file: `$BOWQ_HISTORY`, else `history` in ``stateDirectory``;
  /// `nil` when `BOWQ_HISTORY` is set but empty, which turns history off.
  public var historyPath: String? {
    guard let path = environment["BOWQ_HISTORY"] else { return stateDirectory + "/history" }
    return path.isEmpty ? nil : path
  }

  /// Where `.tutorial` keeps the lesson and step a learner reached: `tutorial` in
  /// ``stateDirectory``, beside the history.
  public var tutorialProgressPath: String {
    stateDirectory + "/tutorial"
  }

  /// The sample data seeded into a new default store, or `nil` when none is found.
  ///
  /// Looked for in order: `$BOWQ_SAMPLE_DATA` (returned even when missing, so that the
  /// error names it); `../share/bowq/SampleData.plist` beside the executable's directory
  /// (an installed bowq); then the executable's directory and up to five above it, for a
  /// `SampleData.plist` next to a `Package.swift` (bowq run from its source checkout).
  ///
  /// - Parameter executablePath: the real path of the running program.
  public func sampleDataPath(executablePath: String? = Paths.executablePath) -> String? {
    if let path = environment["BOWQ_SAMPLE_DATA"], !path.isEmpty { return path }
    guard let executablePath else { return nil }
    var directory = URL(fileURLWithPath: executablePath).deletingLastPathComponent()
    let installed = directory.appendingPathComponent("../share/bowq/SampleData.plist")
      .standardizedFileURL.path
    if Paths.isFile(installed) { return installed }
    for _ in 0...5 {
      let candidate = directory.appendingPathComponent("SampleData.plist").path
      if Paths.isFile(candidate),
        Paths.isFile(directory.appendingPathComponent("Package.swift").path)
      {
        return candidate
      }
      let parent = directory.deletingLastPathComponent()
      if parent.path == directory.path { break }
      directory = parent
    }
    return nil
  }

  /// The sample data to seed a store or start a lesson from: ``sampleDataPath(executablePath:)``,
  /// else the copy built into bowq, written to `SampleData.plist` in ``dataDirectory`` so that
  /// statements can name it. Nil only when that copy cannot be written.
  public func sampleDataFile(executablePath: String? = Paths.executablePath) -> String? {
    if let path = sampleDataPath(executablePath: executablePath) { return path }
    try? Paths.createPrivateDirectory(atPath: dataDirectory)
    return try? BowTiesSample.writeCopy(into: dataDirectory)
  }

  /// The real path of the running program, read from `/proc/self/exe`.
  public static var executablePath: String? {
    guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Creates a directory and any missing parents, each readable by the owner only (0700).
  ///
  /// Directories that already exist are left as they are.
  public static func createPrivateDirectory(atPath path: String) throws(FileSystemError) {
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      prefix += "/" + component
      if mkdir(prefix, 0o700) != 0, errno != EEXIST {
        throw FileSystemError(.createDirectory, path: prefix, errorNumber: errno)
      }
    }
  }

  private func baseDirectory(_ variable: String, default relative: String) -> String {
    let path =
      environment[variable].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? homeDirectory + "/" + relative
    return "/" + path.split(separator: "/").joined(separator: "/")
  }

  private static func isFile(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && !isDirectory.boolValue
  }
}
