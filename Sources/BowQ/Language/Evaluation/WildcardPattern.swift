/// A LIKE pattern: `*` matches zero or more characters, `?` exactly one, `\` escapes the next
/// character; everything else is literal and the whole string must match.
///
/// Matching is greedy with one backtrack point, so its time is bounded by
/// pattern length × string length whatever the pattern.
struct WildcardPattern: Sendable {
  private enum Element: Equatable, Sendable {
    case literal(Character)
    case any
    case anySequence
  }

  private let elements: [Element]

  init(_ pattern: String) {
    var elements: [Element] = []
    var escaped = false
    for ch in pattern {
      if escaped {
        elements.append(.literal(ch))
        escaped = false
      } else if ch == "\\" {
        escaped = true
      } else if ch == "*" {
        if elements.last != .anySequence { elements.append(.anySequence) }
      } else if ch == "?" {
        elements.append(.any)
      } else {
        elements.append(.literal(ch))
      }
    }
    if escaped { elements.append(.literal("\\")) }
    self.elements = elements
  }

  func matches(_ string: String) -> Bool {
    let text = Array(string)
    var t = 0
    var p = 0
    var star: (pattern: Int, text: Int)?
    while t < text.count {
      if p < elements.count {
        switch elements[p] {
        case .anySequence:
          star = (p, t)
          p += 1
          continue
        case .any:
          t += 1
          p += 1
          continue
        case .literal(let ch) where ch == text[t]:
          t += 1
          p += 1
          continue
        default:
          break
        }
      }
      guard let s = star else { return false }
      p = s.pattern + 1
      t = s.text + 1
      star = (s.pattern, s.text + 1)
    }
    while p < elements.count, elements[p] == .anySequence { p += 1 }
    return p == elements.count
  }
}
