import Foundation
import XCTest

/// Tab at a real terminal (tmux): words complete from the model, and a second Tab lists
/// the candidates below the line, then redraws the prompt and the line.
final class TabCompletionTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  func testTabCompletesKeywordsEntitiesPropertiesAndDotCommands() throws {
    let terminal = try startShell(home: home)
    try terminal.type("fet")
    try terminal.press("Tab")
    try terminal.waitFor("bowq> fetch")
    try terminal.type("Bow")
    try terminal.press("Tab")
    try terminal.waitFor("bowq> fetch BowTie")
    try terminal.type("where ra")
    try terminal.press("Tab")
    try terminal.waitFor("bowq> fetch BowTie where rating")
    try terminal.type("> 4")
    try terminal.waitFor("bowq> fetch BowTie where rating > 4")
    try terminal.press("Enter")
    try terminal.waitFor("bowq>", count: 2)

    try terminal.type(".mo")
    try terminal.press("Tab")
    try terminal.waitFor("bowq> .mode")
    try terminal.type("li")
    try terminal.press("Tab")
    try terminal.waitFor("bowq> .mode line")
    try terminal.press("Enter")
    try terminal.enter(".mode")
    try terminal.waitFor("bowq> .mode\nline")
  }

  func testASecondTabListsTheCandidatesAndRedrawsTheLine() throws {
    let terminal = try startShell(home: home)
    try terminal.type("fetch BowTie where s")
    try terminal.press("Tab")
    try terminal.press("Tab")
    let listed = try terminal.waitFor("searchKey")
    XCTAssertTrue(listed.contains("subquery"), "the list:\n\(listed)")
    try terminal.waitFor("bowq> fetch BowTie where s", count: 2)
    try terminal.type("ea")
    try terminal.press("Tab")
    try terminal.type("== \"R\"")
    try terminal.waitFor("bowq> fetch BowTie where searchKey == \"R\"")
  }
}
