import BowQ
import Foundation
import XCTest

/// Kills `bowq` with SIGKILL while it saves, hundreds of times, and checks that the store
/// is always byte for byte the old version or the new one, and that the temporary files of
/// killed saves never pile up.
final class StoreCrashTests: XCTestCase {
  /// How many times a saving child is killed.
  static let rounds = 300
  /// The longest wait between the child's first save and the kill, in microseconds: a few
  /// of its save cycles (about 3 ms each in a debug build).
  static let longestDelay: UInt32 = 8_000

  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  func testKilledSavesLeaveTheOldOrTheNewStoreAndNoStrayTemporaryFile() throws {
    let folder = home.appendingPathComponent("crash")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let store = folder.appendingPathComponent("ties.bowq")
    func run(_ statements: String) throws {
      let result = try Bowq.run(["--store", store.path, "-c", statements], home: home)
      XCTAssertEqual(result.status, 0, result.stderr)
    }

    let rows = (0..<40).map {
      "insert T v = 1, s = \"row \($0) \(String(repeating: "x", count: 80))\""
    }
    try run((["entity T { v: Int32, s: String }"] + rows + ["save"]).joined(separator: "\n"))
    let one = try Data(contentsOf: store)
    try run("update T where v == 1 set v = 2\nsave")
    let two = try Data(contentsOf: store)
    try run("update T where v == 2 set v = 1\nsave")
    XCTAssertEqual(try Data(contentsOf: store), one, "the same objects must give the same bytes")
    XCTAssertNotEqual(one, two)
    for version in [two, one] {
      try version.write(to: store)
      XCTAssertEqual(try StoreFile.load(from: store.path).table("T").count, 40)
    }

    // Statements from -c rather than a script file: a debug build reads files slowly, and
    // every round starts a new process.
    let loop = String(
      repeating: "update T where v == 1 set v = 2; save; update T where v == 2 set v = 1; save\n",
      count: 50)

    var random = SplitMix64(seed: 0xB0_71E5)
    var seen: [Data: Int] = [:]
    var killedMidSave = 0
    for round in 0..<Self.rounds {
      let child = try BowqSession(["--store", store.path, "-c", loop], home: home)
      try child.waitForError(containing: "Saved")
      usleep(UInt32(random.next() % UInt64(Self.longestDelay)))
      child.kill()

      let bytes = try Data(contentsOf: store)
      // Both versions open (checked above), and so the next child opens this one.
      XCTAssertTrue(bytes == one || bytes == two, "round \(round): the store is neither version")
      seen[bytes, default: 0] += 1
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { $0 != "ties.bowq" && $0 != "ties.bowq.lock" }
      // Each child's first edit removed what earlier kills left: at most the last one's file.
      XCTAssertLessThanOrEqual(leftovers.count, 1, "round \(round): \(leftovers)")
      for name in leftovers {
        XCTAssertTrue(
          name.hasPrefix(".ties.bowq.tmp-\(child.processIdentifier)-"), "round \(round): \(name)")
      }
      if !leftovers.isEmpty { killedMidSave += 1 }
      if testRun?.failureCount ?? 0 > 0 { break }
    }

    XCTAssertEqual(seen[one].map { $0 > 0 }, true, "no kill left the first version")
    XCTAssertEqual(seen[two].map { $0 > 0 }, true, "no kill left the second version")
    XCTAssertGreaterThan(killedMidSave, 0, "no kill landed while a temporary file existed")
    print(
      "\(Self.rounds) kills: \(seen[one] ?? 0) left the first version, \(seen[two] ?? 0) the "
        + "second; \(killedMidSave) landed while a temporary file existed")
    // A reader leaves the store's folder as it is; the first edit claims the store, which
    // removes what the last kill left.
    let after = try Bowq.run(
      ["--store", store.path, "-c", "count T; update T where v == 1 set v = 1; save"], home: home)
    XCTAssertEqual(after.stdout, "40\n", after.stderr)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["ties.bowq"])
  }
}
