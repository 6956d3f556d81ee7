/// Text the lexer cannot read as a token: why, and where.
///
/// The lexer throws this inside, so that a caller can tell the failures apart by their case
/// (a shell waits for another line only after an ``Reason/unterminatedString(quote:)``),
/// and hands it on as the ``LanguageError`` every stage of the language reports.
struct LexerError: Error, Hashable, Sendable {
  /// Why the text there is no token.
  enum Reason: Hashable, Sendable {
    /// `$` with no name after it.
    case missingVariableName
    /// `#` with no name after it.
    case missingEscapedName
    /// `@` with no collection operator after it.
    case missingCollectionOperator
    /// A string still open at the end of the text, begun with `quote`.
    case unterminatedString(quote: Unicode.Scalar)
    /// `\` and a letter that is no escape, such as `\q`.
    case unknownEscape(Unicode.Scalar)
    /// `\x` without two hex digits (`radix` 16), or `\` and an octal digit without three
    /// (`radix` 8).
    case invalidDigitsEscape(radix: Int)
    /// `\u{` with no `}` within eight characters.
    case unclosedUnicodeEscape
    /// `\u` whose digits are no Unicode scalar.
    case invalidUnicodeEscape(digits: String)
    /// `0x`, `0o` or `0b` (`prefix` is its letter) without digits of `radix` that fit 64 bits.
    case invalidPrefixedNumber(prefix: Unicode.Scalar, radix: Int, digits: String)
    /// A number followed at once by a letter, as in `3abc`.
    case numberRunsIntoName
    /// A number too large for a Double, as written (digits only).
    case numberTooLarge(String)
    /// A format specifier such as `%@`, spelt `spelling`, outside a format string.
    case formatArgumentInSource(spelling: String)
    /// A `%` in a format string that starts no specifier.
    case strayPercent
    /// A character that begins no token.
    case unexpectedCharacter(String)

    /// The message shown for the failure.
    var message: String {
      switch self {
      case .missingVariableName:
        return "expected a variable name after \"$\""
      case .missingEscapedName:
        return "expected a name after \"#\""
      case .missingCollectionOperator:
        return "expected a collection operator such as @count after \"@\""
      case .unterminatedString(let quote):
        return "unterminated string: add the closing \(quote)"
      case .unknownEscape(let escaped):
        return "unknown escape \"\\\(escaped)\" in a string (use \\\\ for a backslash)"
      case .invalidDigitsEscape(let radix):
        let (digits, example) = radix == 16 ? ("two hex", "\\x41") : ("three octal", "\\101")
        return "invalid escape: write \(digits) digits, as in \(example)"
      case .unclosedUnicodeEscape:
        return "expected \"}\" to close \\u{…}"
      case .invalidUnicodeEscape(let digits):
        return "invalid unicode escape \\u\(digits)"
      case .invalidPrefixedNumber(let prefix, let radix, let digits):
        return "invalid base-\(radix) number \"0\(prefix)\(digits)\""
      case .numberRunsIntoName:
        return "a number cannot run into a name here: put a space or operator between them"
      case .numberTooLarge(let text):
        return "number \(text) is too large"
      case .formatArgumentInSource(let spelling):
        return "\(spelling) is a format argument, which only a format string of the Swift "
          + "API takes (FormatPredicate(format:…)); write the value itself"
      case .strayPercent:
        return "\"%\" starts a format argument: \(FormatSpecifier.supported); "
          + "write %% for a percent sign"
      case .unexpectedCharacter(let character):
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first,
          scalar.properties.generalCategory == .control
        else { return "unexpected character \"\(character)\"" }
        let code = String(scalar.value, radix: 16, uppercase: true)
        return
          "unexpected character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code)"
          + (scalar == "\0" ? " (a NUL byte)" : "")
      }
    }
  }

  var reason: Reason
  /// The text that could not be read, for the caret.
  var range: SourceRange

  /// The error as the language reports it: a syntax error with the reason's message.
  var languageError: LanguageError {
    LanguageError(.syntax, reason.message, at: range)
  }
}
