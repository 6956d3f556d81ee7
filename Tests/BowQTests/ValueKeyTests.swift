import Foundation
import XCTest

@testable import BowQ

/// The keys KVC answers on values (NSString's `doubleValue`, NSNumber's `stringValue`, …),
/// in statements, against plain values and on a Core Data store.
final class ValueKeyTests: XCTestCase {
  func testStringsReadTheNumberTheyBeginWithAsNSStringDoes() {
    XCTAssertEqual(ValueKey.leadingReal(" 3.9 kg"), 3.9)
    XCTAssertEqual(ValueKey.leadingReal("-1e3x"), -1000)
    XCTAssertEqual(ValueKey.leadingReal("1e"), 1)
    XCTAssertEqual(ValueKey.leadingReal(".5"), 0.5)
    XCTAssertEqual(ValueKey.leadingReal("."), 0)
    XCTAssertEqual(ValueKey.leadingReal("abc"), 0)
    let int32 = Int64(Int32.min)...Int64(Int32.max)
    XCTAssertEqual(ValueKey.leadingInteger("3.9", in: int32), 3)
    XCTAssertEqual(ValueKey.leadingInteger("  -42abc", in: int32), -42)
    XCTAssertEqual(ValueKey.leadingInteger("99999999999", in: int32), Int64(Int32.max))
    XCTAssertEqual(
      ValueKey.leadingInteger("-99999999999999999999", in: Int64.min...Int64.max), Int64.min)
    XCTAssertEqual(ValueKey.leadingInteger("", in: int32), 0)
    for truth in ["Yes", "  0001", "-5", "t", "T…"] {
      XCTAssertTrue(ValueKey.leadingTruth(truth), truth)
    }
    for falsity in ["0", "no", "", "  ", "+0", "false"] {
      XCTAssertFalse(ValueKey.leadingTruth(falsity), falsity)
    }
  }

  func testStatementsReadValueKeys() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Reading { height: String, rating: Double, at: Date }
      insert Reading height = "6.5 ft", rating = 3.5, at = CAST(0, "NSDate")
      insert Reading height = "flat", rating = 5, at = CAST(86400, "NSDate")
      """)
    let cases: [(String, Int)] = [
      ("height.doubleValue > 5", 1),
      ("height.intValue == 6", 1),
      ("height.uppercaseString == 'FLAT'", 1),
      ("height.length == 4", 1),
      ("rating.stringValue == '3.5'", 1),
      ("rating.stringValue == '5'", 1),
      ("rating.intValue == 3", 1),
      ("at.timeIntervalSinceReferenceDate > 0", 1),
      ("at.timeIntervalSince1970 == 978307200", 1),
    ]
    for (predicate, expected) in cases {
      XCTAssertEqual(
        try interpreter.run("count Reading where \(predicate)"),
        [.count(entity: "Reading", expected)], predicate)
    }
    XCTAssertThrowsError(try interpreter.run("count Reading where rating.intVal > 1")) {
      XCTAssertTrue("\($0)".contains("Did you mean \"intValue\"?"), "\($0)")
    }
  }

  func testPlainValuesAnswerValueKeys() throws {
    let predicate = try FormatPredicate(format: "height.doubleValue > %d", 5)
    XCTAssertTrue(try predicate.evaluate(with: ["height": "6.5"]))
    XCTAssertFalse(try predicate.evaluate(with: ["height": "4"]))
    XCTAssertTrue(
      try FormatPredicate(format: "count.stringValue == '12'").evaluate(with: ["count": 12]))
  }

  func testACoreDataStoreAnswersAsSQLiteReadingTheText() throws {
    let path = try copyCoreDataFixture("SurfJournal/SurfJournalModel.sqlite").path
    try FileManager.default.copyItem(
      at: CoreDataFixtures.folder.appendingPathComponent("SurfJournal/SurfJournalModel.sqlite-wal"),
      to: URL(fileURLWithPath: path + "-wal"))
    let interpreter = Interpreter.coreData(try CoreDataStoreFile.open(path: path), at: path)
    let rows = try SQLiteConnection(readingOnly: path).rows(
      "SELECT count(*) FROM ZJOURNALENTRY WHERE CAST(ZHEIGHT AS REAL) > 5")
    guard case .integer(let expected)? = rows.first?.first else { return XCTFail("\(rows)") }
    XCTAssertEqual(
      try interpreter.run("count JournalEntry where height.doubleValue > 5"),
      [.count(entity: "JournalEntry", Int(expected))])
  }
}
