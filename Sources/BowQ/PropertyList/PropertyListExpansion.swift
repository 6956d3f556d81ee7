/// How large a property list is when every shared sub-value is counted each time it
/// appears: the size that printing it, converting it to JSON or XML, importing it or writing
/// it again costs.
///
/// A binary property list is a graph, and ``BinaryPropertyListReader`` decodes each object
/// once, so a file of a few hundred bytes whose arrays refer to one another 16 times over, 12
/// levels deep, decodes into a small value that expands to 16^12 leaves. Readers that hand
/// a decoded value on to code that walks it in full (``PropertyListDecoding``, and the store
/// file's salvage) measure it first against ``budget(forLength:)`` and refuse what exceeds
/// it with ``PropertyListError/Kind/tooLarge``.
///
/// The measure counts one for each value plus the bytes of each string and data value, so
/// that one long string repeated many times counts as what it will cost. It is computed in
/// time linear in the decoded value's storage, not in its expansion: arrays (and the
/// values of dictionaries) that share storage are measured once, by the address of that
/// storage, which the shared copies have in common while the value is alive.
public enum PropertyListExpansion {
  /// The smallest budget, whatever the file's length: 1 Mi values and bytes.
  public static let minimumBudget = 1 << 20
  /// How many times its own length a file may expand to.
  public static let lengthFactor = 16

  /// The expansion allowed for a property list read from `length` bytes: 16 times the
  /// length, at least ``minimumBudget``. A file without shared containers expands to less
  /// than that: each value takes at least one byte of the file, and a repeated string at
  /// least a reference of one byte.
  public static func budget(forLength length: Int) -> Int {
    max(minimumBudget, length.multipliedReportingOverflow(by: lengthFactor).partialValue)
  }

  /// Throws ``PropertyListError/Kind/tooLarge`` when `plist` expands to more than `budget`
  /// values and bytes.
  public static func check(_ plist: PropertyList, budget: Int) throws {
    var measure = Measure(limit: budget)
    guard measure.size(of: plist) <= budget else {
      throw PropertyListError(
        .tooLarge, at: nil,
        "the property list expands to more than \(budget) values and bytes of strings and "
          + "data when its shared references are followed (shared references nested too "
          + "deep or repeated too often)")
    }
  }

  /// How large `plist` is with its shared references followed, as ``check(_:budget:)``
  /// measures it, counted no further than just past `limit`.
  static func size(of plist: PropertyList, limit: Int) -> Int {
    var measure = Measure(limit: limit)
    return measure.size(of: plist)
  }

  /// The expanded size of values, remembered by the storage of their arrays, counting no
  /// further than just past `limit`.
  private struct Measure {
    let limit: Int
    var sizeByStorage: [UnsafeRawPointer: Int] = [:]

    mutating func size(of plist: PropertyList) -> Int {
      switch plist {
      case .string(let s): return 1 + s.utf8.count
      case .data(let d): return 1 + d.count
      case .integer, .unsignedInteger, .real, .bool, .date: return 1
      case .array(let elements): return 1 + size(of: elements)
      case .dictionary(let dictionary):
        let keys = dictionary.keys.reduce(0) { $0 + 1 + $1.utf8.count }
        return min(limit + 1, 1 + keys + size(of: dictionary.values))
      }
    }

    /// The expanded size of the elements, measured once per storage.
    private mutating func size(of elements: [PropertyList]) -> Int {
      let storage = elements.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
      if let storage, let known = sizeByStorage[storage] { return known }
      var total = 0
      for element in elements {
        total += size(of: element)
        if total > limit { break }
      }
      total = min(total, limit + 1)
      if let storage { sizeByStorage[storage] = total }
      return total
    }
  }
}
