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
    // bowq deletes and updates the objects, validating at save: the loop over the
    // fetched objects is what matches it; the batch request, which skips validation, is
    // shown after it with its caveats.
    XCTAssertEqual(
      try lesson("delete BowTie where rating < 1").coreDataSwift,
      #"""
      let request = NSFetchRequest<NSManagedObject>(entityName: "BowTie")
      request.predicate = NSPredicate(format: "rating < %@", argumentArray: [1])
      for object in try context.fetch(request) {
        context.delete(object)
      }
      try context.save()
      // NSBatchDeleteRequest deletes in the store alone: no validation, and objects
      // already in the context are not told (merge the deleted IDs into it):
      // try context.execute(NSBatchDeleteRequest(fetchRequest: request as! NSFetchRequest<NSFetchRequestResult>))
      """#)
    XCTAssertEqual(
      try lesson(
        "update BowTie where timesWorn == 0 set isFavorite = NO, timesWorn = timesWorn + 1"
      )
      .coreDataSwift,
      #"""
      let request = NSFetchRequest<NSManagedObject>(entityName: "BowTie")
      request.predicate = NSPredicate(format: "timesWorn == %@", argumentArray: [0])
      for object in try context.fetch(request) {
        object.setValue(false, forKey: "isFavorite")
        object.setValue(NSExpression(format: "timesWorn + 1").expressionValue(with: object, context: nil), forKey: "timesWorn")
      }
      try context.save()
      // NSBatchUpdateRequest sets the values in the store alone: no validation, no undo, and
      // objects already in the context keep their old values (merge the updated IDs into it):
      // let update = NSBatchUpdateRequest(entityName: "BowTie")
      // update.predicate = request.predicate
      // update.propertiesToUpdate = ["isFavorite": false, "timesWorn": NSExpression(format: "timesWorn + 1")]
      // try context.execute(update)
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

  /// A string compared with a date attribute is the date it spells, in bowq: an app passes
  /// that `Date`. `$variables` are given by `withSubstitutionVariables(_:)`.
  func testDatesAreDateArgumentsAndVariablesAreSubstituted() throws {
    XCTAssertEqual(
      try lesson(#"count BowTie where lastWorn > "2024-02-01" AND "2024-03-01" >= lastWorn"#)
        .coreDataSwift,
      #"""
      let request = NSFetchRequest<NSManagedObject>(entityName: "BowTie")
      request.predicate = NSPredicate(format: "lastWorn > %@ AND %@ >= lastWorn", argumentArray: [Date(timeIntervalSinceReferenceDate: 728438400), Date(timeIntervalSinceReferenceDate: 730944000)])
      let count = try context.count(for: request)
      """#)
    XCTAssertEqual(
      try lesson(#"count BowTie where name == "2024-02-01" AND rating > $low"#).coreDataSwift,
      #"""
      let request = NSFetchRequest<NSManagedObject>(entityName: "BowTie")
      request.predicate = NSPredicate(format: "name == %@ AND rating > $low", argumentArray: ["2024-02-01"]).withSubstitutionVariables(["low": low])
      let count = try context.count(for: request)
      """#)
  }

  func testSwiftDataPredicates() throws {
    XCTAssertEqual(
      try lesson(#"count BowTie where timesWorn BETWEEN {1, 5} AND NOT name BEGINSWITH "B""#)
        .swiftData,
      .code(
        "let predicate = #Predicate<BowTie> { bowTie in (bowTie.timesWorn >= 1 && "
          + #"bowTie.timesWorn <= 5) && !(bowTie.name.starts(with: "B")) }"# + "\n"
          + "let count = try context.fetchCount(FetchDescriptor<BowTie>(predicate: predicate))"))
  }

  /// A Core Data model names its entities' classes (CoreDataPlus's Books: `BookV2`): the
  /// request is typed with it; bowq's own models name none.
  func testRequestsAreTypedWithTheClassTheModelNames() throws {
    let store = try copyCoreDataFixture("Books/Books.sqlite")
    let model = try CoreDataStore.open(path: store.path).graph.model
    let statement = try XCTUnwrap(Parser.parseScript("count Book where price > 5").first)
    XCTAssertEqual(
      StatementLesson(statement, model: model).coreDataSwift,
      #"""
      let request = NSFetchRequest<BookV2>(entityName: "Book")
      request.predicate = NSPredicate(format: "price > %@", argumentArray: [5])
      let count = try context.count(for: request)
      """#)
    XCTAssertEqual(
      try lesson("fetch BowTie").coreDataSwift?.split(separator: "\n").first,
      #"let request = NSFetchRequest<NSManagedObject>(entityName: "BowTie")"#)
  }

  /// A model of ties with owners and tags, for `#Predicate` through relationships.
  static let wardrobe = """
    entity Person { name: String, age: Int16?, ties: [Tie] inverse owner }
    entity Tie { name: String, rating: Double, lastWorn: Date?, owner: Person? inverse ties, \
    tags: [Tag] inverse tie }
    entity Tag { label: String, tie: Tie? inverse tags }
    """

  func swiftData(_ statement: String) throws -> SwiftDataPredicate? {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(Self.wardrobe)
    return StatementLesson(
      try XCTUnwrap(Parser.parseScript(statement).first), model: interpreter.context.graph.model
    ).swiftData
  }

  /// `#Predicate` follows relationships, unwraps optionals where it orders them, counts a
  /// to-many, tests its elements with `contains`/`allSatisfy`, captures `$variables`, and
  /// is used by a `FetchDescriptor` with the fetch's sort and limit.
  func testSwiftDataThroughRelationshipsAndOptionals() throws {
    XCTAssertEqual(
      try swiftData(#"fetch Tie where owner.name == "Ann" sort by rating desc, name limit 2"#),
      .code(
        """
        let predicate = #Predicate<Tie> { tie in tie.owner?.name == "Ann" }
        var descriptor = FetchDescriptor<Tie>(predicate: predicate, sortBy: [SortDescriptor(\\Tie.rating, order: .reverse), SortDescriptor(\\Tie.name)])
        descriptor.fetchLimit = 2
        let results = try context.fetch(descriptor)
        """))
    XCTAssertEqual(
      try swiftData(#"count Tie where lastWorn > "2024-02-01" AND owner.age > $age"#),
      .code(
        """
        let date = Date(timeIntervalSinceReferenceDate: 728438400)
        let predicate = #Predicate<Tie> { tie in (tie.lastWorn.flatMap { $0 > date } ?? false) && ((tie.owner?.age).flatMap { $0 > age } ?? false) }
        let count = try context.fetchCount(FetchDescriptor<Tie>(predicate: predicate))
        """))
    XCTAssertEqual(
      try swiftData(
        #"delete Tie where ANY tags.label == "silk" AND (ALL tags.label BEGINSWITH "s" "#
          + #"OR NONE tags.label == "x") AND tags.@count > 1"#),
      .code(
        #"let predicate = #Predicate<Tie> { tie in tie.tags.contains { $0.label == "silk" } && "#
          + #"(tie.tags.allSatisfy { $0.label.starts(with: "s") } || "#
          + #"!tie.tags.contains { $0.label == "x" }) && tie.tags.count > 1 }"# + "\n"
          + "for object in try context.fetch(FetchDescriptor<Tie>(predicate: predicate)) {\n"
          + "  context.delete(object)\n}\ntry context.save()"))
    XCTAssertEqual(
      try swiftData("update Tie where rating < 2 set rating = rating + 1, name = \"Old\""),
      .code(
        """
        let predicate = #Predicate<Tie> { tie in tie.rating < 2.0 }
        for object in try context.fetch(FetchDescriptor<Tie>(predicate: predicate)) {
          object.rating = (object.rating + 1.0)
          object.name = "Old"
        }
        try context.save()
        """))
    XCTAssertEqual(
      try swiftData("fetch Tie where tags.@max.label > \"a\""),
      .unavailable(
        "tags is a to-many: compare its elements with ANY, ALL or NONE, or count them with "
          + "@count"))
  }

  func testSwiftDataPredicatesCaptureUUIDsDeclaredBeforeThem() throws {
    let (a, b) = ("C81F4A63-3B5D-4E97-A2C8-9F6E1B0D3F05", "6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01")
    let fetched =
      "\nlet descriptor = FetchDescriptor<BowTie>(predicate: predicate)"
      + "\nlet results = try context.fetch(descriptor)"
    XCTAssertEqual(
      try lesson(#"fetch BowTie where id == CAST("\#(a)", "NSUUID")"#).swiftData,
      .code(
        #"let id = UUID(uuidString: "\#(a)")!"# + "\n"
          + "let predicate = #Predicate<BowTie> { bowTie in bowTie.id == id }" + fetched))
    XCTAssertEqual(
      try lesson(
        #"fetch BowTie where id != CAST("\#(a)", "NSUUID") AND CAST("\#(b)", "NSUUID") != id"#
      ).swiftData,
      .code(
        #"let id = UUID(uuidString: "\#(a)")!"# + "\n" + #"let id2 = UUID(uuidString: "\#(b)")!"#
          + "\n"
          + "let predicate = #Predicate<BowTie> { bowTie in bowTie.id != id && id2 != bowTie.id }"
          + fetched))
    XCTAssertEqual(
      try lesson(#"fetch BowTie where id IN {CAST("\#(a)", "NSUUID"), CAST("\#(b)", "NSUUID")}"#)
        .swiftData,
      .code(
        #"let ids = [UUID(uuidString: "\#(a)")!, UUID(uuidString: "\#(b)")!]"# + "\n"
          + "let predicate = #Predicate<BowTie> { bowTie in ids.contains(bowTie.id) }" + fetched))
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
