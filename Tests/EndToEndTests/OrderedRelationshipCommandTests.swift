import Foundation
import XCTest

/// `[Entity] ordered` through the binary: the order objects were added in survives a save,
/// a reopen, `.schema` and export, and an Xcode model's ordered to-many imports as one.
final class OrderedRelationshipCommandTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  func testTheOrderSurvivesSaveReopenAndExport() throws {
    let store = home.appendingPathComponent("ties.plist").path
    let made = try Bowq.run(
      [
        "--store", store, "-c",
        """
        entity Tie { name: String, owner: Person? inverse ties }
        entity Person { name: String, ties: [Tie] ordered inverse owner delete cascade }
        insert Person name = "Ann"
        insert Tie name = "A"; insert Tie name = "B"; insert Tie name = "C"
        update Person set ties += Tie where name == "C"
        update Person set ties += Tie where name == "A"
        update Person set ties += Tie where name == "B"
        save
        """,
      ], home: home)
    XCTAssertEqual(made.status, 0, made.stderr)
    let people = home.appendingPathComponent("people.json")
    let reopened = try Bowq.run(
      [
        "--store", store, "-c", ".schema", "-c", "fetch Person select ties.name",
        "-c", "export Person to \"\(people.path)\"",
      ], home: home)
    XCTAssertEqual(reopened.status, 0, reopened.stderr)
    XCTAssertEqual(
      reopened.stdout,
      """
      entity Tie {
        name: String
        owner: Person? inverse ties
      }
      entity Person {
        name: String
        ties: [Tie] ordered inverse owner delete cascade
      }
      ties.name
      ---------------
      {"C", "A", "B"}

      """)
    let exported = try String(contentsOf: people, encoding: .utf8)
    XCTAssertTrue(
      exported.replacingOccurrences(of: "\\/", with: "/").replacingOccurrences(of: " ", with: "")
        .replacingOccurrences(of: "\n", with: "")
        .contains(#""ties":["Tie/p3","Tie/p1","Tie/p2"]"#), exported)
  }

  func testAnXcodeModelsOrderedToManyImportsOrdered() throws {
    let model = home.appendingPathComponent("Wardrobe.xcdatamodel")
    try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
          <entity name="Person">
              <attribute name="name" attributeType="String"/>
              <relationship name="ties" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" destinationEntity="Tie" inverseName="owner" inverseEntity="Tie"/>
          </entity>
          <entity name="Tie">
              <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person" inverseName="ties" inverseEntity="Person"/>
          </entity>
      </model>
      """.utf8
    ).write(to: model.appendingPathComponent("contents"))
    let result = try Bowq.run(
      ["--memory", "-c", "import model \"\(model.path)\"", "-c", ".schema"], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("  ties: [Tie] ordered inverse owner\n"), result.stdout)
    XCTAssertFalse(result.stdout.contains("unordered"), result.stdout)
    XCTAssertFalse(result.stderr.contains("unordered"), result.stderr)
  }
}
