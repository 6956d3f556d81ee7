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

    let example = try Self.exampleInThisFile()
    let promised = example.compactMap { line in
      line.range(of: "print(").flatMap { _ in line.range(of: "  // ") }.map {
        String(line[$0.upperBound...])
      }
    }
    XCTAssertEqual(printed, promised)
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

  func testTheReadmeShowsTheExampleOfThisTest() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let section = try XCTUnwrap(
      text.components(separatedBy: "## Using the predicate engine from Swift\n").last)
    let block = try XCTUnwrap(section.components(separatedBy: "```swift\n").dropFirst().first)
    let code = try XCTUnwrap(block.components(separatedBy: "```").first)
    let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(lines.first, "import BowQ")
    XCTAssertEqual(
      Array(lines.dropFirst(2).dropLast()), try Self.exampleInThisFile(),
      "README's example and this test's differ: keep them the same")
  }

  /// The example's lines in this file, without the test's indentation.
  private static func exampleInThisFile() throws -> [String] {
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// README example begins") })
    let end = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// README example ends") })
    return lines[(start + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }
  }
}
