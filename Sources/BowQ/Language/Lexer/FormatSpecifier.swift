/// A printf-style specifier in a format string, as `NSPredicate(format:)` takes them: `%@`,
/// `%K`, the integers `%d` `%i` `%u` `%x` `%X` `%o` (`%ld`, `%lld`, `%lu`, `%hd`, `%hhd`, …),
/// the reals `%f` `%e` `%g` `%a` (`%lf`, `%la`, …), the C string `%s`, the characters `%c`
/// and `%C`, the pointer `%p`, and the positional `%2$@`. Each argument is inserted as a
/// constant of what printf would print it as; the base of `%x` or `%o` is only how printf
/// writes a number, so the number is inserted (inferred: Apple documents that it supports
/// printf specifiers, not what each inserts).
public struct FormatSpecifier: Hashable, Sendable {
  /// What the argument of a specifier becomes in the predicate.
  public enum Conversion: Hashable, Sendable {
    /// `%@`: an object, inserted as a constant.
    case object
    /// `%K`: a key path, inserted as a key path.
    case keyPath
    /// `%d`, `%i`, `%u` and their length modifiers (`%ld`, `%lld`, `%lu`, `%hd`, …): an integer.
    case integer
    /// `%f`, `%g`, `%e`, `%a` and their length modifiers (`%lf`, `%la`): a real number.
    case real
    /// `%s`: a C string, inserted as a string.
    case string
    /// `%c` (a C `char`, 0 to 255) or `%C` (a `unichar`, 0 to 0xFFFF): a character code (or
    /// a one-character string), inserted as a string of that character.
    case character(maximum: UInt32)
  }

  public var conversion: Conversion
  /// The 1-based number of the argument, when written positionally (`%2$@`); nil for the
  /// next argument in turn.
  public var position: Int?
  /// The specifier as written, for messages.
  public var spelling: String

  /// A specifier making `conversion` of the argument at `position` (the next one when nil).
  public init(conversion: Conversion, position: Int?, spelling: String) {
    self.conversion = conversion
    self.position = position
    self.spelling = spelling
  }

  /// The conversion a specifier ending in `letter` after the length modifier `modifier`
  /// (`l`, `ll`, `h`, …) makes, or nil when that is no specifier bowq takes.
  static func conversion(_ letter: Unicode.Scalar, modifier: String) -> Conversion? {
    switch letter {
    case "@": return modifier.isEmpty ? .object : nil
    case "K": return modifier.isEmpty ? .keyPath : nil
    case "d", "i", "u", "x", "X", "o":
      return integerModifiers.contains(modifier) ? .integer : nil
    case "f", "F", "g", "G", "e", "E", "a", "A":
      return ["", "l", "L"].contains(modifier) ? .real : nil
    case "p": return modifier.isEmpty ? .integer : nil
    case "s": return modifier.isEmpty ? .string : nil
    case "c": return modifier.isEmpty ? .character(maximum: 0xFF) : nil
    case "C": return modifier.isEmpty ? .character(maximum: 0xFFFF) : nil
    default: return nil
    }
  }

  /// The letters a length modifier is made of, and the modifiers integers take.
  static let modifierLetters: Set<Unicode.Scalar> = ["h", "l", "q", "L", "z", "t", "j"]
  private static let integerModifiers: Set<String> = ["", "h", "hh", "l", "ll", "q", "z", "t", "j"]

  /// How a message lists the specifiers bowq takes.
  static let supported = "%@ (a value), %K (a key path), %d (an integer) or %f (a real number)"
}
