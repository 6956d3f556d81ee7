/// One token of bowq source text.
///
/// Tokens are kept small (the rare large payloads, a format specifier or argument, are
/// boxed), as a statement holds all of its tokens while it is parsed.
public struct Token: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// A name or keyword. Keywords are recognised by the parser, case-insensitively, so
    /// statement words (`fetch`, `set`) stay usable as attribute names where unambiguous.
    case identifier(String)
    /// A name written `#name`: never a keyword.
    case escapedIdentifier(String)
    /// `$name`.
    case variable(String)
    /// `@count`, `@sum`, … inside key paths.
    case collectionOperator(String)
    case integer(Int64)
    /// An integer literal too large for Int64, kept as its value in a Double, and exactly
    /// when it fits a UInt64: `-9223372036854775808` is Int64.min, whose magnitude is one.
    case bigInteger(Double, magnitude: UInt64?)
    case real(Double)
    case string(String)
    case punctuation(Punctuation)
    /// `%@`, `%K`, `%d`, … in a format string (``Lexer/Mode/formatString``): where an
    /// argument of the Swift API goes.
    indirect case formatSpecifier(FormatSpecifier)
    /// A format argument's value, put in place of a ``formatSpecifier(_:)`` before parsing.
    /// No text lexes as this, so an argument can never change a predicate's structure.
    indirect case argument(Value)
    /// The end of a line outside any bracket: a statement separator.
    case newline
    case endOfInput
  }

  public var kind: Kind
  public var range: SourceRange
}

/// Operators and punctuation, by their canonical spelling.
public enum Punctuation: String, Hashable, Sendable, CaseIterable {
  case leftParen = "("
  case rightParen = ")"
  case leftBrace = "{"
  case rightBrace = "}"
  case leftBracket = "["
  case rightBracket = "]"
  case comma = ","
  case dot = "."
  case semicolon = ";"
  case colon = ":"
  case question = "?"
  case assign = "="
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case and = "&&"
  case or = "||"
  case not = "!"
  case plus = "+"
  case minus = "-"
  case star = "*"
  case slash = "/"
  case power = "**"
  case ampersand = "&"
  case bar = "|"
  case caret = "^"
  case tilde = "~"
  case shiftLeft = "<<"
  case shiftRight = ">>"
  case percent = "%"
  case assignVariable = ":="
  case addAssign = "+="
  case removeAssign = "-="
}

extension Punctuation {
  /// For an opening bracket, the one that closes it; any other punctuation is itself.
  public var closingBracket: Punctuation {
    switch self {
    case .leftParen: return .rightParen
    case .leftBracket: return .rightBracket
    case .leftBrace: return .rightBrace
    default: return self
    }
  }
}

extension Token.Kind: CustomStringConvertible {
  /// How the token is named in "expected …, found …" messages.
  public var description: String {
    switch self {
    case .identifier(let s), .escapedIdentifier(let s): return "\"\(s)\""
    case .variable(let s): return "$\(s)"
    case .collectionOperator(let s): return "@\(s)"
    case .integer(let v): return String(v)
    case .bigInteger(let v, _), .real(let v): return "\(v)"
    case .string(let s): return Value.quoted(s)
    case .punctuation(let p): return "\"\(p.rawValue)\""
    case .formatSpecifier(let specifier): return specifier.spelling
    case .argument(let value): return value.literalText
    case .newline: return "end of line"
    case .endOfInput: return "end of input"
    }
  }
}
