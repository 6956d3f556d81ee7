import Foundation
import XCTest

/// `bowq --store App.sqlite` through the binary, on stores written by Core Data; answers
/// checked against sqlite3 on the raw tables.
final class CoreDataStoreCommandTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  /// A copy of a Core Data fixture beside the package in this test's home, or a skip.
  private func fixture(_ relativePath: String) throws -> URL {
    try Bowq.coreDataFixture(relativePath, in: home)
  }

  /// An edit and a `save` of a copy of the Books fixture without `--write-core-data`, which
  /// fail: the copy, its bytes before and the run.
  private func saveBooksWithoutTheOption() throws -> (store: URL, before: Data, run: Bowq.Result) {
    let store = try fixture("Books/Books.sqlite")
    let before = try Data(contentsOf: store)
    let saved = try Bowq.run(
      ["--store", store.path, "-c", "update Feedback set rating = 5", "-c", "save"], home: home)
    XCTAssertEqual(saved.status, 1)
    return (store, before, saved)
  }

  /// Runs sqlite3 on `path`, or skips when it is not installed.
  private func sqlite3(_ sql: String, _ path: URL) throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else {
      throw XCTSkip("sqlite3 is not installed")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path.path, sql]
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
  }

  func testBooksStoreAnswersAsItsTablesDo() throws {
    let store = try fixture("Books/Books.sqlite")
    let result = try Bowq.run(
      [
        "--store", store.path, "-c", "count Book", "-c", "count GraphicNovel",
        "-c", "count Page where isBookmarked == YES",
        "-c", "count Page where book.title contains 'graphic' and number < 10",
        "-c", "fetch Book select title where price > 5",
      ], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    // select count(*) from ZBOOK: 3 (a fetch of Book includes its sub-entity GraphicNovel);
    // select count(*) from ZBOOK where Z_ENT = 2: 1
    // select count(*) from ZPAGE where ZISBOOKMARKED = 1: 100
    // select count(*) from ZPAGE where ZBOOK = 3 and Z1_BOOK = 2 and ZNUMBER < 10: 9
    // select ZTITLE from ZBOOK where Z_ENT = 1 and ZPRICE > 5: title 1 - author 1
    XCTAssertEqual(
      result.stdout, "3\n1\n100\n9\ntitle\n------------------\ntitle 1 - author 1\n")
  }

  /// `.schema` of a store written by Core Data: its hierarchy, relationships with their
  /// inverses, delete rules and counts, and the optionality, uniqueness, defaults and length
  /// rules of its model cache — text that defines the same model again.
  func testBooksStoreSchemaShowsItsModelAndReadsBack() throws {
    let store = try fixture("Books/Books.sqlite")
    let shown = try Bowq.run(["--store", store.path, "-c", ".schema"], home: home)
    XCTAssertEqual(shown.status, 0, shown.stderr)
    XCTAssertEqual(
      shown.stdout,
      """
      abstract entity Writer {
        age: Int16
      }
      entity Author : Writer {
        alias: String unique
        books: [Book] inverse author delete cascade
      }
      entity Book {
        frontCover: Transformable(CoverTransformer)
        pagesCount: Int64?
        price: Decimal
        publishedAt: Date
        title: String minLength 3 maxLength 50
        uniqueID: UUID unique
        author: Author inverse books
        pages: [Page] inverse book delete cascade min 1 max 10000
      }
      entity Feedback {
        authorAlias: String
        bookID: UUID
        comment: String?
        rating: Double
      }
      entity GraphicNovel : Book {
        isBlackAndWhite: Bool default NO
      }
      entity Page {
        content: Transformable(ContentTransformer)
        isBookmarked: Bool default NO
        number: Int32
        book: Book inverse pages
      }

      """)
    let again = try Bowq.run(["--memory", "-c", shown.stdout, "-c", ".schema"], home: home)
    XCTAssertEqual(again.status, 0, again.stderr)
    XCTAssertEqual(again.stdout, shown.stdout)
  }

  /// The properties Books.sqlite's model requires stay required: a new feedback with only
  /// its optional comment fails `validate` with Core Data's 1570 for each of the others.
  func testBooksStoreValidatesItsRequiredAttributes() throws {
    let store = try fixture("Books/Books.sqlite")
    let result = try Bowq.run(
      ["--store", store.path, "-c", "insert Feedback comment = \"great\"", "-c", "validate"],
      home: home)
    XCTAssertEqual(result.status, 1)
    for key in ["authorAlias", "bookID", "rating"] {
      XCTAssertTrue(
        result.stderr.contains(
          "\"great\": \(key) is a required value. (value nil, the attribute is required; "
            + "Core Data error 1570"), result.stderr)
    }
    XCTAssertFalse(result.stderr.contains("comment is a required"), result.stderr)
  }

  /// A Core Data store's objects are named as any store's are, as `why`, `show` and
  /// `changes` name them: `GraphicNovel/p3`, not its 70-character URI (issue 26, item 4).
  func testObjectsAreNamedAsEverywhere() throws {
    let store = try fixture("Books/Books.sqlite")
    let result = try Bowq.run(
      ["--store", store.path, "--json", "-c", "fetch Page where number == 19"], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    // select Z_PK, ZBOOK, Z1_BOOK from ZPAGE where ZNUMBER = 19: 1|3|2 (GraphicNovel 3)
    XCTAssertTrue(
      result.stdout.hasPrefix("[\n  {\"object\":\"Page/p1\",\"content\":"), result.stdout)
    XCTAssertTrue(result.stdout.contains("\"book\":\"GraphicNovel/p3\""), result.stdout)
    XCTAssertFalse(result.stdout.contains("x-coredata"), result.stdout)
  }

  func testShowAndWhyTakeCoreDataURIs() throws {
    let store = try fixture("Books/Books.sqlite")
    let uri = "x-coredata://4B0F5331-DE87-4D61-9947-8A976CCEB627/GraphicNovel/p3"
    for reference in [uri, "\"\(uri)\""] {
      let result = try Bowq.run(
        [
          "--store", store.path, "-c", "show \(reference)", "-c",
          "why \(reference) where title CONTAINS \"novel\"",
        ], home: home)
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertTrue(result.stdout.contains("title graphic novel - author 1"), result.stdout)
      XCTAssertTrue(
        result.stdout.contains("GraphicNovel/p3 matches title CONTAINS \"novel\""), result.stdout)
    }
    let other = try Bowq.run(
      ["--store", store.path, "-c", "show x-coredata://0000/Book/p1"], home: home)
    XCTAssertEqual(other.status, 1)
    XCTAssertTrue(
      other.stderr.contains(
        "that object is of the Core Data store 0000; the store open is "
          + "4B0F5331-DE87-4D61-9947-8A976CCEB627"), other.stderr)
  }

  func testSavingIsRefusedExportWorksAndTheFileStaysAsItWas() throws {
    let (store, before, saved) = try saveBooksWithoutTheOption()
    XCTAssertTrue(
      saved.stderr.contains(
        "this Core Data store was opened without --write-core-data, so save does not write "
          + "into it: run bowq with --write-core-data"),
      saved.stderr)
    let exported = try Bowq.run(
      ["--store", store.path, "-c", "export Feedback where rating > 4 to \"good.json\""],
      home: home, directory: home)
    XCTAssertEqual(exported.status, 0, exported.stderr)
    let json = try Data(contentsOf: home.appendingPathComponent("good.json"))
    let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
    // select ZCOMMENT from ZFEEDBACK where ZRATING > 4: great book, great novel
    XCTAssertEqual(rows.compactMap { $0["comment"] as? String }, ["great book", "great novel"])
    XCTAssertEqual(try Data(contentsOf: store), before)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
        $0.hasPrefix("Books")
      }, ["Books.sqlite"])
  }

  func testAnOlderStoreOpensWithTheAppsModel() throws {
    let store = try fixture("BookMigration/Model1.sqlite")
    let model = try fixture("BookMigration/Model.xcdatamodeld")
    let result = try Bowq.run(
      [
        "--store", store.path, "--model", model.path, "-c", "count Book where user.userId == 1",
        "-c", "fetch Book select title where authorName == 'Franz Kafka' sort by title",
      ], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    // select count(*) from ZBOOK b join ZUSER u on b.ZUSER = u.Z_PK where u.ZUSERID = 1: 4
    // select ZTITLE from ZBOOK where ZAUTHORNAME = 'Franz Kafka' order by ZTITLE
    XCTAssertEqual(result.stdout, "4\ntitle\n-------------\nMetamorphosis\nThe Trial\n")
    XCTAssertEqual(result.stderr, "")
  }

  func testWithoutAModelTheEntitiesAreGuessedAndItSaysSo() throws {
    let store = try fixture("BookMigration/Model1.sqlite")
    let result = try Bowq.run(
      ["--store", store.path, "-c", "count Book where authorname == 'Franz Kafka'"], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "2\n")
    XCTAssertTrue(
      result.stderr.hasPrefix(
        "bowq: warning: the store has no model (no Z_MODELCACHE table) and none was given with "
          + "--model: the entities were guessed from its tables."), result.stderr)
  }

  func testASQLiteFileThatIsNotCoreDataSaysSo() throws {
    let plain = home.appendingPathComponent("plain.sqlite")
    try sqlite3("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)", plain)
    let result = try Bowq.run(["--store", plain.path, "-c", "count Note"], home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.stderr.contains(
        "is a SQLite database but not a Core Data store: it has no Z_PRIMARYKEY or Z_METADATA table"
      ),
      result.stderr)
    XCTAssertFalse(result.stderr.contains("byte 0"))
  }

  func testDamagedStoresEndInAClearError() throws {
    let cases: [(sql: String, message: String)] = [
      (
        "UPDATE Z_MODELCACHE SET Z_CONTENT = X'DEADBEEF'",
        "Z_MODELCACHE.Z_CONTENT is not an archived model"
      ),
      ("DROP TABLE ZFEEDBACK", "the store has no table ZFEEDBACK for the entity Feedback"),
    ]
    for (sql, message) in cases {
      let store = try fixture("Books/Books.sqlite")
      try sqlite3(sql, store)
      let result = try Bowq.run(["--store", store.path, "-c", "count Book"], home: home)
      XCTAssertEqual(result.status, 1, sql)
      XCTAssertTrue(
        result.stderr.hasPrefix("bowq: cannot open the Core Data store: "), result.stderr)
      XCTAssertTrue(result.stderr.contains(message), result.stderr)
      try FileManager.default.removeItem(at: store)
    }
  }

  /// A cell of the wrong type is found by the first statement that reads it (opening reads
  /// no row), in SQLite or in memory alike.
  func testACellOfTheWrongTypeEndsTheStatementThatReadsItInAClearError() throws {
    let message =
      "ZPAGE.ZNUMBER of Z_PK 1 holds text, which the Integer 32 attribute number cannot hold"
    for statement in ["fetch Page", "show Page where number > 0"] {
      let store = try fixture("Books/Books.sqlite")
      try sqlite3("UPDATE ZPAGE SET ZNUMBER = 'nineteen' WHERE Z_PK = 1", store)
      let result = try Bowq.run(["--store", store.path, "-c", statement], home: home)
      XCTAssertEqual(result.status, 1, statement)
      XCTAssertTrue(result.stderr.contains(message), result.stderr)
      XCTAssertTrue(
        result.stderr.contains("the file was left untouched") || statement == "fetch Page",
        result.stderr)
      try FileManager.default.removeItem(at: store)
    }
  }

  func testThePromptNamesTheStoreAndWhatItsReadingLeftOut() throws {
    let store = try fixture("Books/Books.sqlite")
    let terminal = try startShell(["--store", store.path], home: home)
    let screen = try terminal.screen().replacingOccurrences(of: "\n", with: "")
    XCTAssertTrue(screen.contains("(a Core Data SQLite store, read-only)"), screen)
    XCTAssertTrue(
      screen.contains(
        "note: Author.feedbacks: fetched property left out; run it as a fetch statement"),
      screen)
    try terminal.enter("count Book")
    try terminal.waitFor("3")
  }

  func testAModelFlagWithABowqStoreIsRefused() throws {
    let result = try Bowq.run(
      [
        "--store", home.appendingPathComponent("ties.bowq").path, "--model", "x.mom", "-c",
        "count BowTie",
      ],
      home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("is not a SQLite database"), result.stderr)
  }

  /// README's "Open an app's Core Data store" example, run as written on a copy of the
  /// fixture: each `$ bowq …` line prints the lines under it.
  func testTheReadmeExamplePrintsWhatItShows() throws {
    let store = try fixture("Books/Books.sqlite")
    let readme = try String(
      contentsOf: Bowq.root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try XCTUnwrap(
      readme.components(separatedBy: "## Open an app's Core Data store\n").dropFirst().first?
        .components(separatedBy: "\n## ").first)
    let lines = section.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { $0.hasPrefix("    ") }.map { String($0.dropFirst(4)) }
    var commands: [(line: String, output: [String])] = []
    for line in lines {
      if line.hasPrefix("$ ") {
        commands.append((String(line.dropFirst(2)), []))
      } else if !commands.isEmpty {
        commands[commands.count - 1].output.append(line)
      }
    }
    let runs = commands.filter { $0.line.hasPrefix("bowq ") }
    XCTAssertEqual(runs.count, 4)
    for (line, output) in runs {
      let command = line.replacingOccurrences(of: "/tmp/Books.sqlite", with: store.path)
        .replacingOccurrences(of: "bowq ", with: Bowq.binary.path + " ", options: .anchored)
      let result = try Bowq.run(
        ["-c", command], home: home, executable: URL(fileURLWithPath: "/bin/sh"))
      XCTAssertEqual(result.status, 0, result.stderr)
      XCTAssertEqual(result.stdout, output.map { $0 + "\n" }.joined(), line)
    }
  }

  /// README's example of writing back, run as written on a copy of the fixture: each
  /// `$ bowq …` command (its lines joined) prints the lines under it.
  func testTheReadmeWritingExamplePrintsWhatItShows() throws {
    let store = try fixture("Books/Books.sqlite")
    let readme = try String(
      contentsOf: Bowq.root.appendingPathComponent("README.md"), encoding: .utf8)
    let block = try XCTUnwrap(
      readme.components(separatedBy: "### Writing changes back\n").dropFirst().first?
        .components(separatedBy: "```\n").dropFirst().first)
    var commands: [(line: String, output: [String])] = []
    var continues = false
    for line in block.split(separator: "\n").map(String.init) {
      if continues, !commands.isEmpty {
        commands[commands.count - 1].line += " " + line.trimmingCharacters(in: .whitespaces)
      } else if line.hasPrefix("$ ") {
        commands.append((String(line.dropFirst(2)), []))
      } else if !commands.isEmpty {
        commands[commands.count - 1].output.append(line)
      }
      continues = line.hasSuffix("\\")
    }
    let runs = commands.filter { $0.line.hasPrefix("bowq ") }
    XCTAssertEqual(runs.count, 2)
    for (line, output) in runs {
      let command = line.replacingOccurrences(of: "\\ ", with: "")
        .replacingOccurrences(of: "/tmp/Library.sqlite", with: store.path)
        .replacingOccurrences(of: "bowq ", with: Bowq.binary.path + " ", options: .anchored)
      let result = try Bowq.run(
        ["-c", command], home: home, mergingOutput: true,
        executable: URL(fileURLWithPath: "/bin/sh"))
      XCTAssertEqual(result.status, 0, result.output)
      XCTAssertEqual(result.output, output.map { $0 + "\n" }.joined(), line)
    }
  }

  func testWriteCoreDataSavesAndBowqReopensTheChanges() throws {
    let store = try fixture("Books/Books.sqlite")
    let saved = try Bowq.run(
      [
        "--store", store.path, "--write-core-data", "-c",
        "update Feedback where comment == 'great novel' set rating = 2.5", "-c",
        "insert Author alias = 'Anonymous', age = 40", "-c", "save",
      ], home: home)
    XCTAssertEqual(saved.status, 0, saved.stderr)
    XCTAssertTrue(saved.stderr.contains("Saved 2 changes."), saved.stderr)
    let reopened = try Bowq.run(
      [
        "--store", store.path, "-c", "count Feedback where rating == 2.5", "-c",
        "fetch Author select alias, age where alias == 'Anonymous'",
      ], home: home)
    XCTAssertEqual(reopened.status, 0, reopened.stderr)
    XCTAssertTrue(reopened.stdout.hasPrefix("1\n"), reopened.stdout)
    XCTAssertTrue(reopened.stdout.contains("Anonymous"), reopened.stdout)
    // select Z_PK, Z_ENT, Z_OPT from ZWRITER where ZALIAS = 'Anonymous': 2|6|1, past the
    // Z_MAX 1 its root Writer (Z_ENT 5) kept, which is now 2
    // (abs of the smallest integer is SQLite's error, which fails the check)
    try sqlite3(
      "select case when (select count(*) from ZWRITER where ZALIAS = 'Anonymous' and Z_PK = 2 "
        + "and Z_ENT = 6 and Z_OPT = 1) = 1 and (select Z_MAX from Z_PRIMARYKEY where Z_ENT = 5) "
        + "= 2 then 1 else abs(-9223372036854775808) end", store)
  }

  func testSavingWithoutTheOptionNamesItAndLeavesTheFileAndItsCompanions() throws {
    let (store, before, saved) = try saveBooksWithoutTheOption()
    XCTAssertTrue(saved.stderr.contains("run bowq with --write-core-data"), saved.stderr)
    XCTAssertEqual(try Data(contentsOf: store), before)
    for companion in ["-wal", "-shm", "-journal"] {
      XCTAssertFalse(FileManager.default.fileExists(atPath: store.path + companion), companion)
    }
  }

  func testChangesLeftUnsavedWithTheOptionAreNamedAsLost() throws {
    let store = try fixture("Books/Books.sqlite")
    let before = try Data(contentsOf: store)
    let result = try Bowq.run(
      ["--store", store.path, "--write-core-data", "-c", "update Feedback set rating = 5"],
      home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stderr.contains("3 unsaved changes were discarded"), result.stderr)
    XCTAssertEqual(try Data(contentsOf: store), before)
  }

  func testWithoutTheOptionTheFirstEditSaysSoOnceAndLeftEditsNameExport() throws {
    let store = try fixture("Books/Books.sqlite")
    let result = try Bowq.run(
      [
        "--store", store.path, "-c", "update Feedback set rating = 5", "-c",
        "update Feedback set rating = 4",
      ], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    let note =
      "note: this store was opened without --write-core-data: edits stay in this session; "
      + "`export` keeps them, or reopen with --write-core-data to save"
    XCTAssertEqual(result.stderr.components(separatedBy: note).count, 2, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "bowq: 3 unsaved changes were discarded: end the statements with `export` to keep them"),
      result.stderr)

    let terminal = try startShell(["--store", store.path], home: home)
    try terminal.enter("update Feedback set rating = 5")
    try terminal.waitFor("Updated 3 Feedback objects.")
    try terminal.waitFor("edits stay in this session", joined: true)
    try terminal.pressAtPrompt("C-d")
    try terminal.waitFor("3 unsaved changes — `export` to keep them, or Ctrl-D again to discard")
    try terminal.pressAtPrompt("C-d")
    try terminal.waitFor("[EXIT=0]")
  }

  func testWriteCoreDataOnABowqStoreIsRefused() throws {
    let result = try Bowq.run(
      [
        "--store", home.appendingPathComponent("ties.bowq").path, "--write-core-data", "-c", "save",
      ],
      home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("is not a SQLite database"), result.stderr)
  }
}
