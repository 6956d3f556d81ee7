import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// `.schema` prints a model as the `entity` statements that define it, relationships,
/// compound uniqueness and `check` rules included, so that its output pasted back into a
/// new store defines the same model.
final class EntitySchemaFormatterTests: XCTestCase {
  private static let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples")

  /// A shell on a new in-memory store whose relative paths start at `folder`, going on past
  /// the statements the lessons make fail on purpose.
  private func shell(in folder: String, capture: ShellFixtures.Capture) -> Shell {
    Shell(
      interpreter: Interpreter(
        context: Context(graph: ObjectGraph()), store: .memory, baseDirectory: folder),
      keepGoing: true, output: capture.output)
  }

  /// What `.schema` prints for the model the statements define.
  private func schema(after statements: String) throws -> String {
    let capture = ShellFixtures.Capture()
    let shell = try ShellFixtures.shell(after: statements, capture: capture)
    XCTAssertTrue(shell.run(script: ".schema", name: nil), capture.err)
    return capture.out
  }

  func testRelationshipsUniquenessAndRulesAreShown() throws {
    XCTAssertEqual(
      try schema(
        after: """
          entity Tie {
            name: String, color: String, worn: Int16 default 0, lastWorn: Date?
            owner: Person inverse ties
            unique (name, color)
            check worn == 0 OR lastWorn != nil else "a worn tie has a \\"lastWorn\\" date"
          }
          entity Person {
            name: String unique
            ties: [Tie] inverse owner delete cascade min 1 max 5
            mentor: Person?
          }
          """),
      """
      entity Tie {
        name: String
        color: String
        worn: Int16 default 0
        lastWorn: Date?
        owner: Person inverse ties
        unique (name, color)
        check worn == 0 OR lastWorn != nil else "a worn tie has a \\"lastWorn\\" date"
      }
      entity Person {
        name: String unique
        ties: [Tie] inverse owner delete cascade min 1 max 5
        mentor: Person?
      }

      """)
  }

  /// A sub-entity shows its parent and only what it adds; an abstract entity says so; and
  /// the text read back defines the same hierarchy.
  func testInheritanceIsShownAsDefined() throws {
    let definition = """
      abstract entity Writer {
        alias: String
        unique (alias)
        check alias != "" else "an alias"
      }
      entity Author : Writer {
        age: Int16?
        books: [Book] inverse author
      }
      entity Poet : Author {
        metre: String?
      }
      entity Book {
        title: String
        author: Author? inverse books
      }

      """
    let shown = try schema(after: definition)
    XCTAssertEqual(shown, definition)
    XCTAssertEqual(try schema(after: shown), definition)
  }

  /// A sub-entity shown alone names what it inherits in comments, wrapped to 100 columns,
  /// and the text still reads back.
  func testASubEntityShownAloneNamesWhatItInherits() throws {
    let capture = ShellFixtures.Capture()
    let names = (1...16).map { "inheritedAttribute\($0): Int16?" }.joined(separator: ", ")
    let shell = try ShellFixtures.shell(
      after: "abstract entity Writer { \(names) }\nentity Poet : Writer { metre: String? }",
      capture: capture)
    XCTAssertTrue(shell.run(script: ".schema poet", name: nil), capture.err)
    let lines = capture.out.split(separator: "\n")
    XCTAssertEqual(lines.first, "entity Poet : Writer {")
    XCTAssertEqual(lines.last, "}")
    XCTAssertTrue(
      lines[1].hasPrefix("  -- inherited from Writer: inheritedAttribute1, inheritedAttribute2,"),
      capture.out)
    let comments = lines.filter { $0.hasPrefix("  --") }
    XCTAssertGreaterThan(comments.count, 1, capture.out)
    XCTAssertTrue(comments.allSatisfy { $0.count <= 100 }, capture.out)
    XCTAssertTrue(comments.dropFirst().allSatisfy { $0.hasPrefix("  --  inherited") }, capture.out)
    XCTAssertEqual(lines[lines.count - 2], "  metre: String?")
    let shown = try schema(after: "entity Writer { \(names) }\n" + capture.out)
    XCTAssertTrue(shown.contains("entity Poet : Writer {\n  metre: String?\n}"), shown)
  }

  /// A model that lists a sub-entity before its parent — a Core Data store's lists its
  /// entities by name — prints the parent first, so that the text reads back.
  func testParentsArePrintedBeforeTheirSubEntities() throws {
    var model = Model()
    let age = Attribute(name: "age", type: .int16, isOptional: true)
    model.define(
      Entity(
        name: "Author", attributes: [age, Attribute(name: "alias", type: .string, isUnique: true)],
        parent: "Writer"))
    model.define(Entity(name: "Book", attributes: [Attribute(name: "title", type: .string)]))
    model.define(Entity(name: "Writer", attributes: [age], isAbstract: true))
    let capture = ShellFixtures.Capture()
    let shell = Shell(
      interpreter: Interpreter(context: Context(graph: ObjectGraph(model: model)), store: .memory),
      output: capture.output)
    XCTAssertTrue(shell.run(script: ".schema", name: nil), capture.err)
    let expected = """
      abstract entity Writer {
        age: Int16?
      }
      entity Author : Writer {
        alias: String unique
      }
      entity Book {
        title: String
      }

      """
    XCTAssertEqual(capture.out, expected)
    XCTAssertEqual(try schema(after: capture.out), expected)
  }

  /// Defaults and bounds of every kind read back: UUIDs and URIs as strings, dates as CAST.
  func testDefaultsAndBoundsReadBack() throws {
    let definition = #"""
      entity T {
        id: UUID default "6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01"
        u: URI default "https://example.com/a?b=1"
        d: Decimal default 1.5
        w: Date default "2024-01-01" min "0001-01-01T00:00:00Z" max "9999-12-31T23:59:59.5Z"
        f: Float default 0.1
        s: String default "a\"b\\" matches "[a-z]*" minLength 0 maxLength 9
      }
      """#
    let printed = try schema(after: definition)
    let first = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try first.run(definition)
    let second = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try second.run(printed)
    XCTAssertEqual(second.context.graph.model, first.context.graph.model, printed)
  }

  /// Declared indexes print in the definition's syntax and define the same indexes again;
  /// the ones `unique` implies are not printed.
  func testIndexesArePrintedAsDeclaredAndReadBack() throws {
    let definition = """
      entity T {
        name: String unique, searchKey: String, rating: Double, index: Int16
        index searchKey
        index byRatingName (rating desc, name)
        index byKey (searchKey) using hash
        index index
      }
      """
    let printed = try schema(after: definition)
    XCTAssertEqual(
      printed,
      """
      entity T {
        name: String unique
        searchKey: String
        rating: Double
        index: Int16
        index searchKey
        index byRatingName (rating desc, name)
        index byKey (searchKey) using hash
        index index
      }

      """)
    let first = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try first.run(definition)
    let second = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try second.run(printed)
    XCTAssertEqual(second.context.graph.model, first.context.graph.model, printed)
  }

  /// Every model of `Examples/` (with the sample model for the scripts run with
  /// `--sample`), printed by `.schema` and run as a script in a new store, defines the same
  /// model.
  func testEveryExampleModelRoundTripsThroughSchema() throws {
    let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path)
      .filter { $0.hasSuffix(".bowq") }.sorted()
    XCTAssertFalse(scripts.isEmpty)
    for script in scripts {
      let text = try String(
        contentsOf: Self.examples.appendingPathComponent(script), encoding: .utf8)
      let original = ShellFixtures.Capture()
      let first = shell(in: Self.examples.path, capture: original)
      if text.contains("--sample") {
        try BowTiesSample.seed(
          first.interpreter,
          sampleDataPath: Self.examples.appendingPathComponent("../SampleData.plist").path)
      }
      first.run(script: text, name: script)
      let printed = ShellFixtures.Capture()
      let printing = Shell(interpreter: first.interpreter, output: printed.output)
      XCTAssertTrue(printing.run(script: ".schema", name: nil), printed.err)
      let again = ShellFixtures.Capture()
      let second = shell(in: Self.examples.path, capture: again)
      XCTAssertTrue(second.run(script: printed.out, name: "schema"), "\(script): \(again.err)")
      XCTAssertEqual(
        second.interpreter.context.graph.model, first.interpreter.context.graph.model,
        "\(script):\n\(printed.out)")
    }
  }
}
