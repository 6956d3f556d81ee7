import Foundation
import XCTest

/// The shell at a real terminal on a store that keeps its indexes in the file: taken into
/// use while the prompt waits, they answer as the objects do, through an edit and a save.
final class KeptIndexShellTests: XCTestCase {
  func testTheIndexesTakenIntoUseAtThePromptAnswerThroughAnEditAndASave() throws {
    let home = try makeHome()
    let store = home.appendingPathComponent("ties.bowq").path
    let made = try Bowq.run(
      [
        "--store", store, "-c",
        """
        entity Tie { key: String, rating: Int16
          index key using hash
          index rating }
        insert Tie key = "R", rating = 1
        insert Tie key = "G", rating = 4
        insert Tie key = "R", rating = 5
        count Tie where key == "R" AND rating > 2
        save
        """,
      ], home: home)
    XCTAssertEqual(made.status, 0, made.stderr)

    let terminal = try startShell(["--store", store], home: home)
    try terminal.enter(#"count Tie where key == "R""#)
    try terminal.waitFor("\n2\n", joined: true)
    try terminal.enter(#"update Tie where rating > 3 set key = "R""#)
    try terminal.waitFor("Updated 2 Tie objects.")
    try terminal.enter(#"count Tie where key == "R" AND rating > 3"#)
    try terminal.waitFor("\n2\n", count: 2, joined: true)
    try terminal.enter("save")
    try terminal.waitFor("Saved 1 change.")
    try terminal.pressAtPrompt("C-d")
    try terminal.waitFor("[EXIT=0]")

    let reopened = try startShell(["--store", store], home: home)
    try reopened.enter("count Tie where rating > 0")
    try reopened.waitFor("\n3\n", joined: true)
    try reopened.enter(#"count Tie where key == "R""#)
    try reopened.waitFor("\n3\n", count: 2, joined: true)
  }
}
