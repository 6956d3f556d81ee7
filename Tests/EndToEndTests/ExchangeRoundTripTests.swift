import Foundation
import XCTest

/// Issue 12, items 20 and 29, through the binary: what `export` writes, `import` reads back
/// in every format, and a JSON file that repeats a key is refused with where it is.
final class ExchangeRoundTripTests: XCTestCase {
  func testTheSampleRoundTripsThroughEveryFormat() throws {
    let home = try makeHome()
    // The attributes, as the objects imported are new ones, of other keys.
    let show =
      "fetch BowTie select name, searchKey, rating, timesWorn, lastWorn, isFavorite, id, url, "
      + "photoData, tintColor sort by name"
    let original = try Bowq.run(
      ["--memory", "--sample", "--format", "json", "-c", show], home: home)
    XCTAssertEqual(original.status, 0, original.stderr)
    for file in ["ties.json", "ties.xml", "ties.plist", "ties.jsonl", "ties.csv"] {
      let result = try Bowq.run(
        [
          "--memory", "--sample", "--format", "json", "-c", "export BowTie to \"\(file)\"", "-c",
          "delete BowTie where TRUEPREDICATE", "-c", "import \"\(file)\" into BowTie", "-c", show,
        ], home: home, directory: home)
      XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
      XCTAssertEqual(result.stdout, original.stdout, file)
    }
  }

  func testAJSONFileThatRepeatsAKeyIsRefused() throws {
    let home = try makeHome()
    try Data("[\n  {\"name\": \"a\", \"searchKey\": \"A\",\n   \"name\": \"b\"}\n]\n".utf8).write(
      to: home.appendingPathComponent("dup.json"))
    let result = try Bowq.run(
      ["--memory", "--sample", "-c", "import \"dup.json\" into BowTie; count BowTie"], home: home,
      directory: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.stderr.contains(
        #"dup.json is not a readable property list: line 3, column 4: the key "name" appears "#
          + "twice in the object at [0]"), result.stderr)
  }
}
