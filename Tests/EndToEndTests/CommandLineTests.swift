import Foundation
import XCTest

/// DESIGN's command-line contract, through the real binary.
final class CommandLineTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  var defaultStore: URL { home.appendingPathComponent("data/bowq/default.plist") }

  func testHelpShowsUsageAndTheDefaultStoreLocation() throws {
    let result = try Bowq.run(["--help"], home: home)
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.contains("--store"))
    XCTAssertTrue(result.stdout.contains(defaultStore.path), result.stdout)
    XCTAssertEqual(result.stderr, "")
  }

  func testVersion() throws {
    let result = try Bowq.run(["--version"], home: home)
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.hasPrefix("bowq "), result.stdout)
  }

  func testABadCommandLineExitsWithStatus2() throws {
    for arguments in [
      ["--frobnicate"], ["--store"], ["--store", "a", "--memory"],
      ["--format", "xml", "-c", "count BowTie"],
    ] {
      let result = try Bowq.run(arguments, home: home)
      XCTAssertEqual(result.status, 2, "\(arguments)")
      XCTAssertTrue(result.stderr.contains("Try 'bowq --help'"), result.stderr)
      XCTAssertEqual(result.stdout, "")
    }
  }

  func testAStatementThatIsNotUTF8IsRefusedNotRunWithAReplacementCharacter() throws {
    let result = try Bowq.run(
      ["-c", #"exec bowq --memory --sample -c "$(printf 'count BowTie where name == "\377"')""#],
      home: home, executable: URL(fileURLWithPath: "/bin/sh"))
    XCTAssertEqual(result.status, 2, result.stderr)
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(
      result.stderr.hasPrefix("bowq: argument 4 is not UTF-8: byte 0xFF at column 29 of "),
      result.stderr)
  }

  func testTheDefaultStoreIsSeededOnceFromTheSampleData() throws {
    let first = try Bowq.run(["-c", "count BowTie"], home: home)
    XCTAssertEqual(first.status, 0, first.stderr)
    XCTAssertEqual(first.stdout, "7\n")
    XCTAssertTrue(FileManager.default.fileExists(atPath: defaultStore.path))
    let second = try Bowq.run(["-c", "count BowTie"], home: home)
    XCTAssertEqual(second.stdout, "7\n", "opening again must not seed again")
    let keys = try Bowq.run(
      ["-c", "fetch BowTie sort by searchKey", "--format", "csv"], home: home)
    XCTAssertEqual(
      keys.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[2] },
      ["B", "G", "I", "O", "R", "V", "Y"])
  }

  func testASessionSetsTheSelectionAndSaveMakesItLast() throws {
    let edit = try Bowq.run(
      ["-c", "fetch BowTie where searchKey == \"R\"; set rating = 4; save"], home: home)
    XCTAssertEqual(edit.status, 0, edit.stderr)
    XCTAssertTrue(edit.stderr.contains("Updated 1 BowTie."), edit.stderr)
    let reopened = try Bowq.run(
      ["-c", "fetch BowTie where searchKey == \"R\"", "--format", "json"], home: home)
    let objects = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(reopened.stdout.utf8)) as? [[String: Any]])
    XCTAssertEqual(objects.count, 1)
    XCTAssertEqual(objects[0]["rating"] as? Double, 4)
  }

  func testAFailedSaveWritesNothingAndNamesEverything() throws {
    _ = try Bowq.run(["-c", "count BowTie"], home: home)
    let before = try Data(contentsOf: defaultStore)
    let result = try Bowq.run(
      ["-c", "fetch BowTie where searchKey == \"R\"\nset rating = 7\nsave"], home: home)
    XCTAssertEqual(result.status, 1)
    for fragment in [
      "save failed", "nothing was written", "Red Bow Tie", "rating is too large", "value 7",
      "maximum 5", "1610", "NSValidationNumberTooLargeError", "-c:3:1",
    ] {
      XCTAssertTrue(result.stderr.contains(fragment), "missing \(fragment) in:\n\(result.stderr)")
    }
    XCTAssertEqual(
      try Data(contentsOf: defaultStore), before, "a failed save must not touch the file")
  }

  func testTheChangeStaysPendingAfterAFailedSaveUntilRollback() throws {
    let result = try Bowq.run(
      [
        "--keep-going", "-c",
        "fetch BowTie where searchKey == \"R\"\nset rating = 7\nsave\nchanges\nrollback\nchanges",
      ],
      home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stdout.components(separatedBy: "\n").filter {
        $0.hasPrefix("~") || $0.hasPrefix("(no")
      },
      ["~ BowTie/p1: rating 3.5 → 7", "(no pending changes)"])
  }

  func testErrorsSayWhichOfSeveralDashCTheyAreIn() throws {
    let later = try Bowq.run(
      ["-c", "count BowTie", "-c", "count BowTie\nfetch Bow where"], home: home)
    XCTAssertEqual(later.status, 1)
    XCTAssertEqual(
      later.stderr,
      "-c#2:2:16: error: expected a value or key path, found end of input\n"
        + "  fetch Bow where\n                 ^\n")
    let first = try Bowq.run(["-c", "fetch BowTei", "-c", "count BowTie"], home: home)
    XCTAssertEqual(first.status, 1)
    XCTAssertTrue(
      first.stderr.hasPrefix("-c#1:1:7: error: unknown entity \"BowTei\""), first.stderr)
    let dotCommand = try Bowq.run(["-c", "count BowTie", "-c", ".timer maybe"], home: home)
    XCTAssertEqual(dotCommand.stderr, "-c#2:1: error: .timer takes on or off\n")
  }

  func testTyposGetLineColumnCaretAndDidYouMean() throws {
    let cases: [(String, String, String)] = [
      (
        "fetch BowTei", "-c:1:7: error: unknown entity \"BowTei\". Did you mean \"BowTie\"?",
        "        ^~~~~~"
      ),
      (
        "fetch BowTie where ratng > 3",
        "-c:1:20: error: unknown attribute \"ratng\" on BowTie. Did you mean \"rating\"?",
        "                     ^~~~~"
      ),
      (
        "fetch BowTie where rating >",
        "-c:1:28: error: expected a value or key path, found end of input",
        "                             ^"
      ),
      (
        "fecth BowTie", "-c:1:1: error: unknown statement \"fecth\". Did you mean \"fetch\"?",
        "  ^~~~~"
      ),
    ]
    for (statement, message, caret) in cases {
      let result = try Bowq.run(["-c", statement], home: home)
      XCTAssertEqual(result.status, 1)
      XCTAssertEqual(result.stderr, message + "\n  " + statement + "\n" + caret + "\n", statement)
    }
  }

  func testStatementsFromAPipeHaveNoPromptAndNoEscapes() throws {
    let result = try Bowq.run(
      ["--memory", "--sample"],
      input: "count BowTie\nfetch BowTie where searchKey IN {\n  \"R\",\n  \"G\"\n} sort by name\n",
      home: home, environment: ["NO_COLOR": "", "TERM": "xterm-256color"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertFalse(result.stdout.contains("bowq>"))
    XCTAssertFalse(result.stdout.contains("\u{1B}"))
    let lines = result.stdout.split(separator: "\n")
    XCTAssertEqual(lines.first, "7")
    XCTAssertTrue(lines[3].hasPrefix("BowTie/p4  Green Bow Tie"), result.stdout)
    XCTAssertTrue(lines[4].hasPrefix("BowTie/p1  Red Bow Tie"), result.stdout)
  }

  func testAPipeStopsAtTheFirstErrorWithStatus1() throws {
    let result = try Bowq.run(
      ["--memory", "--sample"], input: "count BowTie\nfetch Nope\ncount BowTie\n", home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "7\n")
    XCTAssertTrue(
      result.stderr.hasPrefix("<stdin>:2:7: error: unknown entity \"Nope\""), result.stderr)
  }

  /// Output that cannot be written (a full disk) is said once, stops the output, and fails
  /// the run, as for `cat`: neither a crash nor a success with the answer lost.
  func testOutputToAFullDiskIsReportedWithStatus1() throws {
    guard FileManager.default.fileExists(atPath: "/dev/full") else {
      throw XCTSkip("this machine has no /dev/full")
    }
    let sample = Bowq.root.appendingPathComponent("SampleData.plist").path
    for command in [
      "exec bowq --memory --sample -c 'fetch BowTie' -c 'count BowTie' > /dev/full",
      "exec bowq plist '\(sample)' > /dev/full",
    ] {
      let result = try Bowq.run(
        ["-c", command], home: home, executable: URL(fileURLWithPath: "/bin/sh"))
      XCTAssertEqual(result.status, 1, command)
      XCTAssertEqual(
        result.stderr, "bowq: cannot write standard output: No space left on device\n", command)
    }
  }

  func testAScriptRunsAsAShebangExecutable() throws {
    let script = home.appendingPathComponent("wear.bowq")
    try """
    #!/usr/bin/env bowq
    fetch BowTie where searchKey == "G"
    set timesWorn = timesWorn + 1, lastWorn = now()
    save
    .mode json
    fetch BowTie where searchKey == $1
    """.write(to: script, atomically: true, encoding: .utf8)
    chmod(script.path, 0o755)
    let result = try Bowq.run(["G"], home: home, executable: script)
    XCTAssertEqual(result.status, 0, result.stderr)
    let json = result.stdout.components(separatedBy: "\n[").last.map { "[" + $0 } ?? ""
    let objects = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    XCTAssertEqual(objects.first?["timesWorn"] as? Int, 2, "the green tie had been worn once")
    XCTAssertEqual(objects.first?["lastWorn"] as? String, Bowq.now)
  }

  func testJSONHasEveryAttributeInPortableForms() throws {
    let result = try Bowq.run(
      ["--memory", "--sample", "--json", "-c", "fetch BowTie where searchKey == \"R\""], home: home)
    let objects = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let red = try XCTUnwrap(objects.first)
    XCTAssertEqual(
      Set(red.keys),
      [
        "object", "name", "searchKey", "rating", "timesWorn", "lastWorn", "isFavorite", "id",
        "url", "photoData", "tintColor",
      ])
    XCTAssertEqual(red["object"] as? String, "BowTie/p1")
    XCTAssertEqual(red["lastWorn"] as? String, "2024-03-01T09:30:00Z")
    XCTAssertEqual(red["id"] as? String, "6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01")
    XCTAssertEqual(red["isFavorite"] as? Bool, false)
    let png = try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(red["photoData"] as? String)))
    XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let color = try XCTUnwrap(red["tintColor"] as? [String: Int])
    XCTAssertEqual(color, ["red": 255, "green": 0, "blue": 0])
  }

  func testMemoryStoresWriteNothing() throws {
    let result = try Bowq.run(
      ["--memory", "-c", "entity A { x: Int16 }\ninsert A x = 1\nsave"], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: home.appendingPathComponent("data").path))
  }

  func testANamedStoreIsCreatedEmptyAndPersists() throws {
    let store = home.appendingPathComponent("shop.plist")
    let create = try Bowq.run(
      [
        "--store", store.path, "-c",
        "entity Hat { name: String, width: Int16 min 1 }\ninsert Hat name = \"Fez\", width = 3\nsave",
      ], home: home)
    XCTAssertEqual(create.status, 0, create.stderr)
    let read = try Bowq.run(
      ["--store", store.path, "--format", "csv", "-c", "fetch Hat"], home: home)
    XCTAssertEqual(read.stdout, "object,name,width\nHat/p1,Fez,3\n")
  }

  func testSavedStoresAreValidPlistsForPlutilAndPython() throws {
    _ = try Bowq.run(["-c", "count BowTie"], home: home)
    let lint = Process()
    lint.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    lint.arguments = ["plutil", "-lint", defaultStore.path]
    try lint.run()
    lint.waitUntilExit()
    XCTAssertEqual(lint.terminationStatus, 0, "plutil -lint rejects the store")

    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = [
      "python3", "-c",
      "import plistlib,sys; d=plistlib.load(open(sys.argv[1],'rb')); print(d['format'], len(d['entities']['BowTie']['keys']))",
      defaultStore.path,
    ]
    let out = Pipe()
    python.standardOutput = out
    try python.run()
    python.waitUntilExit()
    XCTAssertEqual(python.terminationStatus, 0)
    XCTAssertEqual(
      String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
      "bowq-store 7\n")
  }

  func testADamagedStoreIsReportedAndNeverOverwritten() throws {
    let store = home.appendingPathComponent("broken.plist")
    let garbage = Data("bplist00 this is not a store".utf8)
    try garbage.write(to: store)
    let result = try Bowq.run(["--store", store.path, "-c", "count BowTie"], home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("cannot open the store"), result.stderr)
    XCTAssertTrue(result.stderr.contains(store.path), result.stderr)
    XCTAssertEqual(try Data(contentsOf: store), garbage)
  }

  func testPlistPrintsAnyPropertyListReadably() throws {
    let result = try Bowq.run(
      ["plist", Bowq.root.appendingPathComponent("SampleData.plist").path], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.hasPrefix("[\n  0 => {\n"), result.stdout)
    XCTAssertTrue(result.stdout.contains("\n    \"name\" => \"Red Bow Tie\"\n"), result.stdout)
    XCTAssertTrue(
      result.stdout.contains("\"lastWorn\" => 2024-03-01 09:30:00 +0000"), result.stdout)
  }
}
