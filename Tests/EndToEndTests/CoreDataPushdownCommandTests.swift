import Foundation
import XCTest

/// Counts and fetches of a Core Data store through the binary run in SQLite where they can,
/// answer as in memory, and `explain` says which part ran where; a statement that needs the
/// whole graph reads the store first; the file is never changed.
final class CoreDataPushdownCommandTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  /// A copy of the Books fixture in this test's home, or a skip.
  private func books() throws -> URL {
    try Bowq.coreDataFixture("Books/Books.sqlite", in: home)
  }

  /// Statements that run in SQLite, each printing what it prints after `changes`, which
  /// reads the whole store into memory first.
  private static let statements = [
    "count Page where number > 3",
    "count Page where book.title CONTAINS[c] 'GRAPHIC' AND number < 10",
    "fetch Page where number < 3 sort by number desc limit 2",
    "fetch Book where pages.@count > 20 sort by title",
    "fetch Book where ANY pages.isBookmarked == NO",
    "fetch Feedback where rating >= 4 sort by comment desc limit 1 offset 1",
    "fetch Book where title.length > 15",
  ]

  func testPushedStatementsPrintWhatTheyPrintInMemory() throws {
    let store = try books()
    for statement in Self.statements {
      let pushed = try Bowq.run(["--store", store.path, "-c", statement], home: home)
      let memory = try Bowq.run(
        ["--store", store.path, "-c", "changes", "-c", statement], home: home)
      XCTAssertEqual(pushed.status, 0, pushed.stderr)
      XCTAssertEqual(memory.status, 0, memory.stderr)
      XCTAssertFalse(pushed.stdout.isEmpty, statement)
      XCTAssertTrue(memory.stdout.hasSuffix(pushed.stdout), "\(statement)\n\(memory.stdout)")
    }
  }

  func testExplainShowsTheSQLAndWhatStaysInMemory() throws {
    let store = try books()
    let counted = try Bowq.run(
      ["--store", store.path, "-c", "explain count Page where number > 3"], home: home)
    XCTAssertEqual(counted.status, 0, counted.stderr)
    XCTAssertTrue(
      counted.stdout.hasPrefix(
        #"""
        run in SQLite: SELECT COUNT(*) FROM "ZPAGE" t0 WHERE t0."ZNUMBER" > ?
          with ? = 3

        """#), counted.stdout)
    let mixed = try Bowq.run(
      [
        "--store", store.path, "-c",
        "explain fetch Book where pagesCount > 1 AND title.length > 3 sort by title limit 1",
      ], home: home)
    XCTAssertEqual(mixed.status, 0, mixed.stderr)
    let lines = mixed.stdout.split(separator: "\n").map(String.init)
    XCTAssertTrue(lines[0].hasPrefix("run in SQLite: SELECT t0.Z_PK, t0.Z_ENT"), lines[0])
    XCTAssertTrue(
      lines[0].hasSuffix(
        #"FROM "ZBOOK" t0 WHERE t0."ZPAGESCOUNT" > ? ORDER BY t0."ZTITLE" COLLATE BOWQ, "#
          + "CASE t0.Z_ENT WHEN 1 THEN 0 WHEN 2 THEN 1 END, t0.Z_PK"), lines[0])
    XCTAssertEqual(
      Array(lines[1...4]),
      [
        "  with ? = 1",
        "filter in memory, over the rows SQLite returns: title.length > 3",
        "  not pushed: title.length > 3: it compares something other than a stored property or "
          + "@count",
        "apply the limit and offset in memory",
      ])
  }

  func testExplainAnalyzeRunsTheStatementInSQLiteAndTimesIt() throws {
    let store = try books()
    let result = try Bowq.run(
      ["--store", store.path, "-c", "explain analyze count Page where number > 3"], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(
      lines.first, #"run in SQLite: SELECT COUNT(*) FROM "ZPAGE" t0 WHERE t0."ZNUMBER" > ?"#)
    // select count(*) from ZPAGE where ZNUMBER > 3: 112
    XCTAssertTrue(lines.last?.hasPrefix("→ 112 in ") == true, result.stdout)
    XCTAssertTrue(lines.last?.hasSuffix(" ms") == true, result.stdout)
  }

  func testAStatementThatNeedsTheWholeGraphReadsTheStoreFirst() throws {
    let store = try books()
    let result = try Bowq.run(
      [
        "--store", store.path, "-c",
        "explain fetch Book where SUBQUERY(pages, $p, $p.number > 3).@count > 1", "-c",
        "count Book where SUBQUERY(pages, $p, $p.number > 3).@count > 1", "-c",
        "explain count Book",
      ], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(
      result.stdout.hasPrefix("read every row of the Core Data store into memory ("),
      result.stdout)
    XCTAssertTrue(result.stdout.contains("\nscan at most 3 Book objects (Book, GraphicNovel)\n"))
    // select count(*) from ZBOOK where (select count(*) from ZPAGE where ZBOOK = ZBOOK.Z_PK
    //   and ZNUMBER > 3) > 1: 2
    XCTAssertTrue(result.stdout.contains("\n2\n"), result.stdout)
    XCTAssertFalse(result.stdout.contains("run in SQLite"), result.stdout)
  }

  func testTheStoreAndItsCompanionsAreLeftAsTheyWere() throws {
    let store = try books()
    let before = try Data(contentsOf: store)
    let result = try Bowq.run(
      ["--store", store.path, "-c", "count Page where number > 3; fetch Book sort by title"],
      home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(try Data(contentsOf: store), before)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
        $0.hasPrefix("Books")
      }, ["Books.sqlite"])
  }

  /// The first cell sqlite3 answers `sql` with on `path`, or a skip without sqlite3.
  private func sqlite3Count(_ sql: String, _ path: URL) throws -> Int {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else {
      throw XCTSkip("sqlite3 is not installed")
    }
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = ["-readonly", path.path, sql]
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return try XCTUnwrap(Int(text), "sqlite3 answered \(text.debugDescription) to \(sql)")
  }

  func testTablesCountsTheObjectsWithoutReadingThemAndNamesThoseOfSubEntities() throws {
    let store = try books()
    // Each entity's own rows, by its Z_ENT in its root's table, as sqlite3 counts them.
    func own(_ table: String, _ entity: String) throws -> Int {
      try sqlite3Count(
        "SELECT COUNT(*) FROM \(table) WHERE Z_ENT = "
          + "(SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = '\(entity)')", store)
    }
    let (books, novels) = (try own("ZBOOK", "Book"), try own("ZBOOK", "GraphicNovel"))
    let (writers, authors) = (try own("ZWRITER", "Writer"), try own("ZWRITER", "Author"))
    let feedback = try own("ZFEEDBACK", "Feedback")
    let pages = try own("ZPAGE", "Page")
    XCTAssertEqual([books, novels, writers, authors, pages], [2, 1, 0, 1, 119])
    func objects(_ n: Int) -> String { n == 1 ? "1 object" : "\(n) objects" }
    let tables =
      "Author        \(objects(authors))\n"
      + "Book          \(objects(books)) (+\(novels) GraphicNovel)\n"
      + "Feedback      \(objects(feedback))\n"
      + "GraphicNovel  \(objects(novels))\n"
      + "Page          \(objects(pages))\n"
      + "Writer        \(objects(writers)) (+\(authors) Author)\n"

    let result = try Bowq.run(
      [
        "--store", store.path, "-c", ".tables", "-c", "count Book",
        "-c", "update Feedback set rating = 5", "-c", ".tables",
      ], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    // In SQLite, then once the edit has read every row into memory: the same counts, and
    // `count` includes the sub-entity's objects, as Core Data's fetch does.
    XCTAssertEqual(result.stdout, tables + "\(books + novels)\n" + tables)
  }
}
