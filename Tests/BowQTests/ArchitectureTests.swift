import Foundation
import XCTest

/// Keeps the folders of `Sources/BowQ` in one direction: a folder uses the types of the
/// folders before it in ``layers`` and never those after it, so each can be read knowing
/// only what comes before. docs/architecture.md draws the same order and is checked here.
final class ArchitectureTests: XCTestCase {
  /// The folders of the library, lowest first: the pipeline of DESIGN.md, from the values
  /// and the model through the language's stages to the interpreter and the Swift API.
  static let layers = [
    "Support", "Files", "PropertyList", "Archive", "Values", "Model", "Graph",
    "Language/Source", "Language/Lexer", "Language/AST", "Language/Format", "Language/Parser",
    "Language/Evaluation", "Language/Binder", "Language/Compiler", "Plan",
    "Teaching",
    "Validation", "Context", "Store", "Exchange", "CoreData", "Interpreter", "API", "Sample",
    "Tutorial",
  ]

  static let sources = GrammarTests.packageRoot.appendingPathComponent("Sources/BowQ")

  /// A source file: its layer and its text without comments and string literals.
  struct SourceFile {
    var name: String
    var layer: String
    var code: String
  }

  static func sourceFiles() throws -> [SourceFile] {
    let root = sources.standardizedFileURL.path
    let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: root))
    var files: [SourceFile] = []
    while let relative = walker.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      let parts = relative.split(separator: "/").map(String.init)
      let layer =
        parts.first == "Language" && parts.count > 2 ? "Language/\(parts[1])" : parts[0]
      let text = try String(contentsOfFile: "\(root)/\(relative)", encoding: .utf8)
      files.append(SourceFile(name: relative, layer: layer, code: codeOnly(text)))
    }
    return files
  }

  /// The text with comments and string literals blanked, so that a type named in prose or
  /// in a message is not taken for a use.
  static func codeOnly(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let first = rest.first {
      if rest.hasPrefix("//") {
        rest = rest.drop { $0 != "\n" }
      } else if rest.hasPrefix("/*") {
        rest = rest.dropFirst(2)
        while !rest.isEmpty, !rest.hasPrefix("*/") { rest = rest.dropFirst() }
        rest = rest.dropFirst(2)
      } else if rest.hasPrefix("\"\"\"") {
        rest = rest.dropFirst(3)
        while !rest.isEmpty, !rest.hasPrefix("\"\"\"") { rest = rest.dropFirst() }
        rest = rest.dropFirst(3)
        result += "\"\""
      } else if first == "\"" {
        rest = rest.dropFirst()
        while let c = rest.first, c != "\"", c != "\n" {
          rest = rest.dropFirst(c == "\\" ? 2 : 1)
        }
        rest = rest.dropFirst()
        result += "\"\""
      } else {
        result.append(first)
        rest = rest.dropFirst()
      }
    }
    return result
  }

  /// The types a file declares at its top level (nested types are reached through them).
  static func declaredTypes(in code: String) -> [String] {
    let pattern =
      #"(?m)^(?:(?:public|internal|fileprivate|private|final|indirect)\s+)*"#
      + #"(?:struct|enum|class|protocol|typealias|actor)\s+([A-Z]\w*)"#
    return matches(of: pattern, in: code)
  }

  /// The capitalised names a file uses, not after a dot (`Token.Kind` uses `Token`).
  static func usedNames(in code: String) -> Set<String> {
    Set(matches(of: #"(?<![.\w])([A-Z]\w*)"#, in: code))
  }

  static func matches(of pattern: String, in text: String) -> [String] {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap { match in
      Range(match.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  func testEveryFolderHasAPlaceInTheOrder() throws {
    let layers = Set(try Self.sourceFiles().map(\.layer))
    XCTAssertEqual(layers.subtracting(Self.layers), [], "folders missing from the order")
    XCTAssertEqual(Set(Self.layers).subtracting(layers), [], "folders that no longer exist")
  }

  func testNoFolderUsesATypeOfALaterFolder() throws {
    let files = try Self.sourceFiles()
    var owner: [String: String] = [:]
    for file in files {
      for type in Self.declaredTypes(in: file.code) { owner[type] = file.layer }
    }
    XCTAssertGreaterThan(owner.count, 100, "the declarations were not found")
    var upward: [String] = []
    for file in files {
      let rank = try XCTUnwrap(Self.layers.firstIndex(of: file.layer))
      for name in Self.usedNames(in: file.code).sorted() {
        guard let layer = owner[name], let used = Self.layers.firstIndex(of: layer), used > rank
        else { continue }
        upward.append("\(file.name) (\(file.layer)) uses \(name) of \(layer)")
      }
    }
    XCTAssertEqual(upward, [], "dependencies that point up the pipeline")
  }

  /// Plans are made in `Plan/` alone: no other folder builds a plan or its steps or
  /// sources, and the planner is entered only through its entry points —
  /// `Planner.plan(_:tables:)`, `plan(_:external:)` and `plan(_:afterReading:model:)`.
  func testPlansAreMadeInPlanAlone() throws {
    let built = [
      "QueryPlan", "PlanStep", "PlanSource", "MemberSearch", "IndexWalk", "ExternalScan",
    ]
    let entries = ["tables:", "external:", "afterReading:"]
    var outside: [String] = []
    for file in try Self.sourceFiles() where file.layer != "Plan" {
      for type in built
      where !Self.matches(of: #"(?<![\w.])("# + type + #")(?:\.init)?\("#, in: file.code).isEmpty {
        outside.append("\(file.name) builds a \(type)")
      }
      for name in Self.matches(of: #"\bPlanner\.(\w+)"#, in: file.code) where name != "plan" {
        outside.append("\(file.name) calls Planner.\(name)")
      }
      let calls = Self.matches(of: #"\bPlanner\.plan(\((?:[^()]|\([^()]*\))*\))"#, in: file.code)
      for call in calls where !entries.contains(where: call.contains) {
        outside.append("\(file.name) calls Planner.plan\(call), not an entry point")
      }
    }
    XCTAssertEqual(outside, [], "planning outside Plan/")
  }

  func testTheCheckSeesPlanningOutsidePlan() {
    let code = Self.codeOnly("let p = Planner.plan(fetch, source: s)\nPlanner.plan(r, tables: t)")
    let calls = Self.matches(of: #"\bPlanner\.plan(\((?:[^()]|\([^()]*\))*\))"#, in: code)
    XCTAssertEqual(calls, ["(fetch, source: s)", "(r, tables: t)"])
  }

  func testTheCheckSeesAnUpwardUse() {
    let code = Self.codeOnly("// Interpreter\nlet s = \"Interpreter\"\nlet x = Token.Kind.word\n")
    XCTAssertEqual(Self.usedNames(in: code), ["Token"])
    XCTAssertEqual(
      Self.declaredTypes(in: "public indirect enum Value {\n  struct Inner {}"), ["Value"])
  }

  func testTheArchitectureDocumentDrawsTheSameOrder() throws {
    let document = try String(
      contentsOf: GrammarTests.packageRoot.appendingPathComponent("docs/architecture.md"),
      encoding: .utf8)
    let headings = Self.matches(of: #"(?m)^### `([\w/]+)/`"#, in: document)
    XCTAssertEqual(headings, Self.layers, "docs/architecture.md's sections, in order")
  }
}
