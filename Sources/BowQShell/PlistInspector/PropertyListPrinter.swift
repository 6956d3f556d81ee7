import BowQ
import Foundation

/// Prints a property list for people, as `plutil -p` does: `"key" => value` in
/// dictionaries, `index => value` in arrays, dates in UTC, data by length and bytes.
enum PropertyListPrinter {
  /// Data longer than this prints only its first bytes, followed by `…`.
  static let dataPreviewLimit = 32

  static func readable(_ plist: PropertyList) -> String {
    var out = ""
    write(plist, indent: 0, into: &out)
    return out + "\n"
  }

  /// Appends a container at nesting level `indent` as `plutil -p` lays one out: `open` ending
  /// its line, a line a level deeper for each element with what `line` appends for it
  /// (`label => value`), and `close` on a line of its own at the container's level.
  static func block<Element>(
    _ elements: some Sequence<Element>, open: String, close: String, indent: Int,
    into out: inout String, line: (Element, inout String) -> Void
  ) {
    let pad = String(repeating: "  ", count: indent + 1)
    out += open + "\n"
    for element in elements {
      out += pad
      line(element, &out)
      out += "\n"
    }
    out += String(repeating: "  ", count: indent) + close
  }

  private static func write(_ plist: PropertyList, indent: Int, into out: inout String) {
    switch plist {
    case .array(let elements):
      block(elements.enumerated(), open: "[", close: "]", indent: indent, into: &out) {
        item, out in
        out += "\(item.offset) => "
        write(item.element, indent: indent + 1, into: &out)
      }
    case .dictionary(let dictionary):
      block(dictionary, open: "{", close: "}", indent: indent, into: &out) { entry, out in
        out += "\(ValueText.visible(Value.quoted(entry.key))) => "
        write(entry.value, indent: indent + 1, into: &out)
      }
    case .string(let s): out += ValueText.visible(Value.quoted(s))
    case .integer(let i): out += String(i)
    case .unsignedInteger(let u): out += String(u)
    case .real(let d): out += "\(d)"
    case .bool(let b): out += b ? "true" : "false"
    case .date(let d): out += date(d)
    case .data(let data): out += self.data(data)
    }
  }

  /// A date as `plutil -p` prints it: `2024-06-01 12:00:00 +0000`.
  static func date(_ date: Date) -> String {
    ISO8601Dates.format(date, separator: " ", zone: " +0000", milliseconds: false)
  }

  /// Data by its length and first bytes: `{length = 2, bytes = 0x0102}`.
  static func data(_ data: Data) -> String {
    let bytes = Hexadecimal.lowercase(data.prefix(dataPreviewLimit))
    return
      "{length = \(data.count), bytes = 0x\(bytes)\(data.count > dataPreviewLimit ? "…" : "")}"
  }

  /// The property list as JSON: dates as ISO 8601 strings, data as base64.
  static func json(_ plist: PropertyList) -> String {
    jsonValue(plist).serialized() + "\n"
  }

  private static func jsonValue(_ plist: PropertyList) -> JSONValue {
    switch plist {
    case .string(let s): return .string(s)
    case .integer(let i): return .integer(i)
    case .unsignedInteger(let u): return .integer(u)
    case .real(let d): return d.isFinite ? .number("\(d)") : .string("\(d)")
    case .bool(let b): return .bool(b)
    case .date(let d): return .string(Value.iso8601(d))
    case .data(let data): return .string(data.base64EncodedString())
    case .array(let elements): return .array(elements.map(jsonValue))
    case .dictionary(let dictionary):
      return .object(dictionary.map { ($0.key, jsonValue($0.value)) })
    }
  }
}
