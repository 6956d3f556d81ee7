import BowQ
import Foundation
import XCTest

/// A store written through the Swift API is the store the shell reads, and the other way
/// round.
final class SwiftAPIStoreTests: XCTestCase {
  func testAStoreSavedFromSwiftIsReadByTheShellAndBack() throws {
    let home = try makeHome()
    let path = home.appendingPathComponent("ties.bowq").path
    let context = try ObjectContainer(
      path: path, model: "entity Tie { name: String, rating: Int16 min 0 max 5 }"
    ).newContext()
    try context.insert("Tie", ["name": "Blue", "rating": 4])
    try context.insert("Tie", ["name": "Red", "rating": 2])
    try context.save()

    let shell = try Bowq.run(
      [
        "--store", path, "--format", "csv", "-c", "fetch Tie where rating > 3",
        "-c", "update Tie where name == 'Red' set rating = 5", "-c", "save",
      ],
      home: home)
    XCTAssertEqual(shell.status, 0, shell.stderr)
    XCTAssertTrue(shell.stdout.hasPrefix("object,name,rating\nTie/p1,Blue,4\n"), shell.stdout)

    let reader = try ObjectContainer(path: path, readOnly: true).newContext()
    let red = try reader.fetch(
      ObjectFetchRequest(
        entityName: "Tie", predicate: try FormatPredicate(format: "name == %@", "Red")))
    XCTAssertEqual(red.map(\.rating), [.int(5)])
  }
}
