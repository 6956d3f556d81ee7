/// The arguments of a format string, put in place of its specifiers on the tokens of the
/// format, never by splicing text: a `%@` becomes one constant whatever its value holds, so
/// a string argument with quotes or operators in it cannot change the predicate's structure.
struct FormatArguments {
  var arguments: [Any?]

  /// The tokens of `format` (lexed as a format string), with every specifier replaced by its
  /// argument. Arguments no specifier uses are ignored, as `NSPredicate(format:)` ignores
  /// them (`%K like '%@'` with two arguments: the quoted `%@` is a literal string).
  func tokens(of format: String) throws(PredicateFormatError) -> [Token] {
    let tokens: [Token]
    do {
      tokens = try Lexer.tokenize(format, mode: .formatString)
    } catch {
      throw .language(error)
    }
    var result: [Token] = []
    var next = 0
    for token in tokens {
      guard case .formatSpecifier(let specifier) = token.kind else {
        result.append(token)
        continue
      }
      let number: Int
      if let position = specifier.position {
        number = position
      } else {
        next += 1
        number = next
      }
      guard number <= arguments.count else {
        throw .argument(
          number: number,
          message:
            "\(specifier.spelling) needs argument \(number), but \(Self.count(arguments.count)) given",
          range: token.range)
      }
      result += try replacement(
        for: specifier, argument: arguments[number - 1], number: number, range: token.range)
    }
    return result
  }

  /// "1 argument was", "3 arguments were".
  private static func count(_ n: Int) -> String {
    n == 1 ? "1 argument was" : "\(n) arguments were"
  }

  /// The tokens an argument stands for: a constant, or the keys of a key path.
  private func replacement(
    for specifier: FormatSpecifier, argument: Any?, number: Int, range: SourceRange
  ) throws(PredicateFormatError) -> [Token] {
    func fail(_ problem: String) -> PredicateFormatError {
      .argument(
        number: number, message: "argument \(number) for \(specifier.spelling) \(problem)",
        range: range)
    }
    func token(_ kind: Token.Kind) -> Token { Token(kind: kind, range: range) }
    let value: Value
    do {
      value = try PlainValues.constant(argument, path: "argument \(number)")
    } catch {
      throw .argument(number: number, message: error.message, range: range)
    }
    switch specifier.conversion {
    case .object:
      return [token(.argument(value))]
    case .keyPath:
      guard case .string(let path) = value else {
        throw fail("must be a key path string such as \"owner.name\", not \(ValueType(of: value))")
      }
      let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      guard !keys.contains(where: \.isEmpty) else {
        throw fail("is \(Value.quoted(path)), which is no key path: a key is empty")
      }
      var tokens: [Token] = []
      for key in keys {
        if !tokens.isEmpty { tokens.append(token(.punctuation(.dot))) }
        tokens.append(
          token(
            key.hasPrefix("@")
              ? .collectionOperator(String(key.dropFirst())) : .escapedIdentifier(key)))
      }
      return tokens
    case .integer:
      switch value {
      case .int: return [token(.argument(value))]
      case .bool(let b): return [token(.argument(.int(b ? 1 : 0)))]
      default: throw fail("must be an integer, not \(ValueType(of: value)) \(value.literalText)")
      }
    case .real:
      guard let number = value.numericValue else {
        throw fail("must be a number, not \(ValueType(of: value)) \(value.literalText)")
      }
      return [token(.argument(.double(number)))]
    case .string:
      guard case .string = value else {
        throw fail("must be a string, not \(ValueType(of: value)) \(value.literalText)")
      }
      return [token(.argument(value))]
    case .character(let maximum):
      switch value {
      case .string(let text) where text.count == 1:
        return [token(.argument(value))]
      case .int(let code):
        guard (0...Int64(maximum)).contains(code), let scalar = Unicode.Scalar(UInt32(code))
        else {
          throw fail("must be a character code from 0 to \(maximum), not \(code)")
        }
        return [token(.argument(.string(String(Character(scalar)))))]
      default:
        throw fail(
          "must be a character code or a one-character string, not \(ValueType(of: value)) "
            + value.literalText)
      }
    }
  }
}
