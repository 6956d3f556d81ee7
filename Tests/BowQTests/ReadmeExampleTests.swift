import BowQ
import Foundation
import XCTest

/// The example of README's "Using the predicate engine from Swift" section, run as written:
/// the lines between the markers below are the README's code block, and what it prints is
/// what its comments say.
final class ReadmeExampleTests: XCTestCase {
  private static let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("README.md")

  func testTheExampleRunsAndPrintsWhatItsCommentsSay() throws {
    var printed: [String] = []
    func print(_ item: Any) { printed.append(String(describing: item)) }

    // README example begins
    let ties: [[String: Any]] = [
      ["name": "Red Bow Tie", "rating": 3.5, "colors": ["red"]],
      ["name": "Blue Bow Tie", "rating": 4.5, "colors": ["blue", "navy"]],
    ]

    // %@ is a value, %K a key path, %d and %f numbers: arguments are never spliced into the text.
    let liked = try FormatPredicate(format: "%K > %d AND name CONTAINS[c] %@", "rating", 4, "blue")
    print(liked.predicateFormat)  // rating > 4 AND name CONTAINS[c] "blue"
    print(try liked.filter(ties).count)  // 1

    // $variables get their values when the predicate is evaluated.
    let wears = try FormatPredicate(format: "ANY colors == $color")
    print(try wears.evaluate(with: ties[1], substitutionVariables: ["color": "navy"]))  // true

    // Expressions: key paths, collection operators, functions and arithmetic.
    let average = try FormatExpression(format: "@avg.rating")
    print(try average.expressionValue(with: ties) ?? "nil")  // 4.0

    // Mistakes are found when the predicate is made, with their line and column.
    do {
      _ = try FormatPredicate(format: "rating >")
    } catch {
      print(error)  // 1:9: expected a value or key path, found end of input
    }
    // README example ends

    XCTAssertEqual(printed, Self.promisedOutput(of: try Self.exampleInThisFile()))
  }

  /// What the comments of an example's `print` lines say it prints.
  private static func promisedOutput(of example: [String]) -> [String] {
    example.compactMap { line in
      line.range(of: "print(").flatMap { _ in line.range(of: "  // ") }.map {
        String(line[$0.upperBound...])
      }
    }
  }

  func testTheStoreExampleRunsAndPrintsWhatItsCommentsSay() throws {
    var printed: [String] = []
    func print(_ item: Any) { printed.append(String(describing: item)) }

    // README store example begins
    // A new store with one entity (a Core Data store opens the same way, its model read
    // from the file).
    let path = NSTemporaryDirectory() + "ties-\(UUID().uuidString).bowq"
    let container = ObjectContainer(
      path: path, model: "entity BowTie { name: String, rating: Double min 0 max 5 }")
    let context = try container.newContext()

    // Insert, fetch by predicate, save.
    try context.insert("BowTie", ["name": "Red Bow Tie", "rating": 3.5])
    try context.insert("BowTie", ["name": "Blue Bow Tie", "rating": 4.5])
    let request = ObjectFetchRequest(
      entityName: "BowTie", predicate: try FormatPredicate(format: "name CONTAINS[c] %@", "blue"))
    let blue = try context.fetch(request)[0]
    print(blue.rating.literalText)  // 4.5
    try context.save()

    // A rating of 6 breaks the model's rule: save says so with Core Data's error code.
    try context.update(blue, ["rating": 6])
    do {
      try context.save()
    } catch let error as SaveError {
      print(error.errors[0].code.rawValue)  // 1610
    }
    context.rollback()
    print(try context.count(for: ObjectFetchRequest(entityName: "BowTie")))  // 2
    // README store example ends

    let example = try Self.exampleInThisFile("README store example")
    XCTAssertEqual(printed, Self.promisedOutput(of: example))
    try? FileManager.default.removeItem(atPath: path)
  }

  /// README's "The language at a glance" block, run as written as one script (in a folder
  /// holding SampleData.plist, which it imports): every statement succeeds.
  func testTheLanguageAtAGlanceRunsAsWritten() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let section = try XCTUnwrap(
      text.components(separatedBy: "## The language at a glance\n").dropFirst().first)
    let script = try XCTUnwrap(section.components(separatedBy: "```\n").dropFirst().first)
    let folder = try makeTemporaryFolder("bowq-readme")
    try FileManager.default.copyItem(
      at: GrammarTests.packageRoot.appendingPathComponent("SampleData.plist"),
      to: folder.appendingPathComponent("SampleData.plist"))
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory, baseDirectory: folder.path)
    let results = try interpreter.run(script)
    XCTAssertEqual(results.count, 22, "one result a statement")
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("favorites.json").path))
  }

  func testTheReadmeShowsTheExamplesOfThisTest() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    for (heading, marker) in [
      ("## Using the predicate engine from Swift\n", "README example"),
      ("## Opening a store from Swift\n", "README store example"),
    ] {
      let section = try XCTUnwrap(text.components(separatedBy: heading).last, heading)
      let block = try XCTUnwrap(section.components(separatedBy: "```swift\n").dropFirst().first)
      let code = try XCTUnwrap(block.components(separatedBy: "```").first)
      let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      XCTAssertEqual(lines.first, "import BowQ")
      XCTAssertEqual(
        Array(lines.dropFirst(2).dropLast()), try Self.exampleInThisFile(marker),
        "README's example under \(heading) and this test's differ: keep them the same")
    }
  }

  /// The lines of the example between the markers `marker begins` and `marker ends` in this
  /// file, without the test's indentation.
  private static func exampleInThisFile(_ marker: String = "README example") throws -> [String] {
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// \(marker) begins") })
    let end = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// \(marker) ends") })
    return lines[(start + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }
  }
}
