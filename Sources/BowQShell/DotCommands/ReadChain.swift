import BowQ

/// The scripts running inside each other: the script bowq was started with, if any, then
/// each one a `.read` runs inside the one before.
///
/// A `.read` of a script already running (the same file, by device and inode, whatever the
/// name) or past ``depthLimit`` scripts deep is refused, naming the chain. Every script a
/// `.read` runs then stops, whatever `--keep-going` says (``isStopping``): each line of
/// each would repeat the refusal, and a script that reads itself on each of its lines would
/// do so a number of times exponential in the depth.
struct ReadChain {
  /// One script of the chain.
  struct Script {
    /// The path as given, for messages.
    var name: String
    /// The version read, whose device and inode identify the file; nil when unknown.
    var file: FileFingerprint?

    /// Whether `other` is the same file.
    func isSame(as other: Script) -> Bool {
      guard let file, let otherFile = other.file else { return false }
      return file.device == otherFile.device && file.inode == otherFile.inode
    }
  }

  /// The deepest `.read` may nest.
  static let depthLimit = 16

  /// The script bowq was started with; nil for standard input or `-c`.
  var main: Script?
  /// The scripts `.read` runs now, outermost first.
  private(set) var reads: [Script] = []
  /// Whether a `.read` was refused: every script a `.read` runs stops, up to the outermost,
  /// whose end clears it.
  private(set) var isStopping = false

  /// Why `script` cannot be read inside the chain now, or nil when it can; a refusal stops
  /// the scripts `.read` runs.
  mutating func refusal(toRead script: Script) -> String? {
    let running = (main.map { [$0] } ?? []) + reads
    let reason: String
    if let same = running.first(where: { $0.isSame(as: script) }) {
      reason = "\(same.name) is already running"
    } else if reads.count >= Self.depthLimit {
      reason = "scripts read each other more than \(Self.depthLimit) deep"
    } else {
      return nil
    }
    let chain = (running + [script]).map(\.name).joined(separator: " → ")
    guard !reads.isEmpty else { return "\(reason) (\(chain))" }
    isStopping = true
    return "\(reason) (\(chain)); every script of the chain stops"
  }

  /// Makes `script` the innermost of the chain, while a `.read` runs it.
  mutating func enter(_ script: Script) {
    reads.append(script)
  }

  /// Ends the innermost script's run.
  mutating func leave() {
    reads.removeLast()
    if reads.isEmpty { isStopping = false }
  }
}
