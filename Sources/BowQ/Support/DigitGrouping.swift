/// Counts written for people, with their thousands grouped (`9,990`), the same in every
/// locale so that messages and their tests do not depend on where they run.
public enum DigitGrouping {
  /// `n` with a comma between each group of three digits.
  public static func format(_ n: Int) -> String {
    let digits = Array(String(n.magnitude))
    var text = n < 0 ? "-" : ""
    for (i, digit) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }
}
