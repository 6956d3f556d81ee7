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
    try Bowq.coreDataFixture("Users/Users.mom", in: home)
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

  func testAnXMLArchiveDecodesAsItsBinaryFormDoes() throws {
    let mom = try usersMom()
    let xml = home.appendingPathComponent("Users.xml")
    let script = """
      import plistlib, sys
      def plain(v):
          if isinstance(v, plistlib.UID): return {"CF$UID": v.data}
          if isinstance(v, dict): return {k: plain(x) for k, x in v.items()}
          if isinstance(v, list): return [plain(x) for x in v]
          return v
      with open(sys.argv[1], "rb") as f: archive = plistlib.load(f)
      with open(sys.argv[2], "wb") as f: plistlib.dump(plain(archive), f, fmt=plistlib.FMT_XML)
      """
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", "-c", script, mom.path, xml.path]
    try python.run()
    python.waitUntilExit()
    guard python.terminationStatus == 0 else { throw XCTSkip("python3 could not write the XML") }
    // Foundation does not keep the order of an XML dictionary's keys, so the two are
    // compared as JSON objects.
    let binary = try Bowq.run(["plist", mom.path, "--unarchive", "--format", "json"], home: home)
    let text = try Bowq.run(["plist", xml.path, "--unarchive", "--format", "json"], home: home)
    XCTAssertEqual(text.status, 0, text.stderr)
    let fromBinary = try JSONSerialization.jsonObject(with: Data(binary.stdout.utf8))
    let fromText = try JSONSerialization.jsonObject(with: Data(text.stdout.utf8))
    XCTAssertEqual(fromText as? NSDictionary, fromBinary as? NSDictionary)
    XCTAssertNotNil(fromBinary as? NSDictionary)
    let plain = try Bowq.run(["plist", xml.path], home: home)
    XCTAssertEqual(plain.status, 0, plain.stderr)
    XCTAssertTrue(plain.stdout.contains("\"CF$UID\" => 1"), plain.stdout)
    // Without --unarchive, the binary archive prints as its XML copy does, UIDs and all.
    let plainBinary = try Bowq.run(["plist", mom.path, "--format", "json"], home: home)
    let plainText = try Bowq.run(["plist", xml.path, "--format", "json"], home: home)
    XCTAssertEqual(plainBinary.status, 0, plainBinary.stderr)
    XCTAssertEqual(
      try JSONSerialization.jsonObject(with: Data(plainBinary.stdout.utf8)) as? NSDictionary,
      try JSONSerialization.jsonObject(with: Data(plainText.stdout.utf8)) as? NSDictionary)
  }

  /// An archive printed as the property list it is, UIDs as `CF$UID` dictionaries, as
  /// `plutil -p` prints it, with a note that `--unarchive` shows its objects.
  func testAnArchiveWithoutUnarchiveIsPrintedAndSuggestsIt() throws {
    let mom = try usersMom()
    let result = try Bowq.run(["plist", mom.path], home: home)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("\"$archiver\" => \"NSKeyedArchiver\""), result.stdout)
    XCTAssertTrue(result.stdout.contains("\"CF$UID\" => 1"), result.stdout)
    XCTAssertEqual(
      result.stderr,
      "note: \(mom.path) is an NSKeyedArchiver archive: --unarchive shows its objects\n")
  }

  func testAPropertyListThatIsNotAnArchiveIsAClearError() throws {
    let sample = Bowq.root.appendingPathComponent("SampleData.plist").path
    let result = try Bowq.run(["plist", sample, "--unarchive"], home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(result.stderr.contains("keyed archive"), result.stderr)
    XCTAssertTrue(result.stdout.isEmpty, result.stdout)
  }
}
