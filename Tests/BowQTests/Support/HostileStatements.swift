import Foundation

@testable import BowQ

/// Malformed statements for the statement door, made by a seeded generator from valid ones
/// (the lines of Examples/ and predicates of the conformance tests): tokens deleted,
/// duplicated, swapped or truncated, random bytes and control characters, deep nesting, huge
/// numbers, and unbalanced brackets and quotes.
struct HostileStatements {
  private var random: SplitMix64
  private let seeds: [String]

  /// Statements mutated from `seeds` in an order fixed by `seed`.
  init(seed: UInt64, seeds: [String]) {
    random = SplitMix64(seed: seed)
    self.seeds = seeds
  }

  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The one-line statements of the example scripts that read and write no files, and
  /// statements with the predicates of the conformance tests.
  static func exampleSeeds() throws -> [String] {
    let folder = root.appendingPathComponent("Examples")
    var seeds: [String] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where name.hasSuffix(".bowq") {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      seeds += text.split(separator: "\n").map(String.init).filter { line in
        guard let first = line.first, first.isLetter else { return false }
        return !line.contains("import") && !line.contains("export")
      }
    }
    return seeds + predicates.map { "fetch BowTie where \($0) sort by name limit 3" }
  }

  /// Predicates of the kinds the conformance tests check.
  static let predicates = [
    #"name BEGINSWITH[cd] "r" AND rating >= 2.5"#,
    #"ANY owner.ties.rating > 3 OR NOT (timesWorn BETWEEN {1, 4})"#,
    #"SUBQUERY(owner.ties, $t, $t.rating > 2).@count > 0"#,
    #"name MATCHES "^[A-Z].*Tie$" && searchKey IN {"R", "G"}"#,
    #"FUNCTION(name, "uppercase") == "RED BOW TIE" || lastWorn > CAST(0, "NSDate")"#,
    #"rating * 2 + timesWorn ** 2 - -3 / 1e3 != 0x1F % 7"#,
    #"name LIKE[c] "*o?*" AND url != nil AND id == id AND tintColor == tintColor"#,
    #"TERNARY(isFavorite == YES, rating, 0) >= @sum.rating - $limit"#,
    #"{1, 2, 3}[LAST] == 3 AND name[SIZE] > 0 AND 'a\u{41}\x42\101' == "aABA""#,
  ]

  /// Text that breaks a statement when put in it.
  private static let hostilePieces = [
    "(", ")", "{", "}", "[", "]", "\"", "'", "\\", ";", "\n", ",", ".", "..", "==", "=", "+=",
    "%@", "%K", "$", "#", "@", "@count", "--", "#!", "**", "!", "&&", "||", "?", ":",
    "where", "set", "sort", "by", "limit", "select", "group", "having", "SUBQUERY", "ANY",
    "NOT", "IN", "BETWEEN", "nil", "YES", "FUNCTION", "CAST", "undo", "redo", "save",
    "rollback", "delete BowTie", "entity", "explain", "explain explain",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "1e308", "1e309",
    "0x", "0xFFFFFFFFFFFFFFFFF", "0b102", "1_000_", "3abc", ".5", "1.", "1e", "4.9e-324",
    String(repeating: "9", count: 400), "\"\\u{110000}\"", "\"\\q\"", "\"\\x4\"", "'\\u{'",
  ]

  /// Scalars that are rarely in a statement.
  private static let oddScalars: [Unicode.Scalar] = [
    "\u{0}", "\u{1B}", "\u{7}", "\u{7F}", "\u{9B}", "\u{FEFF}", "\u{FFFD}", "\u{200B}",
    "\u{10FFFF}", "é", "领", "\u{301}", "\t", "\r", "`", "~", "^", "|", "&", "<", ">",
  ]

  /// The next hostile statement.
  mutating func next() -> String {
    var pieces = HostileStatements.pieces(of: random.pick(seeds))
    for _ in 0..<random.int(in: 1...3) { mutate(&pieces) }
    return pieces.joined(separator: " ")
  }

  /// The text of each token of `statement`, or its words when it does not lex.
  private static func pieces(of statement: String) -> [String] {
    guard let tokens = try? Lexer.tokenize(statement) else {
      return statement.split(separator: " ").map(String.init)
    }
    let bytes = Array(statement.utf8)
    return tokens.dropLast().map {
      String(decoding: bytes[$0.range.start.offset..<$0.range.end.offset], as: UTF8.self)
    }
  }

  private mutating func mutate(_ pieces: inout [String]) {
    let at = pieces.isEmpty ? 0 : random.int(in: 0...(pieces.count - 1))
    switch random.int(in: 0...7) {
    case 0 where !pieces.isEmpty:
      pieces.remove(at: at)
    case 1 where !pieces.isEmpty:
      pieces.insert(contentsOf: Array(repeating: pieces[at], count: random.int(in: 1...3)), at: at)
    case 2 where pieces.count > 1:
      pieces.swapAt(at, random.int(in: 0...(pieces.count - 1)))
    case 3:
      var text = String.UnicodeScalarView()
      for _ in 0..<random.int(in: 1...4) { text.append(random.pick(HostileStatements.oddScalars)) }
      pieces.insert(String(text), at: at)
    case 4 where !pieces.isEmpty:
      let depth = random.int(in: 1...400)
      let (open, close) = random.pick([
        ("(", ")"), ("{", "}"), ("NOT ", ""), ("-", ""), ("", "[0]"),
      ])
      pieces[at] =
        String(repeating: open, count: depth) + pieces[at] + String(repeating: close, count: depth)
    case 5 where !pieces.isEmpty:
      pieces.removeSubrange(at...)
    default:
      pieces.insert(random.pick(HostileStatements.hostilePieces), at: at)
    }
  }
}
