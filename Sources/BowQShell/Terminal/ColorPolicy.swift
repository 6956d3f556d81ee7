import Glibc

/// The `--color` setting.
public enum ColorMode: String, CaseIterable, Hashable, Sendable {
  /// Colour on a terminal, unless the environment says otherwise.
  case auto
  case always
  case never
}

/// Decides whether an output stream gets colour, following no-color.org and
/// force-color.org.
///
/// In order: `--color always|never` wins; then a non-empty `NO_COLOR` turns colour off;
/// then a non-empty `FORCE_COLOR`, or a `CLICOLOR_FORCE` other than `0`, turns it on;
/// then `TERM=dumb` turns it off; otherwise a stream has colour when it is a terminal.
/// Each stream is decided on its own (results on stdout, errors on stderr).
public struct ColorPolicy: Hashable, Sendable {
  public var mode: ColorMode
  /// The environment variables to consult, usually the process's.
  public var environment: [String: String]

  public init(mode: ColorMode = .auto, environment: [String: String]) {
    self.mode = mode
    self.environment = environment
  }

  /// Whether a stream that is (or is not) a terminal gets colour.
  public func usesColor(onTerminal isTerminal: Bool) -> Bool {
    switch mode {
    case .always: return true
    case .never: return false
    case .auto: break
    }
    if isSet("NO_COLOR") { return false }
    if isSet("FORCE_COLOR") { return true }
    if isSet("CLICOLOR_FORCE"), environment["CLICOLOR_FORCE"] != "0" { return true }
    if environment["TERM"] == "dumb" { return false }
    return isTerminal
  }

  /// Whether the stream on a file descriptor (`STDOUT_FILENO`, `STDERR_FILENO`) gets colour.
  public func usesColor(forFileDescriptor descriptor: Int32) -> Bool {
    usesColor(onTerminal: isatty(descriptor) == 1)
  }

  private func isSet(_ name: String) -> Bool {
    environment[name].map { !$0.isEmpty } ?? false
  }
}
