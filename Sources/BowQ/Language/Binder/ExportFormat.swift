/// What `export` writes: named with `as …`, or told by the file's extension.
public enum ExportFormat: String, Hashable, Sendable, CaseIterable {
  /// A JSON array of objects (`.json`).
  case json
  /// One JSON object per line (`.jsonl`, `.ndjson`).
  case jsonl
  /// Comma-separated values with a header row (`.csv`).
  case csv
  /// An XML property list (`.xml`).
  case xml
  /// A binary property list (`.plist`, `.bplist`, or no extension).
  case binary

  /// The format an extension names, lower-cased without its dot; the empty extension is a
  /// binary property list, as it always was.
  public init?(extension: String) {
    switch `extension`.lowercased() {
    case "json": self = .json
    case "jsonl", "ndjson": self = .jsonl
    case "csv": self = .csv
    case "xml": self = .xml
    case "plist", "bplist", "": self = .binary
    default: return nil
    }
  }

  /// The property-list format of the formats that are property lists (JSON, XML, binary).
  public var propertyListFormat: PropertyListFormat? {
    switch self {
    case .json: return .json
    case .xml: return .xml
    case .binary: return .binary
    case .jsonl, .csv: return nil
    }
  }

  /// The names `as …` takes, for messages.
  static var names: String {
    allCases.map(\.rawValue).joined(separator: ", ")
  }
}
