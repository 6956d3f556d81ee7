import Foundation

/// Decodes a binary property list (`bplist00`) into a ``PropertyList``, for files that may be
/// damaged or hostile.
///
/// Every malformed input throws a ``PropertyListError`` with the byte offset of the problem;
/// nothing traps and no allocation is larger than the file. The reader checks the header
/// (only `bplist00`), the trailer (sizes 1–8, including libplist's 3, object count, top
/// object, table position) and CoreFoundation's exact length equation; every offset-table
/// entry, including unreferenced ones, must point into the object table. Each count is
/// checked against the bytes that remain before anything is allocated. References must
/// name existing objects; containers may not contain themselves or nest deeper than
/// ``maximumDepth``. Strings must be strict ASCII or strict UTF-16, dictionary keys unique
/// strings, reals 4 or 8 bytes, dates finite, and integers at most 16 bytes (a 16-byte
/// integer only for values that fit in `UInt64`). The rules live in
/// ``BinaryPlistScanner`` and ``BinaryPlistTraversal``, which the store decoder shares.
///
/// Objects bowq has no value for are errors: the null marker `0x00` (no bplist00 writer
/// emits it, and a store has no use for it), fill bytes, sets, UIDs (unless `readingUIDs`) and
/// the v1-only markers.
/// Unreferenced objects and gaps between objects, as CoreFoundation's writer leaves them,
/// are accepted.
///
/// Each container, string and data object is decoded once and remembered by index, so a
/// file that shares sub-objects many times decodes in time and memory linear in its size:
/// the decoded values share storage. Callers that walk a decoded value in full (printing it,
/// comparing it) still see every shared copy.
public enum BinaryPropertyListReader {
  /// The deepest nesting of containers accepted; the top object is at depth 0. This is
  /// CoreFoundation's limit on macOS.
  public static let maximumDepth = 512

  /// Decodes `data`, which must be a complete `bplist00` file. With `readingUIDs`, UIDs (the
  /// references of an `NSKeyedArchiver` archive) decode as ``PropertyList/uid(_:)``
  /// dictionaries instead of being refused.
  public static func decode(_ data: Data, readingUIDs: Bool = false) throws -> PropertyList {
    try data.withUnsafeBytes { bytes in
      var scanner = try BinaryPlistScanner(bytes)
      scanner.readsUIDs = readingUIDs
      var traversal = BinaryPlistTraversal(scanner)
      return try traversal.decode(scanner.topObject, at: nil)
    }
  }

  /// Checks `data` as ``decode(_:)`` does, without building its value.
  public static func validate(_ data: Data) throws {
    try data.withUnsafeBytes { bytes in
      let scanner = try BinaryPlistScanner(bytes)
      var traversal = BinaryPlistTraversal(scanner)
      try traversal.validate(scanner.topObject, at: nil)
    }
  }
}
