/// Turns source text into tokens.
///
/// Newlines separate statements, so the lexer emits a ``Token/Kind/newline`` for a line
/// break outside parentheses and brackets (inside braces too: entity bodies are written one
/// attribute per line). A `\` that ends a line joins the next line to it (the line break is
/// then a space, as in a shell). `--` starts a comment to the end of the line, and a `#!`
/// first line is skipped so scripts can be run as `#!/usr/bin/env bowq`.
public struct Lexer {
  /// What the text is: bowq source, or a format string of the Swift API.
  public enum Mode: Sendable {
    /// Statements, scripts and predicates typed at the prompt.
    case source
    /// A format string, as `NSPredicate(format:)` takes it: line breaks are spaces, and
    /// `%@`, `%K`, `%d`, … are ``Token/Kind/formatSpecifier(_:)`` tokens (`%%` is a `%`).
    case formatString
  }

  /// The text as UTF-8, one byte each, read a scalar at a time.
  private let bytes: [UInt8]
  private let mode: Mode
  /// The UTF-8 offset of the next scalar.
  private var index = 0
  private var line: Int
  private var column = 1
  /// The open brackets with where each opened, innermost last, as deep as
  /// ``maximumKeptBrackets``.
  private(set) var openBrackets: [OpenBracket] = []
  /// How many brackets are open inside the innermost of ``openBrackets`` once it holds
  /// ``maximumKeptBrackets``: they are counted, not kept, so a line of millions of `(` takes
  /// no memory for them.
  private var uncountedDepth = 0

  /// Whether the text ended in a `\` that joins a next line, which it does not have yet.
  private var endsInLineJoin = false

  /// The most open brackets kept with their places, far deeper than the parser accepts.
  static let maximumKeptBrackets = 1024

  /// A lexer at the start of `text`, which is bowq source or a format string.
  ///
  /// - Parameter firstLine: the line of a whole script on which `text` begins, so that
  ///   every position (and every message that names one) is the script's.
  public init(_ text: String, mode: Mode = .source, firstLine: Int = 1) {
    bytes = Array(text.utf8)
    self.mode = mode
    line = firstLine
  }

  /// Every token of the text, ending with ``Token/Kind/endOfInput``.
  public static func tokenize(_ text: String, mode: Mode = .source) throws(LanguageError)
    -> [Token]
  {
    var lexer = Lexer(text, mode: mode)
    var tokens: [Token] = []
    while true {
      let token = try lexer.next()
      tokens.append(token)
      if token.kind == .endOfInput { return tokens }
    }
  }

  /// A bracket still open at the end of a text: which, and where it opened.
  public struct OpenBracket: Hashable, Sendable {
    public var punctuation: Punctuation
    public var range: SourceRange

    public init(punctuation: Punctuation, range: SourceRange) {
      self.punctuation = punctuation
      self.range = range
    }
  }

  /// How the text ends: complete, or inside a string or brackets that a later line may close.
  public enum Ending: Hashable, Sendable {
    /// Every string and bracket is closed (or the text has an error that no more input mends).
    case complete
    /// Inside a string, begun with `quote`.
    case openString(quote: Unicode.Scalar)
    /// With brackets still open, outermost first (at most ``maximumKeptBrackets`` of them).
    case openBrackets([OpenBracket])
    /// Its last line ends in a `\`, which joins the next line to it.
    case joinsNextLine
  }

  /// How `text` ends, so that a shell can tell whether to read another line before running it.
  ///
  /// - Parameter open: the brackets left open by the text before `text` (which ended outside
  ///   any string), so that a shell reading line by line lexes each line once.
  public static func ending(of text: String, firstLine: Int = 1, inside open: [OpenBracket] = [])
    -> Ending
  {
    var lexer = Lexer(text, firstLine: firstLine)
    lexer.openBrackets = open
    while true {
      do {
        let token = try lexer.lex()
        guard token.kind == .endOfInput else { continue }
        if !lexer.openBrackets.isEmpty { return .openBrackets(lexer.openBrackets) }
        return lexer.endsInLineJoin ? .joinsNextLine : .complete
      } catch {
        guard case .unterminatedString(let quote) = error.reason else { return .complete }
        return .openString(quote: quote)
      }
    }
  }

  /// Whether the text stops inside a string or with a bracket still open, so that a shell
  /// should read another line before running it.
  public static func needsMoreInput(_ text: String) -> Bool {
    ending(of: text) != .complete
  }

  /// The UTF-8 offset of the next scalar: it grows with every token and every failure.
  var offset: Int { index }

  private var location: SourceLocation {
    SourceLocation(offset: index, line: line, column: column)
  }

  /// The scalar at UTF-8 offset `at` and how many bytes it takes.
  private func scalar(at offset: Int) -> (scalar: Unicode.Scalar, width: Int)? {
    guard offset < bytes.count else { return nil }
    let lead = bytes[offset]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    var iterator = bytes[offset...].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
      return ("\u{FFFD}", 1)
    }
    return (scalar, UTF8.width(scalar))
  }

  private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
    var offset = index
    for _ in 0..<ahead {
      guard let (_, width) = scalar(at: offset) else { return nil }
      offset += width
    }
    return scalar(at: offset)?.scalar
  }

  /// Moves past the next scalar and returns it (a NUL at the end, where no caller asks).
  private mutating func advance() -> Unicode.Scalar {
    guard let (scalar, width) = scalar(at: index) else { return "\0" }
    index += width
    if scalar == "\n" {
      line += 1
      column = 1
    } else {
      column += 1
    }
    return scalar
  }

  /// The next token.
  public mutating func next() throws(LanguageError) -> Token {
    do {
      return try lex()
    } catch {
      throw error.languageError
    }
  }

  /// The next token, or why the text there is none.
  mutating func lex() throws(LexerError) -> Token {
    skipTrivia()
    let start = location
    guard let scalar = peek() else {
      return Token(kind: .endOfInput, range: SourceRange(start, start))
    }
    let kind: Token.Kind
    switch scalar {
    case "\n":
      _ = advance()
      kind = .newline
    case "\"", "'":
      kind = .string(try lexString())
    case "0"..."9":
      kind = try lexNumber(start: start)
    case "$":
      _ = advance()
      let name = lexName(allowingLeadingDigit: true)
      guard !name.isEmpty else { throw error(.missingVariableName, from: start) }
      kind = .variable(name)
    case "#":
      _ = advance()
      let name = lexName()
      guard !name.isEmpty else { throw error(.missingEscapedName, from: start) }
      kind = .escapedIdentifier(name)
    case "@":
      _ = advance()
      let name = lexName()
      guard !name.isEmpty else { throw error(.missingCollectionOperator, from: start) }
      kind = .collectionOperator(name)
    case "%":
      kind = try lexPercent(start: start)
    default:
      if mode == .source, bytes[index...].starts(with: Lexer.coreDataURIPrefix) {
        kind = .string(lexCoreDataURI())
      } else if Lexer.isNameStart(scalar) {
        kind = .identifier(lexName())
      } else {
        kind = .punctuation(try lexPunctuation(scalar, start: start))
      }
    }
    return Token(kind: kind, range: SourceRange(start, location))
  }

  private mutating func skipTrivia() {
    if index == 0, peek() == "#", peek(1) == "!" { skipToEndOfLine() }
    while let scalar = peek() {
      if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\u{FEFF}"
        || (scalar == "\n" && mode == .formatString)
      {
        _ = advance()
      } else if scalar == "\n", let open = openBrackets.last, open.punctuation != .leftBrace {
        _ = advance()
      } else if scalar == "-", peek(1) == "-" {
        skipToEndOfLine()
      } else if scalar == "\\", mode == .source, let length = lineJoinLength() {
        for _ in 0..<length { _ = advance() }
        endsInLineJoin = peek() == nil
      } else {
        return
      }
    }
  }

  /// How many scalars the `\` at the current position takes with the blanks and the line
  /// break after it, when it ends its line (the text may end there); nil when more follows it
  /// on its line.
  private func lineJoinLength() -> Int? {
    var length = 1
    while let scalar = peek(length) {
      length += 1
      if scalar == "\n" { return length }
      guard scalar == " " || scalar == "\t" || scalar == "\r" else { return nil }
    }
    return length
  }

  /// How Core Data's URI of an object begins: such a URI, written bare in a statement as
  /// tables print it (`why x-coredata://…/Book/p3`), is read as the string it is.
  private static let coreDataURIPrefix = Array("x-coredata://".utf8)

  /// A bare Core Data URI: everything up to a blank, a line break, `;`, `,` or `)`.
  private mutating func lexCoreDataURI() -> String {
    var text = ""
    while let scalar = peek(), !" \t\r\n;,)".unicodeScalars.contains(scalar) {
      text.unicodeScalars.append(advance())
    }
    return text
  }

  private mutating func skipToEndOfLine() {
    while let scalar = peek(), scalar != "\n" { _ = advance() }
  }

  static func isNameStart(_ s: Unicode.Scalar) -> Bool {
    guard s.isASCII else { return s.properties.isAlphabetic }
    return s == "_" || ("a"..."z").contains(s) || ("A"..."Z").contains(s)
  }

  /// A name: a letter or `_`, then letters, digits and `_`. Variables may start with a
  /// digit (`$1`, a script argument).
  private mutating func lexName(allowingLeadingDigit: Bool = false) -> String {
    var name = String.UnicodeScalarView()
    if !allowingLeadingDigit, let s = peek(), !Lexer.isNameStart(s) { return "" }
    while let s = peek(), Lexer.isNameStart(s) || ("0"..."9").contains(s) {
      name.append(advance())
    }
    return String(name)
  }

  private mutating func lexString() throws(LexerError) -> String {
    let start = location
    let quote = advance()
    var text = String.UnicodeScalarView()
    while true {
      guard let scalar = peek() else {
        throw error(.unterminatedString(quote: quote), from: start)
      }
      if scalar == quote {
        _ = advance()
        return String(text)
      }
      if scalar == "\\" {
        let escapeStart = location
        _ = advance()
        guard let escaped = peek() else { continue }
        _ = advance()
        switch escaped {
        case "n": text.append("\n")
        case "t": text.append("\t")
        case "r": text.append("\r")
        case "a": text.append("\u{07}")
        case "b": text.append("\u{08}")
        case "f": text.append("\u{0C}")
        case "v": text.append("\u{0B}")
        case "\\", "\"", "'": text.append(escaped)
        case "u", "U": text.append(try lexUnicodeEscape(start: escapeStart))
        case "x", "X": text.append(try lexDigitsEscape(radix: 16, count: 2, start: escapeStart))
        case "0"..."7":
          if escaped == "0", !(peek().map { ("0"..."7").contains($0) } ?? false) {
            text.append("\0")
          } else {
            text.append(
              try lexDigitsEscape(radix: 8, count: 3, first: escaped, start: escapeStart))
          }
        default:
          throw error(.unknownEscape(escaped), from: escapeStart)
        }
        continue
      }
      text.append(advance())
    }
  }

  /// `\xHH` (two hex digits) or `\ooo` (three octal digits, the first already read).
  private mutating func lexDigitsEscape(
    radix: Int, count: Int, first: Unicode.Scalar? = nil, start: SourceLocation
  ) throws(LexerError) -> Unicode.Scalar {
    var digits = first.map { String($0) } ?? ""
    while digits.unicodeScalars.count < count, let s = peek(),
      Int(String(s), radix: radix) != nil
    {
      digits.unicodeScalars.append(advance())
    }
    guard digits.unicodeScalars.count == count, let code = UInt32(digits, radix: radix),
      let scalar = Unicode.Scalar(code)
    else {
      throw error(.invalidDigitsEscape(radix: radix), from: start)
    }
    return scalar
  }

  /// `\u` followed by four hex digits or `{…}` with one to eight.
  private mutating func lexUnicodeEscape(start: SourceLocation) throws(LexerError)
    -> Unicode.Scalar
  {
    var digits = ""
    if peek() == "{" {
      _ = advance()
      while let s = peek(), s != "}", digits.count < 8 { digits.unicodeScalars.append(advance()) }
      guard peek() == "}" else { throw error(.unclosedUnicodeEscape, from: start) }
      _ = advance()
    } else {
      while digits.count < 4, let s = peek(), s.properties.isASCIIHexDigit {
        digits.unicodeScalars.append(advance())
      }
    }
    guard let code = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(code) else {
      throw error(.invalidUnicodeEscape(digits: digits), from: start)
    }
    return scalar
  }

  private mutating func lexNumber(start: SourceLocation) throws(LexerError) -> Token.Kind {
    if peek() == "0", let prefix = peek(1),
      let radix = ["x": 16, "X": 16, "o": 8, "O": 8, "b": 2, "B": 2][Character(prefix)]
    {
      _ = advance()
      _ = advance()
      var digits = ""
      while let s = peek(), s.properties.isASCIIHexDigit || s == "_" {
        digits.unicodeScalars.append(advance())
      }
      digits.removeAll { $0 == "_" }
      guard !digits.isEmpty, let value = UInt64(digits, radix: radix) else {
        throw error(
          .invalidPrefixedNumber(prefix: prefix, radix: radix, digits: digits), from: start)
      }
      if let s = peek(), Lexer.isNameStart(s) {
        throw error(.numberRunsIntoName, from: start)
      }
      return value <= UInt64(Int64.max)
        ? .integer(Int64(value)) : .bigInteger(Double(value), magnitude: value)
    }
    var text = ""
    var isReal = false
    func digits(_ lexer: inout Lexer) {
      while let s = lexer.peek(), ("0"..."9").contains(s) || s == "_" {
        let d = lexer.advance()
        if d != "_" { text.unicodeScalars.append(d) }
      }
    }
    digits(&self)
    if peek() == ".", let after = peek(1), ("0"..."9").contains(after) {
      isReal = true
      text.unicodeScalars.append(advance())
      digits(&self)
    }
    if let e = peek(), e == "e" || e == "E" {
      let sign = peek(1)
      let hasSign = sign == "+" || sign == "-"
      if let d = peek(hasSign ? 2 : 1), ("0"..."9").contains(d) {
        isReal = true
        text.unicodeScalars.append(advance())
        if hasSign { text.unicodeScalars.append(advance()) }
        digits(&self)
      }
    }
    if let s = peek(), Lexer.isNameStart(s) {
      throw error(.numberRunsIntoName, from: start)
    }
    if !isReal, let value = Int64(text) { return .integer(value) }
    guard let value = Double(text), value.isFinite else {
      throw error(.numberTooLarge(text), from: start)
    }
    return isReal ? .real(value) : .bigInteger(value, magnitude: UInt64(text))
  }

  /// `%`: a format specifier in a format string (where `%%` is a `%`); elsewhere the `%`
  /// punctuation, or an error that explains format arguments when one is written.
  private mutating func lexPercent(start: SourceLocation) throws(LexerError) -> Token.Kind {
    if mode == .formatString, peek(1) == "%" {
      _ = advance()
      _ = advance()
      return .punctuation(.percent)
    }
    if let specifier = lexFormatSpecifier() {
      guard mode == .formatString else {
        throw error(.formatArgumentInSource(spelling: specifier.spelling), from: start)
      }
      return .formatSpecifier(specifier)
    }
    guard mode == .source else {
      _ = advance()
      throw error(.strayPercent, from: start)
    }
    return .punctuation(try lexPunctuation("%", start: start))
  }

  /// `%`, an optional position `n$`, an optional length modifier and a conversion letter;
  /// nil, consuming nothing, when the text there is no such specifier.
  private mutating func lexFormatSpecifier() -> FormatSpecifier? {
    let saved = self
    _ = advance()
    var digits = ""
    while let s = peek(), ("0"..."9").contains(s) { digits.unicodeScalars.append(advance()) }
    var position: Int?
    if !digits.isEmpty {
      guard peek() == "$", let n = Int(digits), n > 0 else {
        self = saved
        return nil
      }
      _ = advance()
      position = n
    }
    var modifier = ""
    while let s = peek(), FormatSpecifier.modifierLetters.contains(s), modifier.count < 2 {
      modifier.unicodeScalars.append(advance())
    }
    guard let letter = peek(),
      let conversion = FormatSpecifier.conversion(letter, modifier: modifier)
    else {
      self = saved
      return nil
    }
    _ = advance()
    let spelling = String(decoding: bytes[saved.index..<index], as: UTF8.self)
    return FormatSpecifier(conversion: conversion, position: position, spelling: spelling)
  }

  private static let punctuationBySpelling: [String: Punctuation] = {
    var table = Dictionary(uniqueKeysWithValues: Punctuation.allCases.map { ($0.rawValue, $0) })
    table["=>"] = .greaterOrEqual
    table["=<"] = .lessOrEqual
    table["<>"] = .notEqual
    return table
  }()

  /// The punctuation each ASCII scalar spells alone, by its value (every spelling is ASCII).
  private static let punctuationByASCII: [Punctuation?] = (0..<128).map {
    punctuationBySpelling[String(Character(Unicode.Scalar(UInt8($0))))]
  }

  /// Whether each ASCII scalar, by its value, begins a two-scalar spelling: any other is
  /// looked up alone.
  private static let startsPair: [Bool] = {
    var starts = [Bool](repeating: false, count: 128)
    for spelling in punctuationBySpelling.keys where spelling.utf8.count == 2 {
      starts[Int(spelling.utf8.first!)] = true
    }
    return starts
  }()

  /// The punctuation that begins with `first`, the next scalar.
  private mutating func lexPunctuation(_ first: Unicode.Scalar, start: SourceLocation)
    throws(LexerError) -> Punctuation
  {
    if first.isASCII, Lexer.startsPair[Int(first.value)], let second = peek(1) {
      let pair = String(String.UnicodeScalarView([first, second]))
      if let p = Lexer.punctuationBySpelling[pair] {
        _ = advance()
        _ = advance()
        return p
      }
    }
    guard first.isASCII, let p = Lexer.punctuationByASCII[Int(first.value)] else {
      _ = advance()
      throw error(.unexpectedCharacter(String(Character(first))), from: start)
    }
    _ = advance()
    switch p {
    case .leftParen, .leftBracket, .leftBrace:
      if openBrackets.count < Lexer.maximumKeptBrackets {
        openBrackets.append(OpenBracket(punctuation: p, range: SourceRange(start, location)))
      } else {
        uncountedDepth += 1
      }
    case .rightParen, .rightBracket, .rightBrace:
      if uncountedDepth > 0 {
        uncountedDepth -= 1
      } else if !openBrackets.isEmpty {
        openBrackets.removeLast()
      }
    default: break
    }
    return p
  }

  /// A failure for `reason`, over the text from `start` to where the lexer stands.
  private func error(_ reason: LexerError.Reason, from start: SourceLocation) -> LexerError {
    LexerError(reason: reason, range: SourceRange(start, location))
  }
}
