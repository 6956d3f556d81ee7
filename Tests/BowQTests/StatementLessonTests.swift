import XCTest

@testable import BowQ

/// What `explain` teaches: the predicate's outline and predicateFormat, and the Swift of a
/// Core Data app for each kind of statement.
final class StatementLessonTests: XCTestCase {
  func lesson(_ statement: String) throws -> StatementLesson {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(BowTiesSample.modelSource)
    return try XCTUnwrap(
      StatementLesson(
        try XCTUnwrap(Parser.parseScript(statement).first),
        model: interpreter.context.graph.model))
  }

  func testAFetchTeachesItsPredicateAndItsRequest() throws {
    let fetch = try lesson(
      #"fetch BowTie where rating > 3 AND (name CONTAINS[c] "blue" OR searchKey IN {"R", "B"}) "#
        + "sort by rating desc, name localizedStandard limit 3 offset 1")
    XCTAssertEqual(
      fetch.predicateFormat,
      #"rating > 3 AND (name CONTAINS[c] "blue" OR searchKey IN {"R", "B"})"#)
    XCTAssertEqual(fetch.predicate?.kind, .and)
    XCTAssertEqual(fetch.predicate?.children.map(\.kind), [.comparison, .or])
    XCTAssertEqual(
      fetch.coreDataSwift,
      #"""
      let request = NSFetchRequest<NSManagedObject>(entityName: "BowTie")
      request.predicate = NSPredicate(format: "rating > %@ AND (name CONTAINS[c] %@ OR searchKey IN %@)", argumentArray: [3, "blue", ["R", "B"]])
      request.sortDescriptors = [NSSortDescriptor(key: "rating", ascending: false), NSSortDescriptor(key: "name", ascending: true, selector: #selector(NSString.localizedStandardCompare(_:)))]
      request.fetchLimit = 3
      request.fetchOffset = 1
      let results = try context.fetch(request)
      """#)
    XCTAssertEqual(
      fetch.swiftData,
      .unavailable(
        "[c]: #Predicate compares strings exactly; localizedStandardContains(_:) is the "
          + "closest, for CONTAINS[cd]"))
  }

  func testSelectAsksForDictionaryResults() throws {
    XCTAssertEqual(
      try lesson("fetch BowTie select distinct searchKey, avg(rating) as mean group by searchKey")
        .coreDataSwift,
      #"""
      let request = NSFetchRequest<NSDictionary>(entityName: "BowTie")
      request.resultType = .dictionaryResultType
      let column2 = NSExpressionDescription()
      column2.name = "mean"
      column2.expression = NSExpression(forFunction: "average:", arguments: [NSExpression(forKeyPath: "rating")])
      column2.expressionResultType = .doubleAttributeType
      request.propertiesToFetch = ["searchKey", column2]
      request.returnsDistinctResults = true
      request.propertiesToGroupBy = ["searchKey"]
      let results = try context.fetch(request)
      """#)
  }

  func testCountsAndEditsAreCoreDataRequests() throws {
    XCTAssertEqual(
      try lesson("count BowTie where isFavorite == YES").coreDataSwift,
      #"""
      let request = NSFetchRequest<NSManagedObject>(entityName: "BowTie")
      request.predicate = NSPredicate(format: "isFavorite == %@", argumentArray: [true])
      let count = try context.count(for: request)
      """#)
    XCTAssertEqual(
      try lesson("delete BowTie where rating < 1").coreDataSwift,
      #"""
      let request = NSFetchRequest<NSFetchRequestResult>(entityName: "BowTie")
      request.predicate = NSPredicate(format: "rating < %@", argumentArray: [1])
      let delete = NSBatchDeleteRequest(fetchRequest: request)
      try context.execute(delete)
      """#)
    XCTAssertEqual(
      try lesson(
        "update BowTie where timesWorn == 0 set isFavorite = NO, timesWorn = timesWorn + 1"
      )
      .coreDataSwift,
      #"""
      let update = NSBatchUpdateRequest(entityName: "BowTie")
      update.predicate = NSPredicate(format: "timesWorn == %@", argumentArray: [0])
      update.propertiesToUpdate = ["isFavorite": false, "timesWorn": NSExpression(format: "timesWorn + 1")]
      try context.execute(update)
      """#)
    XCTAssertEqual(
      try lesson(#"insert BowTie name = "Polka", rating = 3.5"#).coreDataSwift,
      #"""
      let object = NSEntityDescription.insertNewObject(forEntityName: "BowTie", into: context)
      object.setValue("Polka", forKey: "name")
      object.setValue(3.5, forKey: "rating")
      """#)
    XCTAssertNil(try lesson("save").coreDataSwift)
    XCTAssertNil(try lesson("insert BowTie").predicate)
  }

  func testSwiftDataPredicates() throws {
    XCTAssertEqual(
      try lesson(#"count BowTie where timesWorn BETWEEN {1, 5} AND NOT name BEGINSWITH "B""#)
        .swiftData,
      .code(
        "#Predicate<BowTie> { bowTie in (bowTie.timesWorn >= 1 && bowTie.timesWorn <= 5) && "
          + #"!(bowTie.name.starts(with: "B")) }"#))
  }

  func testSwiftDataPredicatesCaptureUUIDsDeclaredBeforeThem() throws {
    let (a, b) = ("C81F4A63-3B5D-4E97-A2C8-9F6E1B0D3F05", "6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01")
    XCTAssertEqual(
      try lesson(#"fetch BowTie where id == CAST("\#(a)", "NSUUID")"#).swiftData,
      .code(
        #"let id = UUID(uuidString: "\#(a)")!"# + "\n"
          + "#Predicate<BowTie> { bowTie in bowTie.id == id }"))
    XCTAssertEqual(
      try lesson(
        #"fetch BowTie where id != CAST("\#(a)", "NSUUID") AND CAST("\#(b)", "NSUUID") != id"#
      ).swiftData,
      .code(
        #"let id = UUID(uuidString: "\#(a)")!"# + "\n" + #"let id2 = UUID(uuidString: "\#(b)")!"#
          + "\n" + "#Predicate<BowTie> { bowTie in bowTie.id != id && id2 != bowTie.id }"))
    XCTAssertEqual(
      try lesson(#"fetch BowTie where id IN {CAST("\#(a)", "NSUUID"), CAST("\#(b)", "NSUUID")}"#)
        .swiftData,
      .code(
        #"let ids = [UUID(uuidString: "\#(a)")!, UUID(uuidString: "\#(b)")!]"# + "\n"
          + "#Predicate<BowTie> { bowTie in ids.contains(bowTie.id) }"))
    XCTAssertEqual(
      try lesson(#"fetch BowTie where id > CAST("\#(a)", "NSUUID")"#).swiftData,
      .unavailable("> on UUID: #Predicate compares UUIDs here only with ==, != and IN"))
    XCTAssertEqual(
      try lesson(#"fetch BowTie where id == "\#(a)""#).swiftData,
      .unavailable(
        "a string compared with a UUID: Swift does not compare them, and NSPredicate finds "
          + "them unequal"))
  }
}
