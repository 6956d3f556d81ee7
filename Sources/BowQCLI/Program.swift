import BowQShell
import Foundation

/// The `bowq` program: parses the command line into an ``Invocation`` and carries it out,
/// answering the exit status.
///
/// Exit status: 0 when every statement succeeded, 1 when one failed (or the store could not
/// be opened, or standard output could not be written), 2 for a bad command line.
enum Program {
  /// Runs the command line given as the bytes of each argument, as `argv` holds them.
  static func main(rawArguments: [[UInt8]], environment: [String: String]) -> Int32 {
    do {
      return main(arguments: try ArgumentText.decode(rawArguments), environment: environment)
    } catch {
      ShellOutput.standard.error(error.message)
      return CommandLineError.exitStatus
    }
  }

  static func main(arguments: [String], environment: [String: String]) -> Int32 {
    let invocation: Invocation
    do {
      invocation = try CommandLineOptions.parse(arguments)
    } catch {
      ShellOutput.standard.error(error.message)
      return CommandLineError.exitStatus
    }
    switch invocation {
    case .help:
      let paths = Paths(environment: environment)
      print(CommandLineOptions.helpText(defaultStorePath: paths.defaultStorePath), terminator: "")
      return 0
    case .version:
      print("bowq \(Launcher.version)")
      return 0
    case .plist(let options):
      return PlistCommand.run(options)
    case .run(let options):
      return Launcher.run(options, environment: environment)
    }
  }
}
