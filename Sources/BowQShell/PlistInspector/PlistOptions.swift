/// The options of `bowq plist FILE [--format json]`.
public struct PlistOptions: Hashable, Sendable {
  /// How the property list is printed.
  public enum Format: Hashable, Sendable {
    /// Readable, as `plutil -p` prints it.
    case readable
    /// `--format json` (or `--json`).
    case json
  }

  /// The file to print; `-` is standard input.
  public var path: String
  public var format: Format
  public var color: ColorMode

  public init(path: String, format: Format = .readable, color: ColorMode = .auto) {
    self.path = path
    self.format = format
    self.color = color
  }
}
