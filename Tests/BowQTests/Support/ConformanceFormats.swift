import Foundation

/// The format strings of the conformance suite's evaluated cases (`C.check(citation,
/// "format", is: …)`), read from the suite's source so that other tests can run every one of
/// them another way. Only cases whose format is a plain literal and that take no arguments
/// are listed: the others need values from their test to mean anything.
enum ConformanceFormats {
  /// Every such format, in source order, each once.
  static func all() throws -> [String] {
    let folder = GrammarTests.packageRoot.appendingPathComponent("Tests/BowQTests/Conformance")
    var formats: [String] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where name.hasSuffix(".swift") {
      let source = try String(
        contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      for format in checkedFormats(in: source) where !formats.contains(format) {
        formats.append(format)
      }
    }
    return formats
  }

  /// The formats of the `check(` calls in `source`.
  private static func checkedFormats(in source: String) -> [String] {
    var formats: [String] = []
    var rest = Substring(source)
    while let call = rest.range(of: "C.check(") {
      rest = rest[call.upperBound...]
      var scanner = Scanner(text: rest)
      guard scanner.skipArgument(), scanner.skip(","), let format = scanner.stringLiteral(),
        scanner.skip(","), !scanner.startsWith("["), !scanner.startsWith("variables:")
      else { continue }
      formats.append(format)
    }
    return formats
  }

  /// Reads Swift source text a token at a time, as far as call arguments need.
  private struct Scanner {
    var text: Substring

    mutating func skipSpaces() {
      text = text.drop { $0.isWhitespace }
    }

    mutating func skip(_ token: String) -> Bool {
      skipSpaces()
      guard text.hasPrefix(token) else { return false }
      text = text.dropFirst(token.count)
      return true
    }

    mutating func startsWith(_ token: String) -> Bool {
      skipSpaces()
      return text.hasPrefix(token)
    }

    /// Skips one argument: a string literal or an identifier.
    mutating func skipArgument() -> Bool {
      skipSpaces()
      if text.first == "\"" || text.first == "#" { return stringLiteral() != nil }
      let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
      text = text.dropFirst(name.count)
      return !name.isEmpty
    }

    /// A string literal without interpolation, `"…"` with its escapes or `#"…"#` as written;
    /// nil for anything else.
    mutating func stringLiteral() -> String? {
      skipSpaces()
      if text.hasPrefix("#\"") {
        text = text.dropFirst(2)
        guard let end = text.range(of: "\"#") else { return nil }
        let literal = String(text[..<end.lowerBound])
        text = text[end.upperBound...]
        return literal.contains("\\#(") ? nil : literal
      }
      guard text.first == "\"", !text.hasPrefix("\"\"\"") else { return nil }
      text = text.dropFirst()
      var literal = ""
      while let character = text.first {
        text = text.dropFirst()
        switch character {
        case "\"": return literal
        case "\\":
          guard let escaped = text.first else { return nil }
          text = text.dropFirst()
          switch escaped {
          case "n": literal.append("\n")
          case "t": literal.append("\t")
          case "0": literal.append("\0")
          case "\\", "\"", "'": literal.append(escaped)
          case "u":
            guard text.first == "{", let close = text.firstIndex(of: "}"),
              let scalar = UInt32(text[text.index(after: text.startIndex)..<close], radix: 16)
                .flatMap(Unicode.Scalar.init)
            else { return nil }
            literal.unicodeScalars.append(scalar)
            text = text[text.index(after: close)...]
          default: return nil
          }
        default: literal.append(character)
        }
      }
      return nil
    }
  }
}
