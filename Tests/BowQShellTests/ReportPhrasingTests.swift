import BowQ
import XCTest

@testable import BowQShell

/// The English of every report, word for word: scripts, Examples and users read it.
final class ReportPhrasingTests: XCTestCase {
  private func sentence(_ report: StatementResult.Report) -> String {
    ReportPhrasing.sentence(report)
  }

  func testEdits() {
    XCTAssertEqual(sentence(.inserted(entity: "BowTie", count: 1)), "Inserted 1 BowTie.")
    XCTAssertEqual(sentence(.updated(entity: "BowTie", count: 1)), "Updated 1 BowTie.")
    XCTAssertEqual(sentence(.updated(entity: "BowTie", count: 0)), "Updated 0 BowTie objects.")
    XCTAssertEqual(sentence(.deleted(entity: "Tie", count: 1, cascaded: 0)), "Deleted 1 Tie.")
    XCTAssertEqual(
      sentence(.deleted(entity: "Person", count: 1, cascaded: 2)),
      "Deleted 1 Person and 2 related objects by cascade.")
    XCTAssertEqual(
      sentence(.deleted(entity: "Person", count: 3, cascaded: 1)),
      "Deleted 3 Person objects and 1 related object by cascade.")
  }

  func testTheContextsHistory() {
    XCTAssertEqual(sentence(.saved(changes: 0)), "Nothing to save.")
    XCTAssertEqual(sentence(.saved(changes: 1)), "Saved 1 change.")
    XCTAssertEqual(sentence(.saved(changes: 2)), "Saved 2 changes.")
    XCTAssertEqual(sentence(.rolledBack(changes: 0)), "Nothing to roll back.")
    XCTAssertEqual(sentence(.rolledBack(changes: 1)), "Rolled back 1 change.")
    XCTAssertEqual(sentence(.undone), "Undid the last change.")
    XCTAssertEqual(sentence(.nothingToUndo), "Nothing to undo.")
    XCTAssertEqual(sentence(.redone), "Redid the change.")
    XCTAssertEqual(sentence(.nothingToRedo), "Nothing to redo.")
    XCTAssertEqual(sentence(.validated(objects: 0)), "0 changed objects valid.")
    XCTAssertEqual(sentence(.validated(objects: 1)), "1 changed object valid.")
  }

  func testDefinitionsAndFiles() {
    XCTAssertEqual(
      sentence(.entityDefined(entity: "Hat", properties: 2, redefined: false)),
      "Defined entity Hat with 2 properties.")
    XCTAssertEqual(
      sentence(.entityDefined(entity: "Hat", properties: 1, redefined: true)),
      "Redefined entity Hat with 1 property.")
    XCTAssertEqual(
      sentence(.imported(entity: "Tie", count: 1, path: "ties.plist")),
      "Imported 1 Tie from ties.plist.")
    XCTAssertEqual(
      sentence(.exported(entity: "BowTie", count: 7, path: "out/ties.json")),
      "Exported 7 BowTie objects to out/ties.json.")
    XCTAssertEqual(
      sentence(.modelImported(entities: ["Person", "Car"], version: nil, notes: [])),
      "Imported the model: 2 entities — Person, Car.")
    XCTAssertEqual(
      sentence(
        .modelImported(
          entities: ["BowTie"], version: "Model 2", notes: ["fetched properties are left out"])),
      "Imported the model (version Model 2): 1 entity — BowTie.\n"
        + "  note: fetched properties are left out")
  }

  func testAScriptsReportsAreSaidOnStandardError() throws {
    let capture = ShellFixtures.Capture()
    let shell = try ShellFixtures.shell(after: "", capture: capture)
    XCTAssertTrue(
      shell.run(
        script: """
          entity Hat { name: String }
          insert Hat name = "Fez"
          undo
          redo
          validate
          save
          rollback
          undo
          delete Hat
          undo
          redo
          redo
          """, name: nil))
    XCTAssertEqual(capture.out, "")
    XCTAssertEqual(
      capture.err,
      """
      Defined entity Hat with 1 property.
      Inserted 1 Hat.
      Undid the last change.
      Redid the change.
      1 changed object valid.
      Saved 2 changes.
      Nothing to roll back.
      Nothing to undo.
      Deleted 1 Hat.
      Undid the last change.
      Redid the change.
      Nothing to redo.

      """)
  }
}
