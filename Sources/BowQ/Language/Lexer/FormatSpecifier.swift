/// A printf-style specifier in a format string, as `NSPredicate(format:)` takes them: `%@`,
/// `%K`, `%d`, `%ld`, `%f`, and the positional `%2$@`.
public struct FormatSpecifier: Hashable, Sendable {
  /// What the argument of a specifier becomes in the predicate.
  public enum Conversion: Hashable, Sendable {
    /// `%@`: an object, inserted as a constant.
    case object
    /// `%K`: a key path, inserted as a key path.
    case keyPath
    /// `%d`, `%i`, `%u` and their length modifiers (`%ld`, `%lld`, `%lu`, `%hd`, …): an integer.
    case integer
    /// `%f`, `%g`, `%e` and their length modifiers (`%lf`, `%Lf`): a real number.
    case real
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
    case "d", "i", "u": return integerModifiers.contains(modifier) ? .integer : nil
    case "f", "F", "g", "G", "e", "E": return ["", "l", "L"].contains(modifier) ? .real : nil
    default: return nil
    }
  }

  /// The letters a length modifier is made of, and the modifiers integers take.
  static let modifierLetters: Set<Unicode.Scalar> = ["h", "l", "q", "L", "z", "t", "j"]
  private static let integerModifiers: Set<String> = ["", "h", "hh", "l", "ll", "q", "z", "t", "j"]

  /// How a message lists the specifiers bowq takes.
  static let supported = "%@ (a value), %K (a key path), %d (an integer) or %f (a real number)"
}
