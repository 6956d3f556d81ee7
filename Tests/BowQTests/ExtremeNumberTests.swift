import XCTest

@testable import BowQ

/// Numbers at the edges of their types end in a clear error or the right answer, never a
/// crash or a silently wrong value: huge limits and offsets, Doubles a Decimal or a Float
/// cannot hold, NaN and the infinities.
final class ExtremeNumberTests: XCTestCase {
  func makeInterpreter() throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity N { d: Decimal?, f: Float?, x: Double?, r: Double? min 0 max 5 }
      insert N x = 1
      insert N x = 2
      insert N x = 3
      """)
    return interpreter
  }

  func testTheLargestLimitWithAnOffsetPagesWithoutOverflow() throws {
    let interpreter = try makeInterpreter()
    for statement in [
      "fetch N limit 9223372036854775807 offset 1",
      "fetch N select x limit 9223372036854775807 offset 1",
      "fetch N select distinct x limit 9223372036854775807 offset 1",
      "fetch N select x, count() as n group by x limit 9223372036854775807 offset 1",
      "fetch N select x, count() as n group by x having n > 0 limit 9223372036854775807 offset 1",
    ] {
      guard case .objects(let result)? = try interpreter.run(statement).last else {
        return XCTFail(statement)
      }
      XCTAssertEqual(result.rows.count, 2, statement)
    }
    guard
      case .objects(let beyond)? = try interpreter.run("fetch N limit 1 offset 9223372036854775807")
        .last
    else { return XCTFail("no result") }
    XCTAssertEqual(beyond.rows.count, 0)
  }

  func testDoublesADecimalCannotHoldAreRefused() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      interpreter.errorMessage(running: "insert N d = 1e308 * 10"),
      "d (Decimal) cannot hold inf: a Decimal holds only finite numbers")
    XCTAssertEqual(
      interpreter.errorMessage(running: "update N where x == 1 set d = sqrt(-1)"),
      "d (Decimal) cannot hold NaN: a Decimal holds only finite numbers")
    for huge in ["1e300", "-1e300", "1e-300"] {
      XCTAssertTrue(
        interpreter.errorMessage(running: "insert N d = \(huge)").hasSuffix(
          "it is outside Decimal's range (magnitudes from 1e-128 to about 1e165)"), huge)
    }
    _ = try interpreter.run("insert N d = 0.1")
    XCTAssertEqual(
      interpreter.context.graph.table("N").rows.last?[0], .decimal(Decimal(string: "0.1")!))
  }

  func testDecimalConversionKeepsTheShortestForm() {
    XCTAssertEqual(try Decimal.converting(0.1).get(), Decimal(string: "0.1"))
    XCTAssertEqual(try Decimal.converting(-0.0).get(), 0)
    XCTAssertEqual(
      try Decimal.converting(1e164).get(),
      Decimal(string: "10000000000000000000000000000000000000e127"))
    XCTAssertEqual(try Decimal.converting(1e128).get(), Decimal(string: "10e127"))
    XCTAssertEqual(try Decimal.converting(-2.5e-127).get(), Decimal(string: "-25e-128"))
    XCTAssertEqual(try Decimal.converting(123.456).get(), Decimal(string: "123.456"))
    guard case .failure(.notFinite(let nan)) = Decimal.converting(.nan) else {
      return XCTFail("NaN became a Decimal")
    }
    XCTAssertTrue(nan.isNaN)
    XCTAssertEqual(Decimal.converting(1e200), .failure(.outOfRange(1e200)))
    XCTAssertEqual(Decimal.converting(1e-140), .failure(.outOfRange(1e-140)))
  }

  func testNaNAndInfinityAndFloatOverflowAreRefusedAtTheEdit() throws {
    let interpreter = try makeInterpreter()
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch N where x == 1; set r = sqrt(-1)"),
      "r (Double) cannot hold NaN: it holds only finite numbers")
    XCTAssertEqual(
      interpreter.errorMessage(running: "insert N x = 1e308 * 10"),
      "x (Double) cannot hold inf: it holds only finite numbers")
    XCTAssertEqual(
      interpreter.errorMessage(running: "insert N f = 1e300"),
      "f (Float) cannot hold 1e+300: it is outside Float's range (about ±3.4e38)")
    _ = try interpreter.run("insert N f = 3e38")
    XCTAssertEqual(interpreter.context.graph.table("N").rows.last?[1], .double(Double(Float(3e38))))
  }

  func testNaNInAStoredValueFailsValidation() {
    let bounded = Attribute(
      name: "r", type: .double, isOptional: true, minimum: .double(0), maximum: .double(5))
    XCTAssertEqual(Validator.check(.double(.nan), against: bounded)?.0, .generic)
    XCTAssertEqual(
      Validator.check(.double(.nan), against: Attribute(name: "x", type: .double))?.0, .generic)
    XCTAssertEqual(Validator.check(.double(.infinity), against: bounded)?.0, .numberTooLarge)
  }

  /// Int64s beyond 2^53 compare exactly with each other and with Doubles, through the
  /// compiled fast paths (a constant on the right) and the general comparison alike.
  func testIntegersBeyondTwoToThe53CompareExactly() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      """
      entity V { v: Int64, w: Int64? }
      insert V v = 9007199254740993, w = 9007199254740992
      insert V v = 9007199254740992
      insert V v = 9223372036854775807
      """)
    func count(_ predicate: String) throws -> Int? {
      guard case .count(_, let n)? = try interpreter.run("count V where \(predicate)").last else {
        return nil
      }
      return n
    }
    XCTAssertEqual(try count("v == 9007199254740993"), 1)
    XCTAssertEqual(try count("v != 9007199254740993"), 2)
    XCTAssertEqual(try count("v > 9007199254740992"), 2)
    XCTAssertEqual(try count("v >= 9007199254740993 AND v < 9223372036854775807"), 1)
    XCTAssertEqual(try count("v == 9007199254740992.0"), 1)
    XCTAssertEqual(try count("v > 9007199254740992.0"), 2)
    XCTAssertEqual(try count("v < 9223372036854775807.0"), 3)
    XCTAssertEqual(try count("v > w"), 1)
    XCTAssertEqual(try count("v IN {9007199254740993}"), 1)
    XCTAssertEqual(try count("v BETWEEN {9007199254740993, 9007199254740993}"), 1)
    guard case .objects(let sorted)? = try interpreter.run("fetch V sort by v desc").last else {
      return XCTFail("no result")
    }
    XCTAssertEqual(
      sorted.rows.map { $0[0] },
      [.int(9_223_372_036_854_775_807), .int(9_007_199_254_740_993), .int(9_007_199_254_740_992)])
  }

  /// Every integer operation that traps in Swift for some operands (the remainder and the
  /// quotient of the least integer by -1, its negation and absolute value, shifts by huge
  /// counts, powers) ends in an error or a value, folded or evaluated per object (whose
  /// errors read `line:column: message`).
  func testIntegerOperationsThatCouldTrapAreErrors() throws {
    let interpreter = try makeInterpreter()
    _ = try interpreter.run(
      "entity I { i: Int64, j: Int64 }\ninsert I i = -9223372036854775807 - 1, j = -1")
    let least = "-9223372036854775807 - 1"
    let overflow = "integer overflow in modulus:by:(-9223372036854775808, -1)"
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch I where FUNCTION(\(least), 'modulus:by:', -1) == 0"),
      overflow)
    XCTAssertEqual(
      interpreter.errorMessage(running: "explain fetch I where modulus:by:(\(least), -1) == 0"),
      overflow)
    XCTAssertEqual(
      interpreter.errorMessage(running: "entity D { n: Int64 default modulus:by:(\(least), -1) }"),
      overflow)
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch I where modulus:by:(i, j) == 0"), "1:15: " + overflow
    )
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch I where FUNCTION(i, 'modulus:by:', j) == 0"),
      "1:15: " + overflow)
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch I where i / j == 0"),
      "1:15: integer overflow in -9223372036854775808 / -1")
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch I where divide:by:(i, j) == 0"),
      "1:15: integer overflow in -9223372036854775808 / -1")
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch I where -i == 0"),
      "1:15: integer overflow in -(-9223372036854775808)"
    )
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch I where abs(i) == 0"), "1:15: abs overflows")
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch I where i * j == 0"),
      "1:15: integer overflow in -9223372036854775808 * -1")
    // A shift count outside 0...63 has no defined value for NSInteger (C11 §6.5.7 ¶3).
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch I where leftshift:by:(i, 9223372036854775807) == 0"),
      "1:15: cannot shift -9223372036854775808 << 9223372036854775807: the count must be from 0 to 63"
    )
    XCTAssertEqual(
      interpreter.errorMessage(running: "fetch I where i << 1 == 0"),
      "1:15: integer overflow in -9223372036854775808 << 1")
    for statement in [
      "fetch I where rightshift:by:(i, 63) == -1",
      "fetch I where onesComplement(i) == 9223372036854775807",
      "fetch I where raise:toPower:(i, i) == 0",
      "fetch I where modulus:by:(i, 1) == 0",
    ] {
      XCTAssertEqual(interpreter.errorMessage(running: statement), "no error", statement)
    }
  }

  /// A `check` rule read from a store file is evaluated at save like one just defined: the
  /// remainder that overflows is a failed rule, not a crash.
  func testACheckRuleReadFromAStoreFailsWithoutTrapping() throws {
    let defining = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try defining.run(
      "entity R { n: Int64\ncheck modulus:by:(n, -1) == 0 else \"n must divide\" }")
    let graph = try StoreCodec.decodeData(try StoreCodec.encodeData(defining.context.graph))
    let reopened = Interpreter(context: Context(graph: graph), store: .memory)
    _ = try reopened.run("insert R n = -9223372036854775807 - 1")
    XCTAssertThrowsError(try reopened.run("save")) { error in
      XCTAssertEqual((error as? SaveError)?.errors.count, 1, "\(error)")
    }
  }

  func testNumericOrderOfIntegersAndDoubles() {
    XCTAssertEqual(
      NumericOrder.compare(9_007_199_254_740_993, 9_007_199_254_740_992.0), .orderedDescending)
    XCTAssertEqual(NumericOrder.compare(Int64.max, 9_223_372_036_854_775_808.0), .orderedAscending)
    XCTAssertEqual(NumericOrder.compare(Int64.min, -9_223_372_036_854_775_808.0), .orderedSame)
    XCTAssertEqual(NumericOrder.compare(Int64.min, -1e19), .orderedDescending)
    XCTAssertEqual(NumericOrder.compare(2, 2.5), .orderedAscending)
    XCTAssertEqual(NumericOrder.compare(-2, -2.5), .orderedDescending)
    XCTAssertEqual(NumericOrder.compare(3, 3.0), .orderedSame)
    XCTAssertNil(NumericOrder.compare(3, .nan))
    XCTAssertEqual(NumericOrder.compare(.double(2.5), .int(2)), .orderedDescending)
    XCTAssertEqual(NumericOrder.compare(.bool(true), .double(1)), .orderedSame)
    XCTAssertEqual(
      NumericOrder.compare(
        .decimal(Decimal(string: "9007199254740993")!), .int(9_007_199_254_740_992)),
      .orderedDescending)
    XCTAssertNil(NumericOrder.compare(.string("1"), .int(1)))
  }

  /// A Decimal's Double is the one its digits read as, where Foundation's `doubleValue`
  /// lands a few units away: checked against reading the digits for decimals of every size.
  func testADecimalsDoubleIsTheNearestToItsDigits() throws {
    XCTAssertEqual(Decimal(string: "3.3333333333")!.nearestDouble, 3.3333333333)
    XCTAssertEqual(Decimal(string: "-6.6666666666")!.nearestDouble, -6.6666666666)
    XCTAssertEqual(
      Decimal(string: "123456789012345678901234567890e-10")!.nearestDouble, 1.2345678901234568e19)
    XCTAssertTrue(Decimal.nan.nearestDouble.isNaN)
    XCTAssertEqual(Decimal(0).nearestDouble, 0)
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let digits = String(
        UInt64.random(in: 0...(1 << 62), using: &generator)
          >> UInt64.random(in: 0...61, using: &generator))
      let decimal = try XCTUnwrap(
        Decimal(string: "\(digits)e\(Int.random(in: -60...60, using: &generator))"))
      XCTAssertEqual(decimal.nearestDouble, Double(decimal.description), "\(decimal)")
    }
  }

  /// A Decimal equals a Double written with the same digits, in a predicate, in arithmetic
  /// and in a set, and orders against one by those digits.
  func testADecimalEqualsTheDoubleOfItsDigits() throws {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(
      "entity D { p: Decimal, q: Double }\ninsert D p = 3.3333333333, q = 3.3333333333")
    for predicate in [
      "p == 3.3333333333", "p == q", "q == p", "p * 1 == 3.3333333333", "p IN {2, 3.3333333333}",
      "p < 3.33333333331", "p > 3.33333333329", "p < 1e300", "p > 1e-300", "p > -1e300",
    ] {
      guard case .count(_, let n)? = try interpreter.run("count D where \(predicate)").last else {
        return XCTFail(predicate)
      }
      XCTAssertEqual(n, 1, predicate)
    }
    XCTAssertEqual(
      NumericOrder.compare(.decimal(Decimal(string: "0.1")!), .double(0.1)), .orderedSame)
    XCTAssertEqual(
      NumericOrder.compare(.double(0.1), .decimal(Decimal(string: "0.2")!)), .orderedAscending)
    XCTAssertEqual(NumericOrder.compare(.decimal(0), .double(1e-300)), .orderedAscending)
    XCTAssertEqual(NumericOrder.compare(.decimal(0), .double(-.infinity)), .orderedDescending)
    XCTAssertNil(NumericOrder.compare(.decimal(1), .double(.nan)))
    guard case .objects(let doubled)? = try interpreter.run("fetch D select p * 2").last else {
      return XCTFail("no rows")
    }
    XCTAssertEqual(doubled.rows.first?.first, .double(6.6666666666))
  }
}
