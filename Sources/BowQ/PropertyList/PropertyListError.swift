/// Why a property list could not be read or written, and where.
///
/// `offset` is the byte offset in the file where the problem was found (nil when the problem
/// has no single place, as for a JSON null reported by Foundation). The description reads
/// `byte 1234: offset table entry 7 points past the object table (…)`.
public struct PropertyListError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of problem, so callers and tests can tell them apart without parsing text.
  public enum Kind: Hashable, Sendable {
    /// The file is empty or does not start like any property-list format.
    case unknownFormat
    /// The `bplist` magic or its version is not `bplist00`.
    case badHeader
    /// The file is shorter than a header, one object and a trailer.
    case tooShort
    /// A trailer field is out of range (sizes, object count, top object, table offset).
    case badTrailer
    /// The trailer's table position and size do not add up to the file's length.
    case lengthMismatch
    /// An offset-table entry points outside the object table.
    case badOffset
    /// An object's payload, count or reference list runs past the object table.
    case truncated
    /// A reference names an object index that does not exist.
    case badReference
    /// A container contains itself.
    case cycle
    /// Containers nest deeper than ``BinaryPropertyListReader/maximumDepth``.
    case tooDeep
    /// Shared references make the list expand past its budget
    /// (``PropertyListExpansion/budget(forLength:)``) when followed.
    case tooLarge
    /// A string is not valid ASCII or UTF-16.
    case badString
    /// A dictionary key is not a string.
    case badKey
    /// A dictionary has the same key twice.
    case duplicateKey
    /// A marker that is unknown or that bowq does not read (null, sets, UIDs, fill).
    case unsupportedObject
    /// An integer, real or date of an invalid width or value.
    case badNumber
    /// An XML or JSON document Foundation could not parse, or a value it has no form for.
    case badText
  }

  public var kind: Kind
  /// The byte offset of the problem in the file, when it has one.
  public var offset: Int?
  public var message: String

  public init(_ kind: Kind, at offset: Int?, _ message: String) {
    self.kind = kind
    self.offset = offset
    self.message = message
  }

  public var description: String {
    offset.map { "byte \($0): \(message)" } ?? message
  }
}
