import BowQShell
import Foundation

exit(
  Launcher.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment))
