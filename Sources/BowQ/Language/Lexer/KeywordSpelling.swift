extension StringProtocol {
  /// Whether the text spells `keyword` in any mix of upper and lower case (`SELECT`,
  /// `Select`). Keywords are ASCII, so only ASCII letters fold: a word holding any other
  /// character never spells one, and no Unicode case tables are consulted on the parser's
  /// path.
  func spellsKeyword(_ keyword: String) -> Bool {
    var text = utf8.makeIterator()
    var spelled = keyword.utf8.makeIterator()
    while true {
      switch (text.next(), spelled.next()) {
      case (nil, nil):
        return true
      case (let a?, let b?):
        guard a == b || (a | 0x20 == b | 0x20 && (0x61...0x7A).contains(a | 0x20)) else {
          return false
        }
      default:
        return false
      }
    }
  }
}
