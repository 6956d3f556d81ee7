import Foundation

/// A Binary value kept in a file beside the store instead of in its column: the SHA-256 of
/// its bytes, which is the file's name in the store's ``ExternalDataFolder``, and its length.
///
/// Only values of an attribute marked `external` that are at least
/// ``StoreCodec/externalDataThreshold`` bytes long are kept apart; every other value is data
/// in its column. In the column, the reference is the dictionary
/// `{external: "<64 lowercase hex digits>", length: <integer>}` and nothing else.
///
/// Files are named by their contents rather than by a UUID, as Core Data names them: equal
/// values share one file, a value already on disk is never written again, and a name can
/// never stand for other bytes, so a store and its files stay consistent whichever of them a
/// crash interrupts.
struct ExternalDataReference: Hashable {
  /// The lowercase hexadecimal SHA-256 of the bytes.
  var hash: String
  /// The number of bytes.
  var length: Int

  /// The keys of the dictionary that stands for the value in its column.
  static let hashKey = "external"
  static let lengthKey = "length"

  /// The reference to `data`, hashing it.
  init(to data: Data) {
    hash = data.withUnsafeBytes { SHA256.hexDigest($0) }
    length = data.count
  }

  /// The reference a column's dictionary holds: exactly a hash (64 lowercase hexadecimal
  /// digits) under `external` and a non-negative integer under `length`.
  init(_ dictionary: PropertyListDictionary) throws {
    guard case .string(let hash) = dictionary[Self.hashKey], Self.isHash(hash) else {
      throw StoreValueEncoding.Mismatch(
        message: "a value kept in an external file needs its SHA-256 (64 lowercase hexadecimal "
          + "digits) under \"\(Self.hashKey)\"; found "
          + (dictionary[Self.hashKey]?.kindDescription ?? "nothing"))
    }
    guard case .integer(let length) = dictionary[Self.lengthKey], length >= 0,
      let count = Int(exactly: length)
    else {
      throw StoreValueEncoding.Mismatch(
        message: "a value kept in an external file needs its length in bytes under "
          + "\"\(Self.lengthKey)\"; found "
          + (dictionary[Self.lengthKey]?.kindDescription ?? "nothing"))
    }
    if let extra = dictionary.keys.first(where: { $0 != Self.hashKey && $0 != Self.lengthKey }) {
      throw StoreValueEncoding.Mismatch(
        message: "a value kept in an external file has only \"\(Self.hashKey)\" and "
          + "\"\(Self.lengthKey)\", found \(Value.quoted(extra))")
    }
    self.hash = hash
    self.length = count
  }

  /// Whether `data`, a value of `column`, is kept in an external file.
  static func isKeptApart(_ data: Data, in column: StoreColumn) -> Bool {
    isKeptApart(length: data.count, in: column)
  }

  /// Whether a value of `length` bytes of `column` is kept in an external file.
  static func isKeptApart(length: Int, in column: StoreColumn) -> Bool {
    column.allowsExternalStorage && length >= StoreCodec.externalDataThreshold
  }

  /// Whether `name` is a hash as files are named: 64 lowercase hexadecimal digits.
  static func isHash<Name: StringProtocol>(_ name: Name) -> Bool {
    name.utf8.count == 64
      && name.utf8.allSatisfy {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
      }
  }
}
