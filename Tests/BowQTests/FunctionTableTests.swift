import XCTest

@testable import BowQ

/// The tables of runtime operations hold together, so that adding an operation is adding a
/// row: names are unique, and every spelling finds its row.
final class FunctionTableTests: XCTestCase {
  /// Each of `names` at most once.
  private func assertUnique(
    _ names: [String], _ what: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let repeated = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys
    XCTAssertEqual(repeated.sorted(), [], "\(what) named twice", file: file, line: line)
  }

  /// The function a format string calls, bound (its arguments are variables, so that
  /// nothing is folded).
  private func called(_ format: String) -> BuiltinFunction? {
    do {
      let syntax = try FormatExpression(format: format).syntax
      let bound = try EvaluationSetting.bindDynamically { binder throws(LanguageError) in
        try binder.bind(syntax, on: nil)
      }
      guard case .function(let function, _) = bound.kind else { return nil }
      return function
    } catch {
      XCTFail("\(format): \(error)")
      return nil
    }
  }

  func testEveryFunctionRowHoldsTogether() {
    let functions = BuiltinFunction.all
    assertUnique(functions.map(\.name), "functions")
    assertUnique(functions.map(\.selector), "selectors")
    for function in functions {
      let selector = function.selector
      XCTAssertEqual(
        function.arity, selector.filter { $0 == ":" }.count,
        "\(selector) has one colon for each argument")
      let variables = (0..<function.arity).map { "$a\($0)" }
      let arguments = "(" + variables.joined(separator: ", ") + ")"
      XCTAssertEqual(called(selector + arguments), function, "\(selector)(…) is \(function.name)")
      let receiver = variables.first ?? "SELF"
      let rest = variables.dropFirst().map { ", " + $0 }.joined()
      XCTAssertEqual(
        called("FUNCTION(\(receiver), '\(selector)'\(rest))"), function,
        "FUNCTION(…, '\(selector)') is \(function.name)")
      if function.arity < 2 {
        XCTAssertEqual(called(function.name + arguments), function, "\(function.name)(…)")
      } else {
        XCTAssertNil(
          BuiltinFunction(named: function.name), "\(function.name) goes only by its selector")
      }
      XCTAssertEqual(
        function.arguments.contains(.collection), function.aggregate != nil,
        "\(function.name) takes a collection if and only if it is an aggregate")
      if let aggregate = function.aggregate {
        XCTAssertEqual(aggregate.function, function.name, "\(function.name) names its operation")
      }
    }
  }

  func testEveryAggregateSpellingResolvesToOneOperation() {
    let operations = AggregateOperation.all
    assertUnique(operations.map(\.name), "operations")
    assertUnique(operations.compactMap(\.collectionOperator), "collection operators")
    assertUnique(operations.compactMap(\.function), "functions")
    assertUnique(operations.flatMap(\.groupNames).map { $0.lowercased() }, "group aggregates")
    for operation in operations {
      XCTAssertFalse(
        operation.collectionOperator == nil && operation.function == nil
          && operation.groupNames.isEmpty,
        "\(operation.name) has no spelling")
      if let name = operation.collectionOperator {
        XCTAssertEqual(AggregateOperation(collectionOperator: name), operation, "@\(name)")
      }
      if let name = operation.function {
        XCTAssertEqual(BuiltinFunction(named: name)?.aggregate, operation, "\(name)()")
      }
      for name in operation.groupNames {
        XCTAssertEqual(AggregateOperation(groupName: name), operation, "\(name)() of a group")
        XCTAssertEqual(
          AggregateOperation(groupName: name.uppercased()), operation, "\(name)() in capitals")
      }
    }
    XCTAssertEqual(
      operations.filter(\.countsObjectsWithoutKeyPath).map(\.name), ["count"],
      "only count() goes without a key path in a group")
  }
}
