import XCTest

@testable import BowQ

final class EntityTableTests: XCTestCase {
  private func table(keys: [Int64]) -> EntityTable {
    var table = EntityTable()
    for key in keys { table.insert([.int(key)], key: key) }
    return table
  }

  private func assertPositions(
    _ table: EntityTable, file: StaticString = #filePath, line: UInt = #line
  ) {
    for (position, key) in table.keys.enumerated() {
      XCTAssertEqual(table.position(of: key), position, "key \(key)", file: file, line: line)
      XCTAssertEqual(table.row(for: key), [.int(key)], file: file, line: line)
    }
    let absent = Set(0...(table.keys.max() ?? 0) + 2).subtracting(table.keys)
    for key in absent {
      XCTAssertNil(table.position(of: Int64(key)), "key \(key)", file: file, line: line)
    }
  }

  func testAppendingATableEmptiesIt() throws {
    var imported = EntityTable()
    for i in 1...5 { imported.insert([.string("tie \(i)"), .int(Int64(i))]) }
    let copy = imported
    var empty = EntityTable()
    var taken = imported
    XCTAssertEqual(try empty.append(emptying: &taken, firstKey: 1), 1..<6)
    XCTAssertEqual(taken.count, 0)
    XCTAssertEqual(empty, copy)
    var held = EntityTable()
    held.insert([.string("first"), .null])
    XCTAssertEqual(try held.append(emptying: &imported, firstKey: 1), 2..<7)
    XCTAssertEqual(imported.count, 0)
    XCTAssertEqual(imported.slotCount, 0)
    XCTAssertEqual(held.count, 6)
    XCTAssertEqual(held.row(for: 1), [.string("first"), .null])
    for i in 1...5 { XCTAssertEqual(held.row(for: Int64(i + 1)), copy.row(at: i - 1)) }
    XCTAssertEqual(copy.count, 5, "a copy of the table appended keeps its objects")
  }

  func testHandedOutKeysAreFoundByPosition() {
    var table = EntityTable()
    for i in 1...100 { XCTAssertEqual(table.insert([.int(Int64(i))]), Int64(i)) }
    assertPositions(table)
  }

  func testKeysAreFoundAfterDeletions() {
    var table = table(keys: Array(1...100))
    table.remove(keys: [1, 2, 50, 51, 52, 99])
    assertPositions(table)
    table.insert([.int(101)])
    assertPositions(table)
  }

  func testKeysInAnyOrderAreFound() {
    var table = table(keys: [3, 1, 7, 2])
    assertPositions(table)
    table.remove(keys: [1])
    assertPositions(table)
    table.insert([.int(4)], key: 4)
    assertPositions(table)
    table.remove(keys: [3])
    XCTAssertEqual(table.keys, [7, 2, 4])
    assertPositions(table)
  }

  func testKeysThatStopAscendingAreFound() {
    var table = table(keys: [5, 9, 12])
    table.insert([.int(6)], key: 6)
    assertPositions(table)
    table.remove(keys: [6])
    assertPositions(table)
    XCTAssertEqual(
      table, self.table(keys: [5, 9, 12]), "tables with equal keys and rows are equal")
  }

  func testUpdateFindsTheRow() {
    var table = table(keys: [2, 4, 8])
    table.update(key: 4, attribute: 0, to: .string("four"))
    XCTAssertEqual(table.rows, [[.int(2)], [.string("four")], [.int(8)]])
  }

  /// A table holds one value per attribute of every object: a larger value makes every
  /// store bigger in memory.
  func testValueStaysSmall() {
    XCTAssertLessThanOrEqual(MemoryLayout<Value>.stride, 24)
  }
}
