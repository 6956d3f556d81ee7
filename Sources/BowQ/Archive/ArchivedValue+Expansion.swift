extension ArchivedValue {
  /// How large the value is when walked in full, every shared object and array counted each
  /// time it appears, as printing it costs: one per value plus the bytes of its strings and
  /// data, counted no further than just past `limit`.
  ///
  /// Decoding shares objects, so a small archive can decode into a small value that expands
  /// to billions of values; code that walks a decoded value whole (``KeyedArchive``'s
  /// printers) measures it first. The measure takes time linear in the decoded value, not in
  /// its expansion: each object is measured once, by its index, and each array by its
  /// storage, which shared copies have in common.
  public func expandedSize(limit: Int) -> Int {
    var measure = ArchivedExpansionMeasure(limit: limit, ceiling: limit == .max ? limit : limit + 1)
    return measure.size(of: self)
  }
}

/// The expanded sizes of the objects and arrays of a value, remembered as they are measured.
private struct ArchivedExpansionMeasure {
  let limit: Int
  /// Just past the limit, where counting stops.
  let ceiling: Int
  var sizeByObject: [Int: Int] = [:]
  var sizeByStorage: [UnsafeRawPointer: Int] = [:]

  mutating func size(of value: ArchivedValue) -> Int {
    switch value {
    case .null, .integer, .unsignedInteger, .real, .bool, .date, .uuid, .reference: return 1
    case .string(let s), .url(let s): return capped(1, s.utf8.count)
    case .data(let d): return capped(1, d.count)
    case .array(let elements), .set(let elements): return capped(1, size(of: elements))
    case .dictionary(let entries):
      var total = 1
      for entry in entries where total <= limit {
        total = capped(total, capped(size(of: entry.key), size(of: entry.value)))
      }
      return total
    case .object(let object):
      if let known = sizeByObject[object.index] { return known }
      var total = 1
      for field in object.fields where total <= limit {
        total = capped(total, capped(field.name.utf8.count, size(of: field.value)))
      }
      sizeByObject[object.index] = total
      return total
    }
  }

  /// The expanded size of the elements, measured once per storage.
  private mutating func size(of elements: [ArchivedValue]) -> Int {
    let storage = elements.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    if let storage, let known = sizeByStorage[storage] { return known }
    var total = 0
    for element in elements where total <= limit {
      total = capped(total, size(of: element))
    }
    if let storage { sizeByStorage[storage] = total }
    return total
  }

  /// `a + b`, no further than ``ceiling``.
  private func capped(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? ceiling : min(sum, ceiling)
  }
}
