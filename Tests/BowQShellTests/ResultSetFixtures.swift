import BowQ
import Foundation

/// Results shared by the renderer tests.
enum ResultSetFixtures {
  /// A result of values with the given columns and rows, as `select` gives: no row is an
  /// object, so no renderer names one.
  static func result(_ columns: [(String, AttributeType)], _ rows: [[Value]]) -> ResultSet {
    ResultSet(
      entity: "BowTie",
      columns: columns.map { ResultColumn(name: $0.0, type: ValueType($0.1)) }, ids: [],
      rows: rows)
  }

  /// `result` as a fetch of whole objects gives it: each row a BowTie, keys from 1.
  static func objects(_ result: ResultSet) -> ResultSet {
    var objects = result
    objects.ids = result.rows.indices.map { ObjectID(entity: "BowTie", key: Int64($0 + 1)) }
    return objects
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

  /// Names whose lengths grow down the rows: "A", "B", then "Longer name" and "C".
  static let growing = result(
    [("name", .string), ("rating", .int16)],
    [
      [.string("A"), .int(1)], [.string("B"), .int(2)], [.string("Longer name"), .int(3)],
      [.string("C"), .int(4)],
    ])

  /// `result` whose rows count the times they are read in `reads`.
  static func counting(_ result: ResultSet, in reads: ReadCounter) -> ResultSet {
    var counted = result
    counted.rows = result.rows.mappingRows { row in
      reads.add()
      return row
    }
    return counted
  }
}

/// How many rows a renderer has read so far.
final class ReadCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func add() {
    lock.withLock { count += 1 }
  }

  var reads: Int { lock.withLock { count } }
}
