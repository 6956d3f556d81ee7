import BowQShell

/// What the command line asks `bowq` to do.
enum Invocation: Hashable, Sendable {
  /// Run statements against a store.
  case run(RunOptions)
  /// `bowq plist FILE`: print a property list file.
  case plist(PlistOptions)
  /// `--help`: print the usage text to standard output and exit 0.
  case help
  /// `--version`: print the version to standard output and exit 0.
  case version
}
