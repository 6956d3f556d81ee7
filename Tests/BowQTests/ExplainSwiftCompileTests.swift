import Foundation
import XCTest

@testable import BowQ

/// Every form of Swift `explain` prints is Swift an app would run, selecting what bowq
/// selects. For each statement below, over a wardrobe of people, ties and tags:
///
/// - the Core Data code is type-checked, and the SwiftData code (`#Predicate`,
///   `FetchDescriptor` with its sort and limit, the loops of an update or delete) compiled
///   and run, in one `swiftc` run of all
///   of them, against classes generated from the model and objects from its data, with the
///   stubs of `Tests/Fixtures/swift-stubs` for the Core Data and SwiftData types Linux lacks;
///   the objects SwiftData fetches (or counts) must be those bowq fetches, in its order;
/// - the `NSPredicate` format of the Core Data code, made by ``FormatPredicate`` with the same
///   arguments and variables, must select the objects bowq selects.
final class ExplainSwiftCompileTests: XCTestCase {
  static let wardrobe = """
    entity Person { name: String, age: Int16?, ties: [Tie] inverse owner }
    entity Tie { name: String, rating: Double, timesWorn: Int32, lastWorn: Date?, \\
    favorite: Bool, owner: Person? inverse ties, tags: [Tag] inverse tie }
    entity Tag { label: String, tie: Tie? inverse tags }
    insert Person name = "Ann", age = 41
    insert Person name = "Bob", age = 17
    insert Person name = "Cy"
    insert Tie name = "Red", rating = 3.5, timesWorn = 4, lastWorn = "2024-03-01", favorite = NO, owner = Person where name == "Ann"
    insert Tie name = "Blue", rating = 5, timesWorn = 9, lastWorn = "2024-01-15", favorite = YES, owner = Person where name == "Ann"
    insert Tie name = "Green", rating = 2, timesWorn = 1, favorite = NO, owner = Person where name == "Bob"
    insert Tie name = "Polka", rating = 4.5, timesWorn = 0, lastWorn = "2024-05-20", favorite = YES
    insert Tie name = "Plain", rating = 1, timesWorn = 6, favorite = NO, owner = Person where name == "Cy"
    insert Tag label = "silk", tie = Tie where name == "Red"
    insert Tag label = "silk", tie = Tie where name == "Blue"
    insert Tag label = "stripes", tie = Tie where name == "Blue"
    insert Tag label = "wool", tie = Tie where name == "Green"
    insert Tag label = "silk", tie = Tie where name == "Polka"
    insert Tag label = "spots", tie = Tie where name == "Polka"
    """

  /// A statement, with the `$variables` it reads: their bowq values and the Swift constant
  /// an app would declare for each.
  struct Case {
    var statement: String
    var variables: [String: (value: Value, swift: String)] = [:]
  }

  static let cases: [Case] = [
    Case(statement: #"fetch Tie where owner.name == "Ann" sort by rating desc limit 1"#),
    Case(statement: #"fetch Tie where lastWorn > "2024-02-01" sort by name"#),
    Case(statement: #"count Tie where ANY tags.label == "silk""#),
    Case(statement: #"fetch Tie where ALL tags.label BEGINSWITH "s" sort by name"#),
    Case(statement: #"fetch Tie where NONE tags.label == "wool" AND tags.@count > 0 sort by name"#),
    Case(
      statement: "fetch Tie where owner.age > $age sort by name",
      variables: ["age": (.int(30), "let age: Int16 = 30")]),
    Case(
      statement: "fetch Tie where rating BETWEEN {2, 5} AND favorite == NO sort by rating limit 1 "
        + "offset 1"),
    Case(statement: #"count Tie where name IN {"Red", "Blue"} OR timesWorn >= 5"#),
    Case(statement: "fetch Person where ties.@count > 1 sort by name"),
    Case(statement: "fetch Tie where owner.age == nil sort by name"),
    Case(statement: #"fetch Tie where lastWorn < CAST(730944000, "NSDate") sort by name desc"#),
    Case(statement: #"fetch Tag where tie.owner.name BEGINSWITH "A" sort by label"#),
    Case(
      statement: "fetch Tie select distinct favorite, avg(rating) as mean, count() "
        + "where timesWorn > 0 group by favorite"),
    Case(
      statement: "update Tie where rating < $low set rating = 2, timesWorn = timesWorn + 1",
      variables: ["low": (.double(3), "let low = 3.0")]),
    Case(statement: "delete Tie where lastWorn == nil OR NOT (timesWorn > 2)"),
    Case(statement: #"insert Tie name = "Silk", rating = 3, favorite = YES"#),
  ]

  /// A default value of each Swift type, for the generated classes' properties.
  static let defaults = [
    "String": "\"\"", "Bool": "false", "Int16": "0", "Int32": "0", "Int64": "0", "Double": "0",
    "Float": "0", "Date": "Date()", "UUID": "UUID()",
  ]

  func testTheSwiftExplainPrintsCompilesAndSelectsWhatBowqSelects() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(Self.wardrobe)
    let graph = interpreter.context.graph
    let model = graph.model
    var source = try Self.classes(of: model, graph: graph)
    var expected: [String] = []
    for (index, c) in Self.cases.enumerated() {
      interpreter.variables = c.variables.mapValues(\.value)
      let statement = try XCTUnwrap(Parser.parseScript(c.statement).first, c.statement)
      let lesson = StatementLesson(statement, model: model)
      let declarations = c.variables.values.map { "  \($0.swift)\n" }.joined()

      // Core Data: type-checked in a function that is never called.
      let coreData = try XCTUnwrap(lesson.coreDataSwift, c.statement)
      source +=
        "func coreData\(index)(context: NSManagedObjectContext) throws {\n" + declarations
        + coreData.split(separator: "\n").map { "  \($0)\n" }.joined() + "}\n\n"
      guard let (entityName, predicate, isOrdered) = Self.parts(of: statement) else { continue }
      let entity = try XCTUnwrap(model.entity(named: entityName))

      // What bowq selects: the statement's own fetch of objects, or a fetch of its
      // predicate.
      var fetch = "fetch \(entityName) where \(PredicateFormatter.format(predicate))"
      if case .fetch(let request) = statement.kind, request.select == nil { fetch = c.statement }
      guard case .objects(let result)? = try interpreter.run(fetch).last else {
        return XCTFail("\(fetch) fetched no objects")
      }
      let keys = result.ids.map(\.key)

      // SwiftData: compiled and run.
      guard case .code(let swiftData)? = lesson.swiftData else {
        XCTFail("\(c.statement) has no #Predicate: \(String(describing: lesson.swiftData))")
        continue
      }
      var lines = swiftData.split(separator: "\n").map { "  \($0)\n" }
      if swiftData.contains("let results = ") {
        lines.append("  print(\(index), results.map(\\.key)\(isOrdered ? "" : ".sorted()"))\n")
        expected.append("\(index) \(isOrdered ? keys : keys.sorted())")
      } else if swiftData.contains("let count = ") {
        lines.append("  print(\(index), count)\n")
        expected.append("\(index) \(keys.count)")
      } else {
        // What the predicate selects, before an update's or delete's loop runs.
        let binding = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  let predicate = ") })
        lines.insert(
          "  print(\(index), try objects.compactMap { $0 as? \(entityName) }"
            + ".filter { try predicate.evaluate($0) }.map(\\.key).sorted())\n",
          at: binding + 1)
        expected.append("\(index) \(keys.sorted())")
      }
      source += """
        do {
          let context = ModelContext(objects)
        \(declarations)\(lines.joined())} catch {
          print(\(index), error)
        }


        """

      // NSPredicate: its format and arguments, made by FormatPredicate, select the same.
      let (format, arguments) = CoreDataSwift.parameterizedFormat(
        predicate, on: entity, model)
      XCTAssertTrue(coreData.contains(Value.quoted(format)), "\(format) in \(coreData)")
      let made = try FormatPredicate(format: format, argumentArray: arguments)
      let variables = c.variables.mapValues { $0.value as Any? }
      var selected: [Int64] = []
      for key in graph.table(entityName).keys {
        let object = GraphObject(ObjectID(entity: entityName, key: key), in: graph)
        if try made.evaluate(with: object, substitutionVariables: variables) {
          selected.append(key)
        }
      }
      let all = try XCTUnwrap(
        try interpreter.run("fetch \(entityName) where \(PredicateFormatter.format(predicate))")
          .last)
      guard case .objects(let every) = all else { return XCTFail(c.statement) }
      XCTAssertEqual(selected.sorted(), every.ids.map(\.key).sorted(), "\(format) — \(c.statement)")
    }
    guard isInstalled("swiftc") else { throw XCTSkip("swiftc is not installed") }
    let folder = try makeTemporaryFolder("bowq-explain-swift")
    let main = folder.appendingPathComponent("main.swift")
    let program = folder.appendingPathComponent("explained")
    try source.write(to: main, atomically: true, encoding: .utf8)
    let stubs = GrammarTests.packageRoot.appendingPathComponent(
      "Tests/Fixtures/swift-stubs/CoreDataAndSwiftData.swift")
    // The Swift driver leaves a `TemporaryDirectory.*` folder in `TMPDIR` on every run:
    // point it into the test's folder, which goes when the test ends.
    let compiled = try runCommand(
      [
        "TMPDIR=\(folder.path)", "swiftc", "-Onone", stubs.path, main.path, "-o", program.path,
      ], expectSuccess: false)
    guard compiled.status == 0 else {
      return XCTFail("swiftc failed:\n\(compiled.output)\n\(source)")
    }
    let run = try runCommand([program.path])
    XCTAssertEqual(run.output.split(separator: "\n").map(String.init), expected, source)
  }

  /// The entity, predicate and whether the result is in a sort order, of a statement.
  static func parts(of statement: Statement) -> (String, PredicateSyntax, Bool)? {
    switch statement.kind {
    case .fetch(let request):
      return request.predicate.map {
        (request.entity.text, $0, !request.sort.isEmpty && request.select == nil)
      }
    case .count(let entity, let predicate?), .delete(let entity, let predicate?),
      .update(let entity, let predicate?, _):
      return (entity.text, predicate, false)
    default:
      return nil
    }
  }

  /// A class per entity, with its attributes and relationships as Swift properties and a
  /// `key`, and `objects`: every object of the graph, linked as the graph links them.
  static func classes(of model: Model, graph: ObjectGraph) throws -> String {
    var source = "import Foundation\n\n"
    var objects = "var objects: [Any] = []\n"
    var links = ""
    func name(_ id: ObjectID) -> String { "\(id.entity.lowercased())\(id.key)" }
    for entity in model.entities {
      source += "final class \(entity.name) {\n  var key: Int64 = 0\n"
      for attribute in entity.attributes {
        let type = try XCTUnwrap(SwiftDataPredicateCompileTests.swiftType(of: attribute.type))
        source +=
          attribute.isOptional
          ? "  var \(attribute.name): \(type)? = nil\n"
          : "  var \(attribute.name): \(type) = \(defaults[type] ?? "")\n"
      }
      for relationship in entity.relationships {
        source +=
          relationship.isToMany
          ? "  var \(relationship.name): [\(relationship.destination)] = []\n"
          : "  var \(relationship.name): \(relationship.destination)? = nil\n"
      }
      source += "}\n\n"
      let table = graph.table(entity.name)
      for key in table.keys {
        let row = try XCTUnwrap(table.row(for: key))
        let object = name(ObjectID(entity: entity.name, key: key))
        objects += "let \(object) = \(entity.name)()\n\(object).key = \(key)\n"
        for (slot, attribute) in entity.attributes.enumerated() {
          guard let literal = CoreDataSwift.swiftLiteral(row[slot]) else { continue }
          objects += "\(object).\(attribute.name) = \(literal)\n"
        }
        for relationship in entity.relationships {
          let slot = try XCTUnwrap(entity.slot(ofRelationship: relationship.name))
          switch row[slot] {
          case .object(let id):
            links += "\(object).\(relationship.name) = \(name(id))\n"
          case .collection(let members):
            let ids = members.compactMap { if case .object(let id) = $0 { id } else { nil } }
            links +=
              "\(object).\(relationship.name) = [\(ids.map(name).joined(separator: ", "))]\n"
          default:
            break
          }
        }
        objects += "objects.append(\(object))\n"
      }
    }
    return source + objects + links + "\n"
  }
}
