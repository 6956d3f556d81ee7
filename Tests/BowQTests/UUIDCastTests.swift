import Foundation
import XCTest

@testable import BowQ

/// `CAST("…", "NSUUID")`: the way to write a UUID in a predicate, as an app passes an NSUUID
/// for `%@`. It evaluates, folds, prints back and is taught like the other casts.
final class UUIDCastTests: XCTestCase {
  private static let first = "6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01"
  private static let second = "0F4C9E2B-8D71-4A02-B6E3-5C2D1A9B7F02"

  private func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      BowTiesSample.modelSource + "\n"
        + #"""
        insert BowTie name = "Red", searchKey = "R", id = CAST("\#(Self.first)", "NSUUID")
        insert BowTie name = "Blue", searchKey = "B", id = CAST("\#(Self.second)", "NSUUID")
        """#)
    return interpreter
  }

  private func count(_ predicate: String, in interpreter: Interpreter) throws -> Int? {
    guard case .count(_, let n)? = try interpreter.run("count BowTie where " + predicate).first
    else { return nil }
    return n
  }

  func testAValidStringCastsToTheUUIDItSpells() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(try count(#"id == CAST("\#(Self.first)", "NSUUID")"#, in: interpreter), 1)
    XCTAssertEqual(
      try count(#"id == CAST("\#(Self.first.lowercased())", "NSUUID")"#, in: interpreter), 1,
      "NSUUID reads either case")
    XCTAssertEqual(try count(#"id != CAST("\#(Self.first)", "NSUUID")"#, in: interpreter), 1)
    XCTAssertEqual(
      try count(#"CAST(CAST("\#(Self.second)", "NSUUID"), "NSUUID") == id"#, in: interpreter), 1)
    XCTAssertEqual(try count(#"CAST(nil, "NSUUID") == nil"#, in: interpreter), 2)
    XCTAssertEqual(interpreter.notes, [])
  }

  func testInAcceptsCastUUIDs() throws {
    let interpreter = try makeInterpreter()
    let both = #"{CAST("\#(Self.first)", "NSUUID"), CAST("\#(Self.second)", "NSUUID")}"#
    XCTAssertEqual(try count("id IN " + both, in: interpreter), 2)
    XCTAssertEqual(
      try count(#"id IN {CAST("\#(Self.second)", "NSUUID"), "x"}"#, in: interpreter), 1)
    XCTAssertEqual(try count("NOT id IN " + both, in: interpreter), 0)
  }

  func testAnythingButAUUIDStringIsAClearError() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      interpreter.errorMessage(running: #"count BowTie where id == CAST("6E8B2A14", "NSUUID")"#),
      #""6E8B2A14" is not a UUID: write 32 hexadecimal digits in groups of 8-4-4-4-12, as "#
        + #""6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01""#)
    XCTAssertEqual(
      interpreter.errorMessage(running: #"count BowTie where id == CAST(3, "NSUUID")"#),
      "cannot CAST an integer to NSUUID")
    XCTAssertEqual(
      interpreter.errorMessage(running: #"count BowTie where CAST(name, "NSUUID") == id"#),
      #"1:20: "Red" is not a UUID: write 32 hexadecimal digits in groups of 8-4-4-4-12, as "#
        + #""6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01""#, "an attribute's value fails as it is read")
  }

  func testTheBinderFoldsTheCastToAUUIDConstant() throws {
    let model = try makeInterpreter().context.graph.model
    let statement = try XCTUnwrap(
      Parser.parseScript(#"fetch BowTie where id == CAST("\#(Self.first)", "NSUUID")"#).first)
    guard
      case .fetch(let fetch) = try Binder(model: model, variables: [:], now: Date())
        .bind(statement, selection: nil),
      case .comparison(let c)? = fetch.predicate
    else { return XCTFail("not a fetch with a comparison") }
    XCTAssertEqual(c.rhs.constantValue, .uuid(try XCTUnwrap(UUID(uuidString: Self.first))))
    XCTAssertEqual(c.rhs.type, .uuid)
  }

  func testItPrintsBackCanonically() throws {
    let lower = try FormatPredicate(
      format: #"id == CAST("\#(Self.first.lowercased())", "NSUUID")"#)
    XCTAssertEqual(lower.predicateFormat, #"id == CAST("\#(Self.first.lowercased())", "NSUUID")"#)
    let argument = try FormatPredicate(
      format: "id == %@", argumentArray: [try XCTUnwrap(UUID(uuidString: Self.first))])
    XCTAssertEqual(argument.predicateFormat, #"id == CAST("\#(Self.first)", "NSUUID")"#)
    XCTAssertEqual(
      try FormatPredicate(format: argument.predicateFormat).predicateFormat,
      argument.predicateFormat, "the printed form reads back")
    let id = try XCTUnwrap(UUID(uuidString: Self.second))
    XCTAssertEqual(try argument.evaluate(with: ["id": UUID(uuidString: Self.first)]), true)
    XCTAssertEqual(try argument.evaluate(with: ["id": id]), false)
    XCTAssertEqual(
      try FormatPredicate(format: "id IN %@", argumentArray: [[id]]).predicateFormat,
      #"id IN {CAST("\#(Self.second)", "NSUUID")}"#)
  }

  func testComparingAUUIDWithAStringSuggestsTheCast() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(try count(#"id == "\#(Self.first)""#, in: interpreter), 0)
    XCTAssertEqual(
      interpreter.notes.map(\.message),
      [
        #"id (a UUID) is never equal to a string: id == "\#(Self.first)" is false for every "#
          + #"object; write id == CAST("\#(Self.first)", "NSUUID")"#
      ])
    _ = try count(#"id == "R""#, in: interpreter)
    XCTAssertEqual(
      interpreter.notes.map(\.message),
      [
        #"id (a UUID) is never equal to a string: id == "R" is false for every object; write a "#
          + #"UUID as CAST("6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01", "NSUUID")"#
      ])
  }

  func testCoreDataSwiftPassesTheUUIDAsAnArgument() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(BowTiesSample.modelSource)
    let statement = try XCTUnwrap(
      Parser.parseScript(
        #"count BowTie where id == CAST("\#(Self.first)", "NSUUID") OR id IN "#
          + #"{CAST("\#(Self.second)", "NSUUID")}"#
      ).first)
    let lesson = try XCTUnwrap(StatementLesson(statement, model: interpreter.context.graph.model))
    XCTAssertEqual(
      lesson.coreDataSwift,
      #"""
      let request = NSFetchRequest<NSManagedObject>(entityName: "BowTie")
      request.predicate = NSPredicate(format: "id == %@ OR id IN %@", argumentArray: [UUID(uuidString: "\#(Self.first)")!, [UUID(uuidString: "\#(Self.second)")!]])
      let count = try context.count(for: request)
      """#)
  }

  func testCoreDataSwiftPassesADateAsAnArgument() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(BowTiesSample.modelSource)
    let statement = try XCTUnwrap(
      Parser.parseScript(
        #"count BowTie where lastWorn > CAST("2024-02-01T00:00:00Z", "NSDate") OR "#
          + #"lastWorn < CAST(728438400.5, "NSDate")"#
      ).first)
    let lesson = try XCTUnwrap(StatementLesson(statement, model: interpreter.context.graph.model))
    XCTAssertEqual(
      lesson.coreDataSwift,
      """
      let request = NSFetchRequest<NSManagedObject>(entityName: "BowTie")
      request.predicate = NSPredicate(format: "lastWorn > %@ OR lastWorn < %@", argumentArray: \
      [Date(timeIntervalSinceReferenceDate: 728438400), Date(timeIntervalSinceReferenceDate: 728438400.5)])
      let count = try context.count(for: request)
      """)
  }
}
