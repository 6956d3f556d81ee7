/// The reserved words of Apple's predicate format syntax: names spelled like these must be
/// written with a `#` (`#size`).
enum ReservedWords {
  static let all: Set<String> = [
    "AND", "OR", "IN", "NOT", "ALL", "ANY", "SOME", "NONE", "LIKE", "CASEINSENSITIVE", "CI",
    "MATCHES", "CONTAINS", "BEGINSWITH", "ENDSWITH", "BETWEEN", "NULL", "NIL", "SELF", "TRUE",
    "YES", "FALSE", "NO", "FIRST", "LAST", "SIZE", "ANYKEY", "SUBQUERY", "FETCH", "CAST",
    "TRUEPREDICATE", "FALSEPREDICATE",
  ]

  static func isReserved(_ word: String) -> Bool {
    all.contains(word.uppercased())
  }
}
