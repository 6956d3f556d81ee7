/// Something a statement that ran is worth telling beyond its result: a comparison that can
/// never hold as written, or an empty result that a string option would have filled. The
/// shell prints each with the statement's text and a caret, as it prints errors.
public struct StatementNote: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    /// The statement is likely not what was meant.
    case warning
    /// A hint on what the statement found.
    case note
  }

  public var kind: Kind
  public var message: String
  /// The part of the statement the note is about.
  public var range: SourceRange

  public init(_ kind: Kind, _ message: String, at range: SourceRange) {
    self.kind = kind
    self.message = message
    self.range = range
  }
}
