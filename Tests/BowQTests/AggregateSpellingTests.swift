import Foundation
import XCTest

@testable import BowQ

/// The three spellings of the statistical operations — the collection operators (`@sum`),
/// the functions (`sum:`, `average:`) and the aggregates of `select … group by`
/// (`sum(rating)`) — each with what it has always done on nil, empty and mixed input.
final class AggregateSpellingTests: XCTestCase {
  /// A value evaluated against `["nothing": nil, "name": "Ann"]`, as a bowq literal; the
  /// message of the error it raises (when made or when evaluated) otherwise.
  private func value(_ format: String) -> String {
    do {
      let result = try FormatExpression(format: format)
        .expressionValue(with: ["nothing": NSNull(), "name": "Ann"])
      return try FormatExpression(format: "%@", result).expressionFormat
    } catch let error as PredicateFormatError {
      return error.message
    } catch let error as PredicateEvaluationError {
      return error.message
    } catch {
      return "\(error)"
    }
  }

  func testCollectionOperators() {
    XCTAssertEqual(value("nothing.@count"), "0", "@count of nil is 0")
    for op in ["sum", "avg", "min", "max", "distinctUnionOfObjects"] {
      XCTAssertEqual(value("nothing.@\(op)"), "nil", "@\(op) of nil is nil")
    }
    XCTAssertEqual(value("{}.@count"), "0")
    XCTAssertEqual(value("{}.@sum"), "0")
    XCTAssertEqual(value("{}.@avg"), "0.0")
    XCTAssertEqual(value("{}.@min"), "nil")
    XCTAssertEqual(value("{}.@max"), "nil")
    XCTAssertEqual(value("{}.@distinctUnionOfObjects"), "{}")
    XCTAssertEqual(value("{1, nil, 1}.@count"), "3", "@count counts nil elements")
    XCTAssertEqual(value("{1, nil, 2}.@avg"), "1.5", "@avg leaves nil elements out")
    XCTAssertEqual(value("{2, nil, 1, 2}.@distinctUnionOfObjects"), "{2, 1}")
    XCTAssertEqual(value("{1, 2}.@sum"), "3", "integers add up to an integer")
    XCTAssertEqual(value("{1, 2.5}.@sum"), "3.5")
    XCTAssertEqual(
      value("{9223372036854775807, 1}.@sum"), "integer overflow in the sum of 2 integers",
      "an integer sum that overflows is an error, as + reports it")
    XCTAssertEqual(
      value("sum({9223372036854775807, 1})"), "integer overflow in the sum of 2 integers")
    XCTAssertEqual(
      value("sum({9223372036854775807, 1.0})"), "9.223372036854776e+18",
      "a sum with a real number is a real one")
    XCTAssertEqual(value("{'b', 'a'}.@min"), #""a""#)
    XCTAssertEqual(value("{1, 'a'}.@sum"), "@sum needs numbers, found a string")
    XCTAssertEqual(value("{1, 'a'}.@avg"), "@avg needs numbers, found a string")
    XCTAssertEqual(value("name.@count"), "@count needs a collection, not a string")
  }

  func testFunctions() {
    XCTAssertEqual(value("count(nothing)"), "nil", "a function of nil is nil, count too")
    XCTAssertEqual(value("sum(nothing)"), "nil")
    XCTAssertEqual(value("count({1, nil})"), "2", "count() counts nil elements")
    XCTAssertEqual(value("sum({})"), "0")
    XCTAssertEqual(value("average({})"), "0.0")
    XCTAssertEqual(value("min({})"), "nil")
    XCTAssertEqual(value("median({})"), "nil")
    XCTAssertEqual(value("stddev({})"), "nil")
    XCTAssertEqual(value("mode({})"), "{}")
    XCTAssertEqual(value("mode({1, 1, 2, nil})"), "{1.0}")
    XCTAssertEqual(value("median({3, nil, 1})"), "2.0")
    XCTAssertEqual(value("sum:({1, 2})"), "3")
    XCTAssertEqual(value("FUNCTION({1, 2}, 'average:')"), "1.5")
    XCTAssertEqual(value("sum({1, 'a'})"), "@sum needs numbers, found a string")
    XCTAssertEqual(value("average({1, 'a'})"), "@avg needs numbers, found a string")
    XCTAssertEqual(value("median({1, 'a'})"), "median() takes a collection, not a string")
    XCTAssertEqual(value("stddev(name)"), "stddev() takes a collection, not a string")
    XCTAssertEqual(value("avg({1})"), "unknown function avg().", "avg is no function name")
    XCTAssertEqual(value("SUM({1})"), #"unknown function SUM(). Did you mean "sum"?"#)
    XCTAssertEqual(
      value("TERNARY(now:() > CAST(0, 'NSDate'), 1, 0)"), "1",
      "a function of none takes a colon too")
  }

  private func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run("entity T { k: String, r: Double?, n: Int64?, s: String? }")
    return interpreter
  }

  private func result(_ interpreter: Interpreter, _ statement: String) throws -> ResultSet? {
    guard case .objects(let result)? = try interpreter.run(statement).last else { return nil }
    return result
  }

  func testGroupAggregatesOverNoObjects() throws {
    let interpreter = try makeInterpreter()
    let empty = try result(
      interpreter,
      "fetch T select count() as c, count(r) as cr, sum(r), sum(n), avg(r), min(r), max(n), "
        + "median(r), stddev(r)")
    XCTAssertEqual(
      empty?.rows,
      [[.int(0), .int(0), .int(0), .int(0), .double(0), .null, .null, .null, .null]],
      "without group by, no objects are one group")
    XCTAssertEqual(
      empty?.columns.map(\.type),
      [.integer, .integer, .double, .integer, .double, .double, .integer, .double, .double])
    XCTAssertEqual(try result(interpreter, "fetch T select k, count() group by k")?.rows, [])
  }

  func testGroupAggregates() throws {
    let interpreter = try makeInterpreter()
    _ = try interpreter.run(
      """
      insert T k = "a", r = 1, n = 2
      insert T k = "a", n = 3, s = "x"
      insert T k = "b", r = 4, n = 9223372036854775807
      insert T k = "b", r = 5, n = 1
      """)
    XCTAssertEqual(
      try result(
        interpreter,
        "fetch T select k, count() as c, count(r) as cr, sum(n), AVERAGE(r) as av, "
          + "FUNCTION(r, 'count') as fc, max(s), median:(r), stddev(r) where n < 10 group by k "
          + "sort by k")?
        .rows,
      [
        [
          .string("a"), .int(2), .int(1), .int(5), .double(1), .int(1), .string("x"), .double(1),
          .double(0),
        ],
        [
          .string("b"), .int(1), .int(1), .int(1), .double(5), .int(1), .null, .double(5),
          .double(0),
        ],
      ],
      "count(x) leaves nils out")
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch T select k, sum(n) group by k"),
      "1:1: integer overflow in the sum of 2 integers",
      "an integer sum that overflows is an error, as + reports it")
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch T select sum()"),
      "sum() needs a key path to aggregate, such as sum(rating)")
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch T select average:()"),
      "average() needs a key path to aggregate, such as average(rating)")
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch T select sum(s)"),
      "sum() adds up numbers, but s is a string")
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch T select median(nil)"),
      "median() adds up numbers, but nil is nil")
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch T select sum(r, n)"), "sum() takes 1 argument, not 2"
    )
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch T select mode(r)"),
      "mode() takes a collection, not a number" + Binder.appleEvaluatesIt,
      "mode is no aggregate of a group")
    XCTAssertEqual(
      try result(interpreter, "fetch T select sum({1, 2}) as three")?.rows,
      [[.int(3)], [.int(3)], [.int(3)], [.int(3)]],
      "a function of a collection is no aggregate of the group")
  }
}
