import Foundation
import XCTest

@testable import BowQ

/// A JSON object with a key twice is refused, naming the key and where it is, instead of
/// keeping the last value as Foundation does.
final class JSONDuplicateKeyTests: XCTestCase {
  private func assertDuplicate(
    _ json: String, _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try PropertyListDecoding.decode(Data(json.utf8)), file: file, line: line) {
      let error = $0 as? PropertyListError
      XCTAssertEqual(error?.kind, .duplicateKey, file: file, line: line)
      XCTAssertEqual(error?.message, message, file: file, line: line)
    }
  }

  func testADuplicateKeyInARecordNamesTheRecordAndTheLines() {
    assertDuplicate(
      """
      [
        {"name": "a", "rating": 1},
        {"name": "b", "rating": 2},
        {"name": "c",
         "rating": 3,
         "rating": 4}
      ]
      """,
      #"the key "rating" appears twice in the object at [2] (lines 5 and 6); "#
        + "JSON readers keep only one of the values, so remove the other")
  }

  func testEscapedSpellingsOfOneKeyAreTheSameKey() {
    assertDuplicate(
      #"{"a": 1, "\u0061": 2}"#,
      #"the key "a" appears twice in the top-level object (lines 1 and 1); "#
        + "JSON readers keep only one of the values, so remove the other")
    assertDuplicate(
      #"{"x": {"t\"😀": 1, "\u0074\"\ud83d\ude00": 2}}"#,
      #"the key "t\"😀" appears twice in the object at .x (lines 1 and 1); "#
        + "JSON readers keep only one of the values, so remove the other")
  }

  func testTheSameKeyInDifferentObjectsOrAsAValueIsFine() throws {
    let json = #"[{"a": "a", "b": {"a": ["a", {"a": 1}]}}, {"a": "b:", "[": "{"}]"#
    let (plist, format) = try PropertyListDecoding.decode(Data(json.utf8))
    XCTAssertEqual(format, .json)
    XCTAssertEqual(
      plist, [["a": "a", "b": ["a": ["a", ["a": 1]]]], ["a": "b:", "[": "{"]])
  }

  func testImportRefusesTheFileAndInsertsNothing() throws {
    let folder = try makeTemporaryFolder("bowq-dup")
    try Data("[{\"name\": \"a\"},\n {\"name\": \"b\", \"name\": \"c\"}]".utf8).write(
      to: folder.appendingPathComponent("ties.json"))
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    interpreter.baseDirectory = folder.path
    _ = try interpreter.run("entity T { name: String }")
    XCTAssertThrowsError(try interpreter.run("import \"ties.json\" into T")) {
      XCTAssertEqual(
        ($0 as? EvaluationError)?.message,
        #"ties.json is not a readable property list: line 2, column 16: the key "name" appears "#
          + "twice in the object at [1]; JSON readers keep only one of the values, so remove the "
          + "other")
    }
    XCTAssertEqual(try interpreter.run("count T").last, .count(entity: "T", 0))
  }
}
