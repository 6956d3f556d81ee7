/// Finds the shapes of a regular expression that make a backtracking matcher take
/// exponential (or high-polynomial) time: a repeated group whose text can be split among its
/// repetitions in many ways.
///
/// A group repeated more than once (`*`, `+`, `{n,m}` with `m` > 1, unless possessive) is
/// refused when
/// - it holds an unbounded repetition and is itself repeated without bound: `(a+)+`,
///   `(a|b*)*` — unless every repetition of it starts or ends with a character that nothing
///   else inside it can match, which splits the text one way: `(-[a-z]+)*`, `(\d+\.)+`;
/// - its whole body is one unboundedly repeated item: `(a+){1,100}`, `(\w*){3}`;
/// - it holds `.*` or `.+`: `(.*a){25}`;
/// - one of its alternatives is plain text that others spell too, alone or one after
///   another: `(a|a)+`, `(a|aa)+`.
///
/// The check reads a pattern ICU has already compiled, so it may assume the pattern is well
/// formed. It is a first line of defence with a clear message; ``MatchBudget`` bounds what
/// it does not see.
struct RepetitionCheck {
  /// What the check knows of a piece of a pattern.
  private struct Shape {
    /// Holds a repetition without an upper bound (`*`, `+`, `{n,}`).
    var repeatsWithoutBound = false
    /// Holds `.*` or `.+`.
    var repeatsAnyCharacter = false
    /// Is one item repeated without bound, and nothing else.
    var isOneUnboundedRepetition = false
    /// The plain text of each top-level alternative; nil for one that is not plain text.
    var alternatives: [String?] = []
    /// Every item inside it that matches text, at any depth, in order (groups stand for
    /// the items they hold).
    var items: [Item] = []
    /// The character it starts with, when it is one alternative whose first item is a
    /// character matched once.
    var first: Character?
    /// The character it ends with, likewise.
    var last: Character?

    /// Whether each repetition of it is fenced by a character that nothing else inside it
    /// can match, so the repetitions' bounds are where that character is.
    var isDelimited: Bool {
      if let c = first, !items.dropFirst().contains(where: { $0.mayMatch(c) }) { return true }
      if let c = last, !items.dropLast().contains(where: { $0.mayMatch(c) }) { return true }
      return false
    }
  }

  /// What one item of a pattern is, as far as the check cares.
  private enum Item {
    /// A character that matches itself (`a`, or an escaped `\.`).
    case character(Character)
    /// The dot, which matches any character.
    case anyCharacter
    /// A bracketed class or an escape such as `\d` that the check can read.
    case characterClass(CharacterClass)
    /// A group, an assertion, or a class the check does not read.
    case other

    /// Whether the item may match `c`, in either case; true when the check cannot tell.
    func mayMatch(_ c: Character) -> Bool {
      switch self {
      case .character(let own):
        return CharacterClass.variants(of: c).contains(own)
          || CharacterClass.variants(of: own).contains(c)
      case .characterClass(let characterClass): return characterClass.mayMatch(c)
      case .anyCharacter, .other: return true
      }
    }
  }

  /// How an item is repeated.
  private struct Quantifier {
    /// The most repetitions; nil for no bound.
    var maximum: Int?
    /// A possessive quantifier (`*+`, `++`, `{n,m}+`) never gives back what it matched.
    var isPossessive: Bool
  }

  private let characters: [Character]
  private var position = 0
  /// Why the pattern is refused, once a refused shape is found.
  private var problem: String?

  private init(_ pattern: String) {
    characters = Array(pattern)
  }

  /// Why `pattern` can take exponential time, in words; nil when no such shape is found.
  static func problem(in pattern: String) -> String? {
    var check = RepetitionCheck(pattern)
    _ = check.alternation()
    return check.problem
  }

  private var current: Character? { position < characters.count ? characters[position] : nil }

  /// Alternatives up to a closing `)` or the end.
  private mutating func alternation() -> Shape {
    var shape = Shape()
    var itemCount = 0
    var text: String? = ""
    while let c = current, c != ")" {
      if c == "|" {
        shape.alternatives.append(text)
        text = ""
        position += 1
        continue
      }
      let isGroup = c == "("
      let (item, kind) = atom()
      let quantifier = self.quantifier()
      itemCount += 1
      var character: Character?
      if let quantifier {
        text = nil
        judge(item, repeated: quantifier)
        if quantifier.maximum == nil {
          shape.repeatsWithoutBound = true
          shape.isOneUnboundedRepetition = itemCount == 1
          if case .anyCharacter = kind { shape.repeatsAnyCharacter = true }
        }
      } else {
        if case .character(let c) = kind {
          text?.append(c)
          character = c
        } else {
          text = nil
        }
        shape.isOneUnboundedRepetition = false
      }
      if itemCount == 1 { shape.first = character }
      shape.last = character
      shape.items += isGroup ? item.items : [kind]
      shape.repeatsWithoutBound = shape.repeatsWithoutBound || item.repeatsWithoutBound
      shape.repeatsAnyCharacter = shape.repeatsAnyCharacter || item.repeatsAnyCharacter
    }
    shape.alternatives.append(text)
    if shape.alternatives.count > 1 {
      shape.isOneUnboundedRepetition = false
      shape.first = nil
      shape.last = nil
    }
    return shape
  }

  /// Records a problem when `item` repeated by `quantifier` can be split in many ways.
  private mutating func judge(_ item: Shape, repeated quantifier: Quantifier) {
    guard problem == nil, !quantifier.isPossessive, quantifier.maximum.map({ $0 > 1 }) ?? true
    else { return }
    if item.repeatsWithoutBound, quantifier.maximum == nil, !item.isDelimited {
      problem = "repeats a group that itself repeats without bound"
    } else if item.isOneUnboundedRepetition {
      problem = "repeats a group that is itself one repetition without bound"
    } else if item.repeatsAnyCharacter {
      problem = "repeats a group that holds .* or .+"
    } else if let text = ambiguous(item.alternatives) {
      problem =
        "repeats alternatives that can match the same text (\(Value.quoted(text)) more than "
        + "one way)"
    }
  }

  /// A plain-text alternative that other alternatives spell too, alone or one after
  /// another (`aa` among `a|aa`), so repetitions can split it more than one way.
  private func ambiguous(_ alternatives: [String?]) -> String? {
    let texts = alternatives.compactMap { $0 }.filter { !$0.isEmpty }.map { Array($0) }
    for (i, text) in texts.enumerated() {
      let others = texts.enumerated().filter { $0.offset != i }.map(\.element)
      // spelled[k]: text's first k characters are a sequence of other alternatives.
      var spelled = [true] + Array(repeating: false, count: text.count)
      for end in 1...text.count {
        spelled[end] = others.contains { other in
          other.count <= end && spelled[end - other.count]
            && text[(end - other.count)..<end].elementsEqual(other)
        }
      }
      if spelled[text.count] { return String(text) }
    }
    return nil
  }

  /// One item: a group, a class, an escape or a character, with what the group holds.
  private mutating func atom() -> (Shape, Item) {
    guard let c = current else { return (Shape(), .other) }
    position += 1
    switch c {
    case "(":
      let isAtomic = groupPrefix()
      let inner = alternation()
      position += 1  // the `)`
      return (isAtomic ? Shape() : inner, .other)
    case "[":
      let start = position
      skipClass()
      let body = characters[start..<max(start, position - 1)]
      return (Shape(), CharacterClass(bracketed: body).map(Item.characterClass) ?? .other)
    case "\\":
      return (Shape(), escape())
    case ".":
      return (Shape(), .anyCharacter)
    case "^", "$":
      return (Shape(), .other)
    default:
      return (Shape(), .character(c))
    }
  }

  /// Skips what follows `(` before a group's body: `?:`, `?=`, `?!`, `?<=`, `?<!`, `?>`,
  /// `?<name>`, flags such as `?i:` or `?i)`, and a whole `(?#comment)`. Returns whether the
  /// group is atomic (`(?>…)`), which never backtracks into itself.
  private mutating func groupPrefix() -> Bool {
    guard current == "?" else { return false }
    position += 1
    switch current {
    case ":", "=", "!":
      position += 1
    case ">":
      position += 1
      return true
    case "<":
      position += 1
      if current == "=" || current == "!" {
        position += 1
      } else {
        while let c = current, c != ">" { position += 1 }
        position += 1
      }
    case "#":
      while let c = current, c != ")" { position += 1 }
    default:
      while let c = current, c.isLetter || c == "-" { position += 1 }
      if current == ":" { position += 1 }
    }
    return false
  }

  /// Skips a bracketed class after its `[`, with nested classes and escapes.
  private mutating func skipClass() {
    var depth = 1
    if current == "^" { position += 1 }
    if current == "]" { position += 1 }
    while let c = current, depth > 0 {
      position += 1
      switch c {
      case "\\": position += 1
      case "[": depth += 1
      case "]": depth -= 1
      default: break
      }
    }
  }

  /// Skips an escape after its `\`: the character it stands for when it is a plain one
  /// (`\.`, `\(`), the class of `\d`, `\w` or `\s`, or `.other` for any other class or
  /// an assertion. Quoted text (`\Q…\E`) is skipped whole.
  private mutating func escape() -> Item {
    guard let c = current else { return .other }
    position += 1
    if c == "Q" {
      while position < characters.count,
        !(characters[position] == "\\" && position + 1 < characters.count
          && characters[position + 1] == "E")
      {
        position += 1
      }
      position += 2
      return .other
    }
    if let named = CharacterClass(escape: c) { return .characterClass(named) }
    return c.isLetter || c.isNumber ? .other : .character(c)
  }

  /// The quantifier after an item, if any, with its lazy `?` or possessive `+`.
  private mutating func quantifier() -> Quantifier? {
    var maximum: Int?
    switch current {
    case "*", "+":
      position += 1
    case "?":
      position += 1
      maximum = 1
    case "{":
      guard let counted = counted() else { return nil }
      maximum = counted == Int.max ? nil : counted
    default:
      return nil
    }
    var isPossessive = false
    if current == "?" {
      position += 1
    } else if current == "+" {
      position += 1
      isPossessive = true
    }
    return Quantifier(maximum: maximum, isPossessive: isPossessive)
  }

  /// A counted quantifier `{n}`, `{n,}` or `{n,m}` at the current `{`: its maximum, with
  /// `Int.max` for none; nil when the braces are not a quantifier.
  private mutating func counted() -> Int? {
    var end = position + 1
    while end < characters.count, characters[end].isNumber || characters[end] == "," {
      end += 1
    }
    guard end < characters.count, characters[end] == "}" else { return nil }
    let parts = String(characters[(position + 1)..<end]).split(
      separator: ",", omittingEmptySubsequences: false)
    guard let first = parts.first, Int(first) != nil else { return nil }
    position = end + 1
    return Int(parts.count == 1 ? first : parts[1]) ?? Int.max
  }
}
