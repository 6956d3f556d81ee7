import XCTest

@testable import BowQ

/// A fetch's rows are made from the table as they are read, and stay those of the moment
/// of the fetch.
final class ResultRowsTests: XCTestCase {
  func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity Tie { name: String, rating: Int16 }
      insert Tie name = "Red", rating = 4
      insert Tie name = "Blue", rating = 2
      insert Tie name = "Green", rating = 5
      """)
    return interpreter
  }

  func fetched(_ statement: String, _ interpreter: Interpreter) throws -> ResultSet {
    guard case .objects(let result) = try interpreter.run(statement).last else {
      throw XCTSkip("\(statement) did not fetch")
    }
    return result
  }

  func testRowsOfAFetchAreTheObjectsInPlanOrder() throws {
    let interpreter = try makeInterpreter()
    let result = try fetched("fetch Tie where rating > 3 sort by rating desc", interpreter)
    XCTAssertEqual(
      result.rows, ResultRows([[.string("Green"), .int(5)], [.string("Red"), .int(4)]]))
    XCTAssertEqual(result.rows.count, 2)
    XCTAssertEqual(result.rows[1], [.string("Red"), .int(4)])
    XCTAssertEqual(Array(result.rows.reversed()).first, [.string("Red"), .int(4)])
  }

  func testAFetchedResultDoesNotChangeWithLaterEdits() throws {
    let interpreter = try makeInterpreter()
    let result = try fetched("fetch Tie sort by name", interpreter)
    _ = try interpreter.run("update Tie set rating = 1")
    _ = try interpreter.run("delete Tie where name == 'Blue'")
    XCTAssertEqual(result.rows.map { $0[1] }, [.int(2), .int(5), .int(4)])
  }

  func testRowsKeptEitherWayAreEqualAndHashAlike() throws {
    let interpreter = try makeInterpreter()
    let lazy = try fetched("fetch Tie", interpreter).rows
    let made = ResultRows(Array(lazy))
    XCTAssertEqual(lazy, made)
    XCTAssertEqual(lazy.hashValue, made.hashValue)
    XCTAssertNotEqual(lazy, ResultRows(Array(lazy.dropLast())))
    XCTAssertEqual(ResultRows([]), [])
  }

  func testMappedRowsChangeEachRowAsItIsRead() throws {
    let interpreter = try makeInterpreter()
    let rows = try fetched("fetch Tie sort by name", interpreter).rows.mappingRows {
      $0.map { value in value == .int(2) ? .int(20) : value }
    }
    XCTAssertEqual(rows.count, 3)
    XCTAssertEqual(rows.map { $0[1] }, [.int(20), .int(5), .int(4)])
  }
}
