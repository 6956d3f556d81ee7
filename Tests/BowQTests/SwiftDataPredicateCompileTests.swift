import Foundation
import XCTest

@testable import BowQ

/// The `#Predicate` code `explain` shows is real Swift that selects what bowq selects: every
/// predicate of the list below, and every predicate of the conformance suite that a fetch of
/// the sample's ties runs and that has a `#Predicate` form, is compiled, in one `swiftc`
/// run, against a struct with the BowTie entity's attributes, evaluated over the sample ties
/// by Foundation's `Predicate`, and must keep the same ties as `fetch`.
final class SwiftDataPredicateCompileTests: XCTestCase {
  /// One predicate of each family `#Predicate` can write: comparisons of each operator,
  /// the Boolean operators, IN, BETWEEN, BEGINSWITH, CONTAINS, nil and arithmetic.
  static let expressible = [
    "rating > 3", "rating >= 3.5 AND isFavorite == YES", "timesWorn BETWEEN {1, 5}",
    #"searchKey IN {"R", "G", "B"}"#, #"name BEGINSWITH "B""#, #"name CONTAINS "ow""#,
    "NOT (rating < 2)", "rating > 4 OR timesWorn == 1", "lastWorn == nil", "lastWorn != nil",
    "rating * 2 > 7", "timesWorn + 1 == 2",
    #"isFavorite == NO AND (rating < 2 OR searchKey == "R")"#,
    "TRUEPREDICATE", "FALSEPREDICATE", "rating != 3", "-rating < -4",
    "timesWorn < 3 AND timesWorn > 0",
    #"name == "Red Bow Tie""#, "4 <= rating", "timesWorn / 2 == 2", "rating - 1 > rating / 3",
  ]

  /// Predicates `#Predicate` cannot write, with why.
  static let inexpressible = [
    (#"name CONTAINS[c] "blue""#, "[c]: #Predicate compares strings exactly"),
    (#"name ENDSWITH "Tie""#, "ENDSWITH: #Predicate has starts(with:) but no hasSuffix"),
    (#"name LIKE "*Tie""#, "LIKE: #Predicate has no wildcard patterns"),
    (#"name MATCHES ".*Tie""#, "MATCHES: #Predicate has no regular expressions"),
    (#"lastWorn > CAST(0, "NSDate")"#, "lastWorn is optional: #Predicate must unwrap it"),
    ("timesWorn > 2.5", "an integer attribute compared with a fraction"),
    ("isFavorite == 1", "a Boolean compared with a number"),
    ("uppercase(name) == \"X\"", "uppercase(name): #Predicate has no form for it here"),
    ("rating - timesWorn > 0", "rating - timesWorn mixes a number and an integer"),
    ("rating > timesWorn", "rating and timesWorn mix an integer and a number"),
    ("ANY tags == 1", "ANY compares the elements of a to-many"),
    ("name != 41", "a string compared with an integer"),
    ("name == nil", "name is not optional, so it is never nil"),
    ("9.2e-05 < 0.0001", "9.2e-05 and 0.0001 are both constants"),
  ]

  func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    try BowTiesSample.seed(
      interpreter,
      sampleDataPath: GrammarTests.packageRoot.appendingPathComponent("SampleData.plist").path)
    return interpreter
  }

  func swiftData(_ predicate: String, _ interpreter: Interpreter) throws -> SwiftDataPredicate? {
    let statement = try XCTUnwrap(Parser.parseScript("fetch BowTie where " + predicate).first)
    return StatementLesson(statement, model: interpreter.context.graph.model).swiftData
  }

  func testPredicatesWithoutAForm() throws {
    let interpreter = try makeInterpreter()
    for (predicate, reason) in Self.inexpressible {
      guard case .unavailable(let given)? = try swiftData(predicate, interpreter) else {
        XCTFail("\(predicate) has a #Predicate form")
        continue
      }
      XCTAssertTrue(given.hasPrefix(reason), "\(predicate): \(given)")
    }
  }

  func testTheEmittedPredicatesCompileAndSelectWhatBowqSelects() throws {
    guard isInstalled("swiftc") else { throw XCTSkip("swiftc is not installed") }
    let interpreter = try makeInterpreter()
    let table = interpreter.context.graph.table("BowTie")
    let entity = try XCTUnwrap(interpreter.context.graph.model.entity(named: "BowTie"))
    var source = """
      import Foundation

      struct BowTie {
        var name: String
        var searchKey: String
        var rating: Double
        var timesWorn: Int32
        var lastWorn: Date?
        var isFavorite: Bool
      }

      let ties = [

      """
    var keys: [Int64] = []
    for key in table.keys {
      let row = try XCTUnwrap(table.row(for: key))
      func literal(_ attribute: String) throws -> String {
        let value = row[try XCTUnwrap(entity.index(ofAttribute: attribute))]
        return CoreDataSwift.swiftLiteral(value) ?? "nil"
      }
      source +=
        "  BowTie(name: \(try literal("name")), searchKey: \(try literal("searchKey")), "
        + "rating: \(try literal("rating")), timesWorn: \(try literal("timesWorn")), "
        + "lastWorn: \(try literal("lastWorn")), isFavorite: \(try literal("isFavorite"))),\n"
      keys.append(key)
    }
    source += "]\n\n"
    var fromConformance: [String] = []
    for format in try ConformanceFormats.all() where !Self.expressible.contains(format) {
      guard (try? interpreter.run("fetch BowTie where " + format)) != nil,
        case .code? = try? swiftData(format, interpreter)
      else { continue }
      fromConformance.append(format)
    }
    XCTAssertGreaterThanOrEqual(
      fromConformance.count, 15, "the conformance suite's predicates on ties: \(fromConformance)")
    var expected: [String] = []
    for (index, predicate) in (Self.expressible + fromConformance).enumerated() {
      guard case .code(let code)? = try swiftData(predicate, interpreter) else {
        XCTFail("\(predicate) has no #Predicate form")
        continue
      }
      source += """
        do {
          let predicate = \(code)
          print(\(index), try ties.indices.filter { try predicate.evaluate(ties[$0]) })
        } catch {
          print(\(index), error)
        }

        """
      guard case .objects(let result)? = try interpreter.run("fetch BowTie where " + predicate).last
      else { return XCTFail("\(predicate) fetched no objects") }
      let positions = result.ids.compactMap { keys.firstIndex(of: $0.key) }
      expected.append("\(index) \(positions)")
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("bowq-predicates-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let main = folder.appendingPathComponent("main.swift")
    let program = folder.appendingPathComponent("predicates")
    try source.write(to: main, atomically: true, encoding: .utf8)
    let compiled = try runCommand(["swiftc", "-Onone", main.path, "-o", program.path])
    guard compiled.status == 0 else { return XCTFail("swiftc failed:\n\(source)") }
    let run = try runCommand([program.path])
    XCTAssertEqual(run.output.split(separator: "\n").map(String.init), expected, source)
  }
}
