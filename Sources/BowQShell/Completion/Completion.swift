/// What Tab can do with the word before the cursor: the words it may become, and what to
/// type after the one chosen.
public struct Completion: Hashable, Sendable {
  /// The part of the word already typed, which every candidate begins with.
  public var fragment: String
  /// The whole words the fragment may become, sorted and without duplicates.
  public var candidates: [String]
  /// What follows a unique candidate: a space after a word, a closing quote after a file
  /// name, nothing after a folder (which ends in `/`).
  public var terminator: String

  /// A completion of `fragment` to whichever of `candidates` begin with it.
  public init(fragment: String, candidates: some Sequence<String>, terminator: String = " ") {
    self.fragment = fragment
    self.candidates = Array(Set(candidates.filter { $0.hasPrefix(fragment) })).sorted()
    self.terminator = terminator
  }

  /// No completion at all.
  public static let none = Completion(fragment: "", candidates: [])

  /// The text to insert at the cursor: the rest of the one candidate and its terminator,
  /// or the rest of the prefix all candidates share (empty when there is nothing to add).
  public var insertion: String {
    guard let first = candidates.first else { return "" }
    if candidates.count == 1 {
      return String(first.dropFirst(fragment.count)) + (first.hasSuffix("/") ? "" : terminator)
    }
    var shared = Substring(first)
    for candidate in candidates.dropFirst() {
      shared = shared.prefix(zip(shared, candidate).prefix { $0 == $1 }.count)
    }
    return String(shared.dropFirst(fragment.count))
  }

  /// The candidates as a list shows them: file names without their opening quote and
  /// folder.
  public var listed: [String] {
    candidates.map { candidate in
      let name = candidate.hasSuffix("/") ? candidate.dropLast() : Substring(candidate)
      if let slash = name.lastIndex(of: "/") {
        return String(candidate[candidate.index(after: slash)...])
      }
      return candidate.first == "\"" || candidate.first == "'"
        ? String(candidate.dropFirst()) : candidate
    }
  }
}
