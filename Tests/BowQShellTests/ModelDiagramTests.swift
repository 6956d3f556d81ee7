import BowQ
import Foundation
import XCTest

@testable import BowQShell

/// `.schema --diagram`: the model as boxes and arrows, and as Mermaid and Graphviz text.
final class ModelDiagramTests: XCTestCase {
  /// People with ties, and an abstract entity with a sub-entity.
  static let model = """
    entity Person { name: String, ties: [Tie] inverse owner delete cascade max 4 }
    entity Tie { name: String, rating: Double, lastWorn: Date?, owner: Person? inverse ties }
    abstract entity Car { make: String }
    entity SportCar : Car { topSpeed: Int32 }
    """

  func output(_ command: String, after statements: String = model) throws -> String {
    let capture = ShellFixtures.Capture()
    let shell = try ShellFixtures.shell(after: statements, capture: capture)
    return shell.run(script: command, name: nil) ? capture.out : capture.err
  }

  func testTheSampleModelIsOneBox() throws {
    XCTAssertEqual(
      try output(".schema --diagram", after: BowTiesSample.modelSource),
      """
      ┌──────────────────────────────────┐
      │ BowTie                           │
      ├──────────────────────────────────┤
      │ name: String                     │
      │ searchKey: String                │
      │ rating: Double                   │
      │ timesWorn: Int32                 │
      │ lastWorn: Date?                  │
      │ isFavorite: Bool                 │
      │ id: UUID                         │
      │ url: URI?                        │
      │ photoData: Binary?               │
      │ tintColor: Transformable(Color)? │
      └──────────────────────────────────┘

      ──▶ to-one   ──▶▶ to-many

      """)
  }

  func testRelationshipsHangFromTheirBoxesAndSubEntitiesNameTheirParent() throws {
    XCTAssertEqual(
      try output(".schema --diagram"),
      """
      ┌──────────────┐
      │ Person       │
      ├──────────────┤
      │ name: String │
      └─┬────────────┘
        └─ ties ──▶▶ Tie (inverse owner, delete cascade, max 4)

      ┌─────────────────┐
      │ Tie             │
      ├─────────────────┤
      │ name: String    │
      │ rating: Double  │
      │ lastWorn: Date? │
      └─┬───────────────┘
        └─ owner ──▶ Person (optional, inverse ties)

      ┌──────────────┐
      │ abstract Car │
      ├──────────────┤
      │ make: String │
      └──────────────┘

      ┌─────────────────┐
      │ SportCar : Car  │
      ├─────────────────┤
      │ topSpeed: Int32 │
      └─────────────────┘

      ──▶ to-one   ──▶▶ to-many

      """)
  }

  func testMermaidAndDot() throws {
    XCTAssertEqual(
      try output(".schema --diagram --format mermaid"),
      """
      erDiagram
        Person {
          String name
        }
        Tie {
          String name
          Double rating
          Date lastWorn "optional"
        }
        Car {
          String make
        }
        SportCar {
          Int32 topSpeed
        }
        Person |o--o{ Tie : "ties / owner"
        Car ||--o| SportCar : "is a"

      """)
    XCTAssertEqual(
      try output(".schema --diagram --format dot"),
      #"""
      digraph model {
        node [shape=record];
        "Person" [label="{Person|name: String\l}"];
        "Tie" [label="{Tie|name: String\lrating: Double\llastWorn: Date?\l}"];
        "Car" [label="{Car|make: String\l}"];
        "SportCar" [label="{SportCar|topSpeed: Int32\l}"];
        "Person" -> "Tie" [label="ties", arrowhead=crow];
        "Tie" -> "Person" [label="owner", arrowhead=normal];
        "SportCar" -> "Car" [arrowhead=empty];
      }

      """#)
    XCTAssertEqual(
      try output(".schema --diagram --format svg"),
      "<stdin>:1: error: .schema --diagram takes --format text|mermaid|dot, not svg\n")
  }

  func testAnOrderedToManySaysSo() throws {
    let diagram = try output(
      ".schema --diagram",
      after: """
        entity Tie { name: String, owner: Person? inverse ties }
        entity Person { name: String, ties: [Tie] ordered inverse owner }
        """)
    XCTAssertTrue(
      diagram.contains("└─ ties ──▶▶ Tie (ordered, inverse owner)\n"), diagram)
  }
}
