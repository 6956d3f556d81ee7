/// The options of `bowq plist FILE [--unarchive] [--format json]`.
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
  /// `--unarchive`: decode the file as an `NSKeyedArchiver` archive.
  public var unarchives: Bool

  public init(
    path: String, format: Format = .readable, color: ColorMode = .auto, unarchives: Bool = false
  ) {
    self.path = path
    self.format = format
    self.color = color
    self.unarchives = unarchives
  }
}
