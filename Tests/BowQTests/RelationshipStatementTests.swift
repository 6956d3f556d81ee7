import XCTest

@testable import BowQ

/// Relationships through the language: definitions, assignments, key paths, ANY/ALL/NONE,
/// collection operators, SUBQUERY, delete rules and validation.
final class RelationshipStatementTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_717_243_200)

  func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(
      context: Context(graph: ObjectGraph()), store: .memory, clock: { [now] in now })
    _ = try interpreter.run(
      """
      entity BowTie {
        name: String
        rating: Double default 0
        owner: Person? inverse ties
        tags: [Tag] inverse ties
      }
      entity Person {
        name: String unique
        ties: [BowTie] inverse owner delete cascade max 3
      }
      entity Tag { label: String, ties: [BowTie] inverse tags }
      insert Person name = "Ann"
      insert Person name = "Bob"
      insert Tag label = "silk"
      insert Tag label = "wool"
      insert BowTie name = "Red", rating = 4, owner = Person where name == "Ann", tags = Tag where label == "silk"
      insert BowTie name = "Blue", rating = 2, owner = Person where name == "Ann", tags = Tag where TRUEPREDICATE
      insert BowTie name = "Green", rating = 5
      save
      """)
    return interpreter
  }

  func count(_ interpreter: Interpreter, _ statement: String) throws -> Int {
    guard case .count(_, let n)? = try interpreter.run(statement).last else { return -1 }
    return n
  }

  func testAssignmentsKeepInversesInStep() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(try count(interpreter, "count Person where ties.@count == 2"), 1)
    _ = try interpreter.run(
      "update BowTie where name == \"Green\" set owner = Person where name == \"Bob\"")
    XCTAssertEqual(
      try count(interpreter, "count Person where name == \"Bob\" AND ties.@count == 1"), 1)
    _ = try interpreter.run(
      "fetch Person where name == \"Ann\"; set ties -= BowTie where name == \"Red\"")
    XCTAssertEqual(try count(interpreter, "count BowTie where owner == nil"), 1)
    _ = try interpreter.run("set ties += BowTie where name BEGINSWITH \"R\"")
    XCTAssertEqual(try count(interpreter, "count BowTie where owner.name == \"Ann\""), 2)
  }

  func testKeyPathsAndQualifiersThroughRelationships() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(try count(interpreter, "count BowTie where owner.name == \"Ann\""), 2)
    XCTAssertEqual(try count(interpreter, "count Person where ANY ties.rating > 3"), 1)
    XCTAssertEqual(
      try count(interpreter, "count Person where ALL ties.rating > 3"), 1,
      "Bob has no ties: ALL is true")
    XCTAssertEqual(try count(interpreter, "count Person where NONE ties.rating > 3"), 1)
    XCTAssertEqual(try count(interpreter, "count Person where ties.@avg.rating == 3"), 1)
    XCTAssertEqual(try count(interpreter, "count Person where ties.@max.rating == 4"), 1)
    XCTAssertEqual(try count(interpreter, "count Tag where ties.owner.name CONTAINS \"Ann\""), 2)
    XCTAssertEqual(try count(interpreter, "count Tag where ANY ties.owner.name == \"Ann\""), 2)
    XCTAssertEqual(
      try count(interpreter, "count Person where SUBQUERY(ties, $t, $t.rating > 3).@count > 0"), 1)
    XCTAssertEqual(
      try count(
        interpreter, "count Person where SUBQUERY(ties, $t, $t.name BEGINSWITH name).@count == 0"),
      2)
    XCTAssertEqual(try count(interpreter, "count BowTie where SELF IN owner.ties"), 2)
  }

  func testDistinctRowsSortByTheKeyPathTheirColumnIsNamedAfter() throws {
    let interpreter = try makeInterpreter()
    guard
      case .objects(let result)? = try interpreter.run(
        "fetch BowTie select distinct owner.name sort by owner.name desc"
      ).last
    else { return XCTFail("no rows") }
    XCTAssertEqual(result.columns.map(\.name), ["owner.name"])
    XCTAssertEqual(result.rows.map { $0 }, [[.string("Ann")], [.null]])
  }

  func testAToManyNeedsAQualifier() throws {
    let interpreter = try makeInterpreter()
    XCTAssertThrowsError(try interpreter.run("count Person where ties.rating > 3")) { error in
      XCTAssertTrue(
        (error as? LanguageError)?.message.contains("ANY, ALL or NONE") == true, "\(error)")
    }
    XCTAssertThrowsError(try interpreter.run("count BowTie where ANY rating > 3")) { error in
      XCTAssertTrue(
        (error as? LanguageError)?.message.contains("needs a collection") == true, "\(error)")
    }
  }

  func testCascadeDeletesAndCountsAreValidated() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try interpreter.run("delete Person where name == \"Ann\"").last,
      .report(.deleted(entity: "Person", count: 1, cascaded: 2)))
    XCTAssertEqual(try count(interpreter, "count BowTie"), 1)
    XCTAssertEqual(
      try count(interpreter, "count Tag where ties.@count == 0"), 2,
      "the cascade nullified the tags")
    _ = try interpreter.run("undo")
    _ = try interpreter.run("insert BowTie name = \"A\"; insert BowTie name = \"B\"")
    _ = try interpreter.run(
      "update Person where name == \"Ann\" set ties += BowTie where name IN {\"A\", \"B\"}")
    XCTAssertThrowsError(try interpreter.run("save")) { error in
      XCTAssertEqual((error as? SaveError)?.errors.map(\.code), [.relationshipExceedsMaximumCount])
    }
  }

  func testAToOneTakesExactlyOneObject() throws {
    let interpreter = try makeInterpreter()
    XCTAssertThrowsError(
      try interpreter.run("update BowTie set owner = Person where name == \"Zed\"")
    ) { error in
      XCTAssertTrue("\(error)".contains("no Person matches"), "\(error)")
    }
    XCTAssertThrowsError(
      try interpreter.run("update BowTie set owner = Person where TRUEPREDICATE")
    ) { error in
      XCTAssertTrue("\(error)".contains("2 Person objects match"), "\(error)")
    }
    XCTAssertThrowsError(
      try interpreter.run("update BowTie set owner += Person where TRUEPREDICATE")
    ) { error in
      XCTAssertTrue("\(error)".contains("to-one"), "\(error)")
    }
    _ = try interpreter.run("update BowTie set owner = nil")
    XCTAssertEqual(try count(interpreter, "count Person where ties.@count > 0"), 0)
  }

  func testDenyRefusesTheSave() throws {
    let interpreter = try makeInterpreter()
    _ = try interpreter.run(
      "entity Person { name: String unique, ties: [BowTie] inverse owner delete deny }\ndelete Person where name == \"Ann\""
    )
    XCTAssertThrowsError(try interpreter.run("save")) { error in
      XCTAssertEqual((error as? SaveError)?.errors.map(\.code), [.deniedDelete])
    }
  }

  func testInverseMustPointBack() throws {
    let interpreter = try makeInterpreter()
    XCTAssertThrowsError(try interpreter.run("entity Hat { owner: Person? inverse hats }")) {
      error in
      XCTAssertEqual(
        (error as? LanguageError)?.message,
        "Person has no relationship \"hats\" to be the inverse of owner.")
    }
    XCTAssertThrowsError(try interpreter.run("entity Hat { owner: Person? inverse ties }")) {
      error in
      XCTAssertTrue(
        (error as? LanguageError)?.message.contains("cannot be the inverse") == true, "\(error)")
    }
  }

  /// An inverse that names no relationship pointing back is refused when the entity is
  /// defined (by itself, by a redefinition that removes the other side, or by an imported
  /// model), with a message naming both relationships, and the model stays as it was.
  func testAnInverseThatNamesNoRelationshipIsRefusedWhenDefined() throws {
    let empty = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    XCTAssertThrowsError(try empty.run("entity Person { ties: [Person] inverse owner }")) { error in
      XCTAssertEqual(
        (error as? LanguageError)?.message,
        #"Person.ties names Person.owner as its inverse, but Person has no relationship "owner"."#)
    }
    XCTAssertNil(empty.context.graph.model.entity(named: "Person"))
    let interpreter = try makeInterpreter()
    XCTAssertThrowsError(try interpreter.run("entity Person { name: String unique }")) { error in
      XCTAssertEqual(
        (error as? LanguageError)?.message,
        #"BowTie.owner names Person.ties as its inverse, but Person has no relationship "ties"."#)
    }
    XCTAssertThrowsError(
      try interpreter.run("entity Person { name: String unique, ties: [Tag] inverse ties }")
    ) { error in
      XCTAssertEqual(
        (error as? LanguageError)?.message,
        "Tag.ties points to BowTie with inverse tags, so it cannot be the inverse of Person.ties"
      )
    }
    XCTAssertNotNil(
      interpreter.context.graph.model.entity(named: "Person")?.relationship(named: "ties"))
    _ = try interpreter.run("save")

    let model = try makeTemporaryFolder("bowq-inverse").appendingPathComponent("People.xcdatamodel")
    try FileManager.default.createDirectory(at: model, withIntermediateDirectories: true)
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
      <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" \
      lastSavedToolsVersion="21754" systemVersion="22E261" minimumToolsVersion="Automatic" \
      sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
          <entity name="Person" representedClassName="Person" syncable="YES">
              <attribute name="name" attributeType="String"/>
          </entity>
      </model>
      """.utf8
    ).write(to: model.appendingPathComponent("contents"))
    XCTAssertThrowsError(try interpreter.run("import model \"\(model.path)\"")) { error in
      XCTAssertEqual(
        (error as? EvaluationError)?.message,
        #"BowTie.owner names Person.ties as its inverse, but Person has no relationship "ties"."#)
    }
    XCTAssertNotNil(
      interpreter.context.graph.model.entity(named: "Person")?.relationship(named: "ties"),
      "a refused import changes nothing")
  }

  func testEntityRulesAndCompoundUniqueness() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Tie {
        name: String, color: String, worn: Int16 default 0, lastWorn: Date?
        unique (name, color)
        check worn == 0 OR lastWorn != nil else "a worn tie has a last-worn date"
      }
      insert Tie name = "A", color = "red", worn = 2
      insert Tie name = "A", color = "red"
      """)
    XCTAssertThrowsError(try interpreter.run("save")) { error in
      let errors = (error as? SaveError)?.errors ?? []
      XCTAssertEqual(errors.map(\.code), [.generic, .constraintMerge, .constraintMerge])
      XCTAssertEqual(errors.first?.message, "a worn tie has a last-worn date")
    }
  }

  func testLightweightMigration() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      "entity Hat { name: String, size: Int16 }\ninsert Hat name = \"Fez\", size = 3\nsave")
    _ = try interpreter.run(
      "entity Hat { title: String renamed from name, size: Int16, color: String default \"black\" }"
    )
    XCTAssertEqual(
      interpreter.context.graph.table("Hat").rows, [[.string("Fez"), .int(3), .string("black")]])
    XCTAssertThrowsError(try interpreter.run("entity Hat { title: String, size: String }")) {
      error in
      XCTAssertTrue(
        (error as? LanguageError)?.message.contains("cannot change Hat.size from Int16 to String")
          == true, "\(error)")
    }
    XCTAssertThrowsError(
      try interpreter.run("entity Hat { title: String, size: Int16, brim: Double }")
    ) { error in
      XCTAssertTrue(
        (error as? LanguageError)?.message.contains("cannot add the required attribute brim")
          == true, "\(error)")
    }
    XCTAssertEqual(
      interpreter.context.graph.table("Hat").rows, [[.string("Fez"), .int(3), .string("black")]],
      "a refused migration changes nothing")
  }
}
