import BowQ
import Foundation

/// Results shared by the renderer tests.
enum ResultSetFixtures {
  /// A result with the given columns and rows; object keys count from 1.
  static func result(_ columns: [(String, AttributeType)], _ rows: [[Value]]) -> ResultSet {
    ResultSet(
      entity: "BowTie",
      columns: columns.map { ResultColumn(name: $0.0, type: ValueType($0.1)) },
      ids: rows.indices.map { ObjectID(entity: "BowTie", key: Int64($0 + 1)) },
      rows: rows)
  }

  /// 2024-05-01T12:00:00Z.
  static let mayDay = Date(timeIntervalSince1970: 1_714_564_800)

  /// Two bow ties: text, a double, an integer and a date; a wide name and nils.
  static let ties = result(
    [("name", .string), ("rating", .double), ("timesWorn", .int32), ("lastWorn", .date)],
    [
      [.string("Red"), .double(4.5), .int(3), .date(mayDay)],
      [.string("蝴蝶结"), .null, .int(12), .null],
    ])

  /// The same columns and no rows.
  static let none = result(
    [("name", .string), ("rating", .double), ("timesWorn", .int32), ("lastWorn", .date)], [])
}
