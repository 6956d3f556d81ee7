@testable import BowQ

extension EntityTable {
  /// Every object's values, in table order: what tests compare a table with.
  var rows: [[Value]] {
    (0..<count).map(row(at:))
  }
}
