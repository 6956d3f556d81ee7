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
