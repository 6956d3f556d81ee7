/// A binary operator of the predicate language and how tightly it binds: a row of the one
/// table (``table``) that the precedence loop, ``Parser/continueChain(_:above:)``, reads, as
/// Lua's parser reads its `priority[]`.
///
/// An operator takes as its right operand everything up to the next operator whose
/// ``left`` priority is not above its own ``right`` one. Equal priorities make an operator
/// left-associative (`a - b - c` is `(a - b) - c`); a right priority below the left one
/// would make it right-associative. Every operator here is left-associative, `**` too:
/// `2 ** 3 ** 2` is `(2 ** 3) ** 2`, as Grammar/bowq.ebnf says.
///
/// The bitwise operators (NSExpression's `bitwiseOr:with:` … `rightshift:by:`) bind looser
/// than `+` and `-` and among themselves as in C: `|`, then `^`, then `&`, then `<<` and
/// `>>`. Every one binds tighter than the comparisons, which are not in this table, so
/// `flags & 4 == 0` is `(flags & 4) == 0`, as Apple parses it (daydreamboy/HelloProjects,
/// `Tests_NSPredicate.m`, asserts `2 & 1 == 0` and `1 << 3 == 8` true). No public source
/// shows how Apple orders them against `+ - * /`; the C order is bowq's choice, and the
/// printed form parenthesizes every nested operand, so it reads back the same anywhere.
struct BinaryOperator: Hashable, Sendable {
  /// What an operator builds, and so which language it belongs to.
  enum Meaning: Hashable, Sendable {
    /// AND or OR between predicates.
    case junction(Junction)
    /// Arithmetic between expressions.
    case arithmetic(ArithmeticOperator)
  }

  var meaning: Meaning
  /// The word that spells the operator, matched in any case (`and`, `Or`), if one does.
  var keyword: String?
  /// The punctuation that spells the operator, if any does.
  var punctuation: Punctuation?
  /// How tightly the operator binds the operand on its left.
  var left: Int
  /// How tightly it binds the operand on its right.
  var right: Int

  /// Every binary operator, loosest first.
  static let table: [BinaryOperator] = [
    BinaryOperator(meaning: .junction(.or), keyword: "OR", punctuation: .or, left: 1, right: 1),
    BinaryOperator(meaning: .junction(.and), keyword: "AND", punctuation: .and, left: 2, right: 2),
    BinaryOperator(meaning: .arithmetic(.bitwiseOr), punctuation: .bar, left: 6, right: 6),
    BinaryOperator(meaning: .arithmetic(.bitwiseXor), punctuation: .caret, left: 7, right: 7),
    BinaryOperator(meaning: .arithmetic(.bitwiseAnd), punctuation: .ampersand, left: 8, right: 8),
    BinaryOperator(meaning: .arithmetic(.leftShift), punctuation: .shiftLeft, left: 9, right: 9),
    BinaryOperator(meaning: .arithmetic(.rightShift), punctuation: .shiftRight, left: 9, right: 9),
    BinaryOperator(meaning: .arithmetic(.add), punctuation: .plus, left: 10, right: 10),
    BinaryOperator(meaning: .arithmetic(.subtract), punctuation: .minus, left: 10, right: 10),
    BinaryOperator(meaning: .arithmetic(.multiply), punctuation: .star, left: 11, right: 11),
    BinaryOperator(meaning: .arithmetic(.divide), punctuation: .slash, left: 11, right: 11),
    BinaryOperator(meaning: .arithmetic(.power), punctuation: .power, left: 12, right: 12),
  ]

  /// The operator `token` spells, or nil when it spells none.
  static func spelled(by token: Token) -> BinaryOperator? {
    switch token.kind {
    case .punctuation(let punctuation):
      return table.first { $0.punctuation == punctuation }
    case .identifier(let word):
      return table.first { row in
        row.keyword.map(word.spellsKeyword) ?? false
      }
    default:
      return nil
    }
  }
}

/// AND or OR: a run of one of them between predicates makes one flat node of all the run's
/// operands, so a chain of any length stays one level deep.
enum Junction: String, Hashable, Sendable {
  case and = "AND"
  case or = "OR"

  /// The node joining `operands` with this junction.
  func node(_ operands: [PredicateSyntax]) -> PredicateSyntax.Kind {
    switch self {
    case .and: return .and(operands)
    case .or: return .or(operands)
    }
  }
}
