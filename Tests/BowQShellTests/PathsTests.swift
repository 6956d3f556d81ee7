import BowQShell
import Foundation
import XCTest

final class PathsTests: XCTestCase {
  private var scratch: URL!

  override func setUpWithError() throws {
    scratch = try makeTemporaryFolder("bowq-paths")
  }

  func testDefaultsFollowTheHomeDirectory() {
    let paths = Paths(environment: ["HOME": "/home/ana"])
    XCTAssertEqual(paths.dataDirectory, "/home/ana/.local/share/bowq")
    XCTAssertEqual(paths.defaultStorePath, "/home/ana/.local/share/bowq/default.plist")
    XCTAssertEqual(paths.stateDirectory, "/home/ana/.local/state/bowq")
    XCTAssertEqual(paths.historyPath, "/home/ana/.local/state/bowq/history")
  }

  func testXDGVariablesMoveTheDirectories() {
    let paths = Paths(environment: [
      "HOME": "/home/ana", "XDG_DATA_HOME": "/data/", "XDG_STATE_HOME": "/state",
    ])
    XCTAssertEqual(paths.defaultStorePath, "/data/bowq/default.plist")
    XCTAssertEqual(paths.historyPath, "/state/bowq/history")
  }

  func testEmptyOrRelativeXDGVariablesAreIgnored() {
    let paths = Paths(environment: [
      "HOME": "/home/ana/", "XDG_DATA_HOME": "", "XDG_STATE_HOME": "relative/state",
    ])
    XCTAssertEqual(paths.defaultStorePath, "/home/ana/.local/share/bowq/default.plist")
    XCTAssertEqual(paths.historyPath, "/home/ana/.local/state/bowq/history")
  }

  func testBowqHistoryOverridesAndEmptyTurnsHistoryOff() {
    XCTAssertEqual(
      Paths(environment: ["HOME": "/h", "BOWQ_HISTORY": "/tmp/h"]).historyPath, "/tmp/h")
    XCTAssertNil(Paths(environment: ["HOME": "/h", "BOWQ_HISTORY": ""]).historyPath)
  }

  func testHomeComesFromTheUserDatabaseWithoutHOME() {
    XCTAssertTrue(Paths(environment: [:]).homeDirectory.hasPrefix("/"))
  }

  func testSampleDataFromTheEnvironmentComesFirst() throws {
    let executable = try makeFile("prefix/bin/bowq")
    try makeFile("prefix/share/bowq/SampleData.plist")
    let paths = Paths(environment: ["BOWQ_SAMPLE_DATA": "/elsewhere/Sample.plist"])
    XCTAssertEqual(paths.sampleDataPath(executablePath: executable), "/elsewhere/Sample.plist")
  }

  func testSampleDataOfAnInstalledBowq() throws {
    let executable = try makeFile("prefix/bin/bowq")
    let sample = try makeFile("prefix/share/bowq/SampleData.plist")
    XCTAssertEqual(Paths(environment: [:]).sampleDataPath(executablePath: executable), sample)
  }

  func testSampleDataOfASourceCheckout() throws {
    let executable = try makeFile("repo/.build/x86_64-unknown-linux-gnu/debug/bowq")
    try makeFile("repo/Package.swift")
    let sample = try makeFile("repo/SampleData.plist")
    try makeFile("repo/.build/SampleData.plist")
    XCTAssertEqual(Paths(environment: [:]).sampleDataPath(executablePath: executable), sample)
  }

  func testSampleDataIsLookedForAtMostFiveLevelsUp() throws {
    let executable = try makeFile("repo/1/2/3/4/5/6/bowq")
    try makeFile("repo/Package.swift")
    try makeFile("repo/SampleData.plist")
    XCTAssertNil(Paths(environment: [:]).sampleDataPath(executablePath: executable))
  }

  func testNoSampleDataFound() throws {
    let executable = try makeFile("bin/bowq")
    XCTAssertNil(Paths(environment: [:]).sampleDataPath(executablePath: executable))
    XCTAssertNil(Paths(environment: [:]).sampleDataPath(executablePath: nil))
  }

  func testWithNoSampleDataFileTheBuiltInCopyIsWrittenOnce() throws {
    let executable = try makeFile("bin/bowq")
    let paths = Paths(environment: ["XDG_DATA_HOME": scratch.appendingPathComponent("data").path])
    let written = try XCTUnwrap(paths.sampleDataFile(executablePath: executable))
    XCTAssertEqual(written, paths.dataDirectory + "/SampleData.plist")
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("SampleData.plist")
    XCTAssertEqual(
      FileManager.default.contents(atPath: written), try Data(contentsOf: repository),
      "the built-in sample is the repository's SampleData.plist")
    let before = try FileManager.default.attributesOfItem(atPath: written)[.systemFileNumber]
    XCTAssertEqual(paths.sampleDataFile(executablePath: executable), written)
    XCTAssertEqual(
      try FileManager.default.attributesOfItem(atPath: written)[.systemFileNumber] as? Int,
      before as? Int, "an unchanged copy is not written again")
  }

  func testExecutablePathIsTheRunningProgram() throws {
    let path = try XCTUnwrap(Paths.executablePath)
    XCTAssertTrue(FileManager.default.isExecutableFile(atPath: path))
  }

  func testCreatesPrivateDirectoriesWithTheirParents() throws {
    let path = scratch.appendingPathComponent("a/b/c").path
    try Paths.createPrivateDirectory(atPath: path)
    try Paths.createPrivateDirectory(atPath: path)
    for directory in ["a", "a/b", "a/b/c"] {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: scratch.appendingPathComponent(directory).path)
      XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700, directory)
    }
  }

  func testReportsADirectoryThatCannotBeCreated() throws {
    let file = try makeFile("file")
    XCTAssertThrowsError(try Paths.createPrivateDirectory(atPath: file + "/sub")) { error in
      XCTAssertEqual(
        (error as? FileSystemError)?.description,
        "cannot create directory '\(file)/sub': Not a directory")
    }
  }

  @discardableResult
  private func makeFile(_ relativePath: String) throws -> String {
    let url = scratch.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: url.path, contents: Data())
    return url.path
  }
}
