/// The version (`Z_OPT`) of each row of a Core Data store as bowq last read or wrote it, by
/// table and `Z_PK`. A save back into the store changes or deletes a row only while its
/// version in the file is still this one, as Core Data's optimistic locking does; a row
/// changed by another program meanwhile is a merge conflict.
public struct CoreDataRowVersions: Hashable, Sendable {
  private var byTable: [String: [Int64: Int64]] = [:]

  public init() {}

  /// The version of the row `key` of `table`; nil when the row has none (it was not read,
  /// or its `Z_OPT` is NULL).
  subscript(table: String, key: Int64) -> Int64? {
    get { byTable[table]?[key] }
    set { byTable[table, default: [:]][key] = newValue }
  }
}
