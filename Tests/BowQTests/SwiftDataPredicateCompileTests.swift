import Foundation
import XCTest

@testable import BowQ

/// The `#Predicate` code `explain` shows is real Swift that selects what bowq selects: every
/// predicate of the list below, and every predicate of the conformance suite that a fetch of
/// the sample's ties runs and that has a `#Predicate` form, is compiled, in one `swiftc`
/// run, against a struct generated from the BowTie entity's attributes (those of a type
/// `#Predicate` compares), evaluated over the sample ties
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
    #"id == CAST("6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01", "NSUUID")"#,
    #"id != CAST("6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01", "NSUUID") AND "#
      + #"id != CAST("C81F4A63-3B5D-4E97-A2C8-9F6E1B0D3F05", "NSUUID")"#,
    #"id IN {CAST("6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01", "NSUUID"), "#
      + #"CAST("00000000-0000-0000-0000-000000000000", "NSUUID")}"#,
  ]

  /// Predicates `#Predicate` cannot write, with why.
  static let inexpressible = [
    (#"name CONTAINS[c] "blue""#, "[c]: #Predicate compares strings exactly"),
    (#"name ENDSWITH "Tie""#, "ENDSWITH: #Predicate has starts(with:) but no hasSuffix"),
    (#"name LIKE "*Tie""#, "LIKE: #Predicate has no wildcard patterns"),
    (#"name MATCHES ".*Tie""#, "MATCHES: #Predicate has no regular expressions"),
    ("rating > $1", "$1 has no Swift name to capture"),
    ("timesWorn > 2.5", "an integer attribute compared with a fraction"),
    ("isFavorite == 1", "a Boolean compared with a number"),
    ("uppercase(name) == \"X\"", "uppercase(name): #Predicate has no form for it here"),
    ("rating - timesWorn > 0", "rating - timesWorn mixes a number and an integer"),
    ("rating > timesWorn", "rating and timesWorn mix an integer and a number"),
    ("ANY tags == 1", "ANY needs a to-many relationship on its left for #Predicate"),
    ("name != 41", "a string compared with an integer"),
    ("name == nil", "name is not optional, so it is never nil"),
    ("9.2e-05 < 0.0001", "9.2e-05 and 0.0001 are both constants"),
  ]

  /// The Swift type of an attribute of a type `#Predicate` compares, for the struct the
  /// emitted code is compiled against; nil for the others, which the struct leaves out.
  static func swiftType(of type: AttributeType) -> String? {
    switch type {
    case .string: return "String"
    case .bool: return "Bool"
    case .int16: return "Int16"
    case .int32: return "Int32"
    case .int64: return "Int64"
    case .double: return "Double"
    case .float: return "Float"
    case .date: return "Date"
    case .uuid: return "UUID"
    default: return nil
    }
  }

  func swiftData(_ predicate: String, _ interpreter: Interpreter) throws -> SwiftDataPredicate? {
    let statement = try XCTUnwrap(Parser.parseScript("fetch BowTie where " + predicate).first)
    return StatementLesson(statement, model: interpreter.context.graph.model).swiftData
  }

  func testPredicatesWithoutAForm() throws {
    let interpreter = try Interpreter.sampleInMemory()
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
    let interpreter = try Interpreter.sampleInMemory()
    let table = interpreter.context.graph.table("BowTie")
    let entity = try XCTUnwrap(interpreter.context.graph.model.entity(named: "BowTie"))
    let fields = entity.attributes.compactMap { attribute -> (String, String, Int)? in
      guard let type = Self.swiftType(of: attribute.type),
        let slot = entity.index(ofAttribute: attribute.name)
      else { return nil }
      return (attribute.name, type + (attribute.isOptional ? "?" : ""), slot)
    }
    var source =
      "import Foundation\n\nstruct BowTie {\n"
      + fields.map { "  var \($0.0): \($0.1)\n" }.joined() + "}\n\nlet ties = [\n"
    var keys: [Int64] = []
    for key in table.keys {
      let row = try XCTUnwrap(table.row(for: key))
      let arguments = fields.map { name, _, slot in
        "\(name): \(CoreDataSwift.swiftLiteral(row[slot]) ?? "nil")"
      }
      source += "  BowTie(\(arguments.joined(separator: ", "))),\n"
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
      let lines = code.split(separator: "\n")
      let binding = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("let predicate = ") })
      let constants = lines[..<binding].map { "  \($0)\n" }.joined()
      source += """
        do {
        \(constants)  \(lines[binding])
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
    let folder = try makeTemporaryFolder("bowq-predicates")
    let main = folder.appendingPathComponent("main.swift")
    let program = folder.appendingPathComponent("predicates")
    try source.write(to: main, atomically: true, encoding: .utf8)
    // The Swift driver leaves a `TemporaryDirectory.*` folder in `TMPDIR` on every run:
    // point it into the test's folder, which goes when the test ends.
    let compiled = try runCommand([
      "TMPDIR=\(folder.path)", "swiftc", "-Onone", main.path, "-o", program.path,
    ])
    guard compiled.status == 0 else { return XCTFail("swiftc failed:\n\(source)") }
    let run = try runCommand([program.path])
    XCTAssertEqual(run.output.split(separator: "\n").map(String.init), expected, source)
  }
}
