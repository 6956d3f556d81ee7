import BowQ
import Foundation

@testable import BowQShell

/// Shells without a terminal, shared by the shell tests: an in-memory store set up by
/// statements, and the text written to each stream captured.
enum ShellFixtures {
  /// Collects what the shell writes to each stream.
  final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var out = ""
    private(set) var err = ""

    var output: ShellOutput {
      ShellOutput(
        write: { text in self.lock.withLock { self.out += text } },
        error: { text in self.lock.withLock { self.err += text } })
    }
  }

  /// One saved hat: `Hat { name: String, width: Int16 min 1 }` holding a Fez 3 wide.
  static let hatShop =
    "entity Hat { name: String, width: Int16 min 1 }\ninsert Hat name = \"Fez\", width = 3\nsave"

  /// A shell on a new in-memory store once `statements` have run, writing to `capture`.
  static func shell(
    after statements: String, capture: Capture, keepGoing: Bool = false
  ) throws -> Shell {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run(statements)
    return Shell(interpreter: interpreter, keepGoing: keepGoing, output: capture.output)
  }
}
