/// What a simple character class of a regular expression may match, as far as
/// ``RepetitionCheck`` needs to know: bracketed classes of characters and ranges
/// (`[a-z_]`, `[^-]`), and the escapes `\d`, `\w` and `\s`, inside brackets or not.
///
/// Answers err towards "may match": a class the reader cannot follow is not made one, and
/// the named escapes are taken wide (`\w` may match any non-ASCII character), so the check
/// it serves never lets a dangerous pattern through.
struct CharacterClass: Hashable, Sendable {
  /// One member of a class.
  private enum Member: Hashable, Sendable {
    /// A character or a range of them: `a`, `a-z`.
    case range(ClosedRange<Character>)
    /// `\d`, `\w` or `\s`, by its letter.
    case named(Character)

    /// Whether the member may match `c`.
    func mayContain(_ c: Character) -> Bool {
      switch self {
      case .range(let range): return range.contains(c)
      case .named("d"): return c.isNumber
      case .named("s"): return c.isWhitespace || !c.isASCII
      case .named: return c.isLetter || c.isNumber || c == "_" || !c.isASCII
      }
    }

    /// Whether the member surely matches `c`.
    func surelyContains(_ c: Character) -> Bool {
      switch self {
      case .range(let range): return range.contains(c)
      case .named("d"): return c.isASCII && c.isNumber
      case .named("s"): return c.isASCII && c.isWhitespace
      case .named: return c.isASCII && (c.isLetter || c.isNumber || c == "_")
      }
    }
  }

  private var members: [Member]
  private var isNegated = false

  /// The class of `\d`, `\w` or `\s` (`letter` is the escape's letter); nil for any other.
  init?(escape letter: Character) {
    guard "dws".contains(letter) else { return nil }
    members = [.named(letter)]
  }

  /// The class written between `[` and `]`; nil when it holds anything beyond characters,
  /// ranges, escaped punctuation and `\d`, `\w`, `\s` (nested classes, properties, set
  /// operations, POSIX names).
  init?(bracketed body: ArraySlice<Character>) {
    var rest = body[...]
    if rest.first == "^" {
      isNegated = true
      rest = rest.dropFirst()
    }
    members = []
    while let c = rest.popFirst() {
      var low = c
      if c == "[" || c == "&" { return nil }
      if c == "\\" {
        guard let escaped = rest.popFirst() else { return nil }
        if let named = CharacterClass(escape: escaped) {
          members += named.members
          continue
        }
        guard !escaped.isLetter, !escaped.isNumber else { return nil }
        low = escaped
      }
      if rest.first == "-", let high = rest.dropFirst().first, high != "\\", high != "[" {
        rest = rest.dropFirst(2)
        guard low <= high else { return nil }
        members.append(.range(low...high))
      } else {
        members.append(.range(low...low))
      }
    }
  }

  /// Whether the class may match `c`, in either case.
  func mayMatch(_ c: Character) -> Bool {
    let variants = Self.variants(of: c)
    if isNegated {
      return variants.contains { variant in !members.contains { $0.surelyContains(variant) } }
    }
    return variants.contains { variant in members.contains { $0.mayContain(variant) } }
  }

  /// `c` and its lower- and upper-case forms, for patterns matched ignoring case.
  static func variants(of c: Character) -> Set<Character> {
    var variants: Set<Character> = [c]
    for form in [c.lowercased(), c.uppercased()] where form.count == 1 {
      variants.insert(Character(form))
    }
    return variants
  }
}
