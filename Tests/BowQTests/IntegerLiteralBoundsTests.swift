import XCTest

@testable import BowQ

/// Integer literals at Int64's bounds: `-9223372036854775808` is Int64.min exactly, in
/// statements and predicates alike, and a literal past Int64 is refused by an integer
/// attribute as too large, not as "not a whole number".
final class IntegerLiteralBoundsTests: XCTestCase {
  private func interpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run("entity N { i: Int64?, small: Int16? }")
    return interpreter
  }

  func testInt64MinIsReadAsTheIntegerItIs() throws {
    let interpreter = try interpreter()
    _ = try interpreter.run("insert N i = -9223372036854775808")
    _ = try interpreter.run("insert N i = -0x8000000000000000")
    XCTAssertEqual(
      interpreter.context.graph.table("N").row(at: 0), [.int(Int64.min), .null])
    XCTAssertEqual(
      interpreter.context.graph.table("N").row(at: 1), [.int(Int64.min), .null])
    XCTAssertEqual(
      try interpreter.run("count N where i == -9223372036854775808").last,
      .count(entity: "N", 2))
    XCTAssertEqual(
      try interpreter.run("count N where i < -9223372036854775807").last, .count(entity: "N", 2))
    let predicate = try FormatPredicate(format: "i == -9223372036854775808")
    XCTAssertEqual(predicate.predicateFormat, "i == -9223372036854775808")
  }

  func testALiteralPastInt64IsTooLargeForAnIntegerAttribute() throws {
    let interpreter = try interpreter()
    for (statement, expected) in [
      ("insert N i = 9223372036854775808", "9223372036854775808 is too large for Int64"),
      ("insert N i = -10000000000000000000", "-10000000000000000000 is too small for Int64"),
      ("insert N small = 9223372036854775808", "out of range for small (Int16 holds -32768…32767)"),
    ] {
      let message = interpreter.errorMessage(running: statement)
      XCTAssertTrue(message.contains(expected), "\(statement): \(message)")
      XCTAssertFalse(message.contains("not a whole number"), "\(statement): \(message)")
    }
    XCTAssertEqual(interpreter.context.graph.table("N").count, 0)
  }
}
