import Foundation

/// Encodes a ``PropertyList`` as a binary property list (`bplist00`).
///
/// The output follows what CoreFoundation, `plistlib` and `PropertyListEncoder` read:
/// strings, integers, reals, dates, data and Booleans are written once per distinct value
/// (compared exactly: by code units and bit patterns, so `0.0` and `-0.0` stay apart) and
/// shared by reference; arrays and dictionaries are never shared. Offsets and references use
/// the smallest of 1, 2, 4 or 8 bytes that holds them. Negative integers take 8 bytes,
/// integers above `Int64.max` 16. ASCII strings are stored as bytes, all others as UTF-16
/// big-endian. Dictionary entries keep the dictionary's order. The root is object 0. The
/// rules live in ``BinaryPlistBuilder``, which the store encoder shares.
///
/// Encoding is iterative (no recursion), breadth first, and appends to a single buffer.
public enum BinaryPropertyListWriter {
  /// Encodes `plist`.
  ///
  /// - Throws: ``PropertyListError`` when containers nest deeper than
  ///   ``BinaryPropertyListReader/maximumDepth`` (readers reject such files) or a date is not
  ///   a finite number of seconds.
  public static func encode(_ plist: PropertyList) throws -> Data {
    var builder = BinaryPlistBuilder(capacity: 4096)
    let top = try write(plist, into: &builder, depth: 0)
    return builder.finish(top: top)
  }

  /// A container whose index is reserved and whose children are not written yet.
  private struct PendingContainer {
    var index: Int
    var keys: [String]?
    var values: [PropertyList]
    var depth: Int
  }

  /// Adds `plist` and everything below it to `builder`, `depth` levels below the top of the
  /// file, and returns its index.
  static func write(_ plist: PropertyList, into builder: inout BinaryPlistBuilder, depth: Int)
    throws -> Int
  {
    var pending: [PendingContainer] = []
    func reference(to value: PropertyList, depth: Int) throws -> Int {
      switch value {
      case .array(let elements):
        return try enqueue(keys: nil, values: elements, depth: depth)
      case .dictionary(let dictionary):
        return try enqueue(keys: dictionary.keys, values: dictionary.values, depth: depth)
      case .string(let s): return builder.string(s)
      case .integer(let i): return builder.integer(i)
      case .unsignedInteger(let u): return builder.unsignedInteger(u)
      case .real(let r): return builder.real(r)
      case .date(let d): return try builder.date(d.timeIntervalSinceReferenceDate)
      case .bool(let b): return builder.bool(b)
      case .data(let d): return d.withUnsafeBytes { builder.data($0) }
      }
    }
    func enqueue(keys: [String]?, values: [PropertyList], depth: Int) throws -> Int {
      guard depth <= BinaryPropertyListReader.maximumDepth else {
        throw PropertyListError(
          .tooDeep, at: nil,
          "containers nest deeper than \(BinaryPropertyListReader.maximumDepth) levels")
      }
      let index = builder.reserveContainer()
      pending.append(PendingContainer(index: index, keys: keys, values: values, depth: depth))
      return index
    }
    let top = try reference(to: plist, depth: depth)
    var next = 0
    while next < pending.count {
      let container = pending[next]
      next += 1
      let keyRefs = (container.keys ?? []).map { builder.string($0) }
      var valueRefs: [Int] = []
      valueRefs.reserveCapacity(container.values.count)
      for value in container.values {
        valueRefs.append(try reference(to: value, depth: container.depth + 1))
      }
      if container.keys == nil {
        builder.beginArray(container.index, count: valueRefs.count)
        for ref in valueRefs { try builder.addReference(ref) }
      } else {
        try builder.setDictionary(container.index, keys: keyRefs, values: valueRefs)
      }
    }
    return top
  }
}
