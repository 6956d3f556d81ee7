import XCTest

@testable import BowQ

/// Errors, warnings and notes that teach: each says what was likely meant.
final class TeachingErrorTests: XCTestCase {
  func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Person { name: String, ties: [Tie] inverse owner }
      entity Tie { name: String, searchKey: String, rating: Double, favorite: Bool, owner: Person? inverse ties }
      insert Person name = "Ann"
      insert Tie name = "Red Bow Tie", searchKey = "R", rating = 3.5, favorite = NO, owner = Person where name == "Ann"
      """)
    return interpreter
  }

  func testAnUnquotedStringIsOfferedQuoted() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch Tie where searchKey == R"),
      #"unknown property "R" on Tie. If you meant the string "R", quote it: searchKey == "R""#)
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch Tie where R == searchKey"),
      #"unknown property "R" on Tie. If you meant the string "R", quote it: "R" == searchKey"#)
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch Tie where rating == R"),
      #"unknown property "R" on Tie."#, "a number is compared: no string is offered")
  }

  func testAPredicateWithoutWhereSaysToAddIt() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      interpreter.errorMessage(running: #"fetch Tie searchKey == "R""#),
      #"a predicate needs "where" before it: where searchKey == "R""#)
    XCTAssertEqual(
      interpreter.errorMessage(running: "update Tie rating < 1 OR rating > 5 set rating = 1"),
      #"a predicate needs "where" before it: where rating < 1 OR rating > 5"#)
    XCTAssertEqual(
      interpreter.errorMessage(running: "delete Tie oops"),
      #"unexpected "oops" after the statement; end it with a newline or ";""#,
      "no predicate follows: the error is about the word")
    XCTAssertEqual(interpreter.errorMessage(running: "fetch Tie sort by name limit 1"), "no error")
  }

  func testEqualityAcrossTypesWarnsAndStillMatchesNothing() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      try interpreter.run(#"count Tie where favorite == "YES""#), [.count(entity: "Tie", 0)])
    XCTAssertEqual(
      interpreter.notes.map(\.message),
      [
        #"favorite (a Boolean) is never equal to a string: favorite == "YES" is false for every object; write favorite == YES"#
      ])
    _ = try interpreter.run(#"fetch Tie where rating != "3.5""#)
    XCTAssertEqual(
      interpreter.notes.map(\.message),
      [
        #"rating (a number) is never equal to a string: rating != "3.5" is true for every object; write rating != 3.5"#
      ])
    XCTAssertEqual(interpreter.notes.map(\.kind), [.warning])
    _ = try interpreter.run("count Tie where rating == 3.5")
    XCTAssertEqual(interpreter.notes, [], "each statement has its own notes")
  }

  func testAnEmptyResultThatCaseInsensitivityWouldFillGetsANote() throws {
    let interpreter = try makeInterpreter()
    let note =
      #"no Tie has name == "red bow tie", but "Red Bow Tie" differs only in case: name ==[c] "red bow tie" ignores case"#
    _ = try interpreter.run(#"fetch Tie where name == "red bow tie""#)
    XCTAssertEqual(interpreter.notes.map(\.message), [note])
    XCTAssertEqual(interpreter.notes.map(\.kind), [.note])
    _ = try interpreter.run(#"count Tie where name == "red bow tie" AND rating > 1"#)
    XCTAssertEqual(interpreter.notes.map(\.message), [note])
    _ = try interpreter.run(#"count Tie where name == "Red Bow Tie" AND rating > 4"#)
    XCTAssertEqual(interpreter.notes, [], "the name matches as written: case is not the reason")
    _ = try interpreter.run(#"fetch Tie where name == "blue bow tie""#)
    XCTAssertEqual(interpreter.notes, [], "nothing differs only in case")
  }

  func testAStringOperatorThatCaseInsensitivityWouldFillGetsANoteToo() throws {
    let interpreter = try makeInterpreter()
    _ = try interpreter.run(#"count Tie where name CONTAINS "red""#)
    XCTAssertEqual(
      interpreter.notes.map(\.message),
      [
        #"no Tie has name CONTAINS "red", but "Red Bow Tie" would match if case were ignored: name CONTAINS[c] "red" ignores case"#
      ])
    _ = try interpreter.run(#"count Tie where name LIKE "*BOW*""#)
    XCTAssertEqual(interpreter.notes.count, 1)
    _ = try interpreter.run(#"count Tie where name CONTAINS "Bow""#)
    XCTAssertEqual(interpreter.notes, [], "a fetch that found objects gets no note")
  }

  func testComparingAToManyWithOneValueAsksForAny() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      interpreter.errorMessage(running: #"fetch Person where ties.name == "Red Bow Tie""#),
      #"ties.name is a collection, and a collection never equals one value: compare its elements with ANY, ALL or NONE (ANY ties.name == "Red Bow Tie"), or count them with @count"#
    )
    XCTAssertEqual(
      interpreter.errorMessage(running: #"fetch Person where ANY ties.name == "Red Bow Tie""#),
      "no error")
  }
}
