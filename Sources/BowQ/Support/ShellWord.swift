/// A word as a POSIX shell reads it back: as it is when it needs no quoting, otherwise in
/// single quotes, so that commands bowq prints (in a hint, or naming a lock's holder) can be
/// pasted.
public enum ShellWord {
  /// The characters that never need quoting.
  private static let safe = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")

  /// `word` quoted where a shell would need it; a line break shows as `\n`.
  public static func quoted(_ word: String) -> String {
    if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
    let escaped = word.replacingOccurrences(of: "'", with: "'\\''")
      .replacingOccurrences(of: "\n", with: "\\n")
    return "'\(escaped)'"
  }
}
