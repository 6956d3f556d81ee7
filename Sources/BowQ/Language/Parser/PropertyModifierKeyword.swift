/// The words that begin a modifier after a property's type (`rating: Double min 0 max 5`),
/// one case each: the one list the entity definition parser reads to choose a modifier and to
/// suggest one for a misspelt word (messages call them rules). They are matched in any case.
enum PropertyModifierKeyword: String, CaseIterable, Sendable {
  case defaultValue = "default"
  case min
  case max
  case minLength
  case maxLength
  case matches
  case unique
  case external
  case inverse
  case delete
  case ordered
  case renamed

  /// The word as written in a definition.
  var word: String { rawValue }

  /// The keyword `word` is, in any case, or nil when it begins no modifier.
  init?(word: String) {
    let lowercased = word.lowercased()
    guard let keyword = Self.allCases.first(where: { $0.word.lowercased() == lowercased }) else {
      return nil
    }
    self = keyword
  }
}
