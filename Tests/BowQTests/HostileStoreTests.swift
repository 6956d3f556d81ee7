import Foundation
import XCTest

@testable import BowQ

/// The hostile-input generator for store files (issue 12): thousands of seeded mutations of
/// a small valid store, each written to a file and opened as a store is loaded and as a
/// damaged one is salvaged. Each must open or fail with a ``StoreError``, quickly, and leave
/// the file and its folder exactly as they were.
final class HostileStoreTests: XCTestCase {
  /// A store with every attribute type, nil values, a to-one and a to-many relationship.
  private func validStore() throws -> [UInt8] {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Person { name: String unique, ties: [Tie] inverse owner }
      entity Tie { name: String, rating: Double?, worn: Int16 default 0, price: Decimal?, \
      lastWorn: Date?, favorite: Bool default false, id: UUID?, url: URI?, photo: Binary?, \
      tint: Transformable(Color)?, owner: Person? inverse ties }
      insert Person name = "Ann"
      insert Person name = "Bob"
      insert Tie name = "Red", rating = 4.5, worn = 3, price = 12.50, \
      lastWorn = CAST("2024-05-01T10:00:00Z", "NSDate"), favorite = YES, \
      id = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", url = "https://example.com/red", tint = {255, 0, 0}
      insert Tie name = "Blue"
      insert Tie name = "Green", rating = 1
      update Tie where name == "Red" OR name == "Blue" set owner = Person where name == "Ann"
      """)
    return [UInt8](try StoreCodec.encodeData(interpreter.context.graph))
  }

  /// The names and contents of the files in `folder`.
  private func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  func testMutatedStoresOpenOrFailWithAStoreErrorAndStayUnchanged() throws {
    let folder = try makeTemporaryFolder("bowq-hostile-store")
    let file = folder.appendingPathComponent("store.bowq")
    let valid = try validStore()
    try Data(valid).write(to: file)
    XCTAssertEqual(try StoreFile.load(from: file.path).table("Tie").count, 3)
    var hostile = HostileBytes(seed: 0x5707E)
    var opened = 0
    for i in 0..<1500 {
      let bytes = hostile.mutate(valid)
      try Data(bytes).write(to: file)
      let before = try snapshot(folder)
      let label = "mutation \(i)"
      let start = Date()
      for read in [
        { _ = try StoreFile.load(from: file.path) }, { _ = try StoreFile.salvage(from: file.path) },
      ] {
        do {
          try read()
          opened += 1
        } catch let error as StoreError {
          XCTAssertFalse(error.description.isEmpty, label)
        } catch {
          XCTFail("\(label): not a StoreError: \(error)")
        }
      }
      XCTAssertLessThan(Date().timeIntervalSince(start), 2, label)
      XCTAssertEqual(try snapshot(folder), before, label)
    }
    XCTAssertGreaterThan(opened, 0, "some mutations should leave a readable store")
  }
}
