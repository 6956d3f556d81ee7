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
        XCTAssertEqual(BuiltinFunction(named: name)?.rawValue, name, "\(name)()")
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
