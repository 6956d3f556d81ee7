/// Why a keyed archive could not be decoded, and at which object of `$objects`.
public struct KeyedArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kinds of problem, so callers and tests can tell them apart without parsing text.
  public enum Kind: Hashable, Sendable {
    /// The bytes are not a property list; ``KeyedArchiveError/message`` says why.
    case notPropertyList
    /// A property list without `$archiver`, `$version`, `$objects` or `$top`.
    case notKeyedArchive
    /// A UID names an object past the end of `$objects`.
    case badReference
    /// `$class` is missing or does not lead to a `$classname` and `$classes`.
    case badClass
    /// A standard class (an array, dictionary, date, …) encoded without the fields it needs.
    case badObject
    /// Objects nest deeper than ``KeyedArchive/maximumDepth``.
    case tooDeep
    /// Shared objects expand past the budget of ``PropertyListExpansion``.
    case tooLarge
  }

  public var kind: Kind
  /// The index in `$objects` of the object where the problem was found, when there is one.
  public var objectIndex: Int?
  public var message: String

  public init(_ kind: Kind, object objectIndex: Int?, _ message: String) {
    self.kind = kind
    self.objectIndex = objectIndex
    self.message = message
  }

  public var description: String {
    let place = objectIndex.map { "keyed archive object \($0): " } ?? "keyed archive: "
    return place + message
  }
}
