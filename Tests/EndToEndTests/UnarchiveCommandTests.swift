import Foundation
import XCTest

/// `bowq plist FILE --unarchive` through the binary, on a compiled model written by Xcode.
final class UnarchiveCommandTests: XCTestCase {
  var home: URL!

  override func setUpWithError() throws {
    home = try makeHome()
  }

  /// A copy of `Users/Users.mom` from the Core Data fixtures beside the package, or a skip.
  private func usersMom() throws -> URL {
    let candidates = [
      Bowq.root.deletingLastPathComponent(),
      Bowq.root.deletingLastPathComponent().deletingLastPathComponent(),
    ]
    .map { $0.appendingPathComponent("shared/fixtures/coredata-sqlite/Users/Users.mom") }
    guard let source = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) })
    else {
      throw XCTSkip(
        "the Core Data fixtures are not here: looked for \(candidates.map(\.path).joined(separator: " and "))"
      )
    }
    let copy = home.appendingPathComponent("Users.mom")
    try FileManager.default.copyItem(at: source, to: copy)
    return copy
  }

  func testAMomPrintsAsObjectsWithTheirClassesAndFields() throws {
    let mom = try usersMom()
    let result = try Bowq.run(["plist", mom.path, "--unarchive"], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(
      result.stdout.hasPrefix("{\n  \"root\" => NSManagedObjectModel (object 1) {\n"),
      result.stdout)
    for line in [
      "\"NSEntities\" => {", "\"Pet\" => NSEntityDescription (object 5) {",
      "\"NSEntityName\" => \"Pet\"", "\"name\" => NSAttributeDescription (object 11) {",
      "\"NSAttributeType\" => 700",
      "\"NSManagedObjectModel\" => <NSManagedObjectModel object 1, shown above>",
      "\"NSVersionIdentifiers\" => set [",
    ] {
      XCTAssertTrue(result.stdout.contains(line), line)
    }
  }

  func testAMomPrintsAsJSON() throws {
    let mom = try usersMom()
    let result = try Bowq.run(["plist", mom.path, "--unarchive", "--format", "json"], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let root = try XCTUnwrap(json?["root"] as? [String: Any])
    XCTAssertEqual(root["$class"] as? String, "NSManagedObjectModel")
    let entities = try XCTUnwrap(root["NSEntities"] as? [String: Any])
    XCTAssertEqual(Set(entities.keys), ["Pet", "User"])
    let pet = try XCTUnwrap(entities["Pet"] as? [String: Any])
    let model = try XCTUnwrap(pet["NSManagedObjectModel"] as? [String: Any])
    XCTAssertEqual(model["$ref"] as? Int, 1)
  }

  func testAnArchiveWithoutUnarchiveSuggestsIt() throws {
    let mom = try usersMom()
    let result = try Bowq.run(["plist", mom.path], home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("a UID"), result.stderr)
    XCTAssertTrue(result.stderr.contains("add --unarchive"), result.stderr)
  }

  func testAPropertyListThatIsNotAnArchiveIsAClearError() throws {
    let sample = Bowq.root.appendingPathComponent("SampleData.plist").path
    let result = try Bowq.run(["plist", sample, "--unarchive"], home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("keyed archive"), result.stderr)
    XCTAssertTrue(result.stdout.isEmpty, result.stdout)
  }
}
