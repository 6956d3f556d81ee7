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

  /// The version a change of the row `key` of `table` gives it: one more than the version
  /// read, or 1 for a row without one.
  ///
  /// - Throws: a ``CoreDataStoreError/Kind/notWritable`` error naming the row when its
  ///   `Z_OPT` is `Int64.max`, which has no successor (a damaged or hostile store).
  func version(after table: String, _ key: Int64) throws(CoreDataStoreError) -> Int64 {
    guard let version = self[table, key] else { return 1 }
    guard version < Int64.max else {
      throw CoreDataStoreError(
        .notWritable,
        "the row Z_PK \(key) of \(table) has Z_OPT \(version), the largest version there is, "
          + "so a change to it cannot be counted; the store is damaged, and this object cannot "
          + "be changed in it")
    }
    return version + 1
  }
}
