/// A position in source text: a UTF-8 offset with its 1-based line and column.
///
/// Columns count characters, so a caret printed under a line lands under the right one.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var offset: Int
  public var line: Int
  public var column: Int

  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }

  public static let start = SourceLocation(offset: 0, line: 1, column: 1)

  public var description: String { "\(line):\(column)" }

  public static func < (a: SourceLocation, b: SourceLocation) -> Bool { a.offset < b.offset }
}

/// The span of source text a token or syntax node came from.
public struct SourceRange: Hashable, Sendable {
  public var start: SourceLocation
  public var end: SourceLocation

  public init(_ start: SourceLocation, _ end: SourceLocation) {
    self.start = start
    self.end = end
  }

  /// The range of something that has no place in the source (a rule checked at save).
  public static let nowhere = SourceRange(.start, .start)

  /// The smallest range covering both.
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(min(start, other.start), max(end, other.end))
  }
}
