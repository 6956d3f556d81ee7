import Foundation

/// XML property-list text written as Foundation's `PropertyListSerialization` writes it —
/// tabs a level, keys in UTF-16 order, reals to 17 significant digits, dates in whole
/// seconds, data as base64 in lines of 60 — a value at a time, so that an export writes its
/// objects as it reads them.
enum XMLPropertyListText {
  /// What comes before the top value.
  static let header = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """.utf8)
  /// What comes after it.
  static let footer = Array("</plist>\n".utf8)

  /// Appends `value` on lines of its own, `depth` tabs in.
  static func append(_ value: PropertyList, depth: Int, to text: inout [UInt8]) {
    indent(depth, &text)
    switch value {
    case .string(let string): element("string", escaping: string, to: &text)
    case .integer(let integer): element("integer", String(integer), to: &text)
    case .unsignedInteger(let integer): element("integer", String(integer), to: &text)
    case .real(let real): element("real", Self.real(real), to: &text)
    case .bool(let bool): text += (bool ? "<true/>\n" : "<false/>\n").utf8
    case .date(let date):
      element("date", ISO8601Dates.format(date, milliseconds: false), to: &text)
    case .data(let data):
      text += "<data>\n".utf8
      let base64 = Array(data.base64EncodedString().utf8)
      for start in stride(from: 0, to: base64.count, by: 60) {
        indent(depth, &text)
        text += base64[start..<min(start + 60, base64.count)]
        text.append(UInt8(ascii: "\n"))
      }
      indent(depth, &text)
      text += "</data>\n".utf8
    case .array(let elements):
      guard !elements.isEmpty else {
        text += "<array/>\n".utf8
        return
      }
      text += "<array>\n".utf8
      for element in elements { append(element, depth: depth + 1, to: &text) }
      indent(depth, &text)
      text += "</array>\n".utf8
    case .dictionary(let dictionary):
      guard !dictionary.keys.isEmpty else {
        text += "<dict/>\n".utf8
        return
      }
      text += "<dict>\n".utf8
      let order = dictionary.keys.indices.sorted {
        dictionary.keys[$0].utf16.lexicographicallyPrecedes(dictionary.keys[$1].utf16)
      }
      for index in order {
        indent(depth + 1, &text)
        element("key", escaping: dictionary.keys[index], to: &text)
        append(dictionary.values[index], depth: depth + 1, to: &text)
      }
      indent(depth, &text)
      text += "</dict>\n".utf8
    }
  }

  private static func indent(_ depth: Int, _ text: inout [UInt8]) {
    text.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: depth))
  }

  private static func element(_ name: String, _ content: String, to text: inout [UInt8]) {
    text += "<\(name)>\(content)</\(name)>\n".utf8
  }

  /// An element whose text has `&`, `<` and `>` escaped, as Foundation escapes them (and
  /// nothing else: it writes control characters as they are).
  private static func element(_ name: String, escaping content: String, to text: inout [UInt8]) {
    text += "<\(name)>".utf8
    for byte in content.utf8 {
      switch byte {
      case UInt8(ascii: "&"): text += "&amp;".utf8
      case UInt8(ascii: "<"): text += "&lt;".utf8
      case UInt8(ascii: ">"): text += "&gt;".utf8
      default: text.append(byte)
      }
    }
    text += "</\(name)>\n".utf8
  }

  /// A real as `%.17g` writes it, but `0.0` for either zero, and `nan`, `+infinity` or
  /// `-infinity`.
  private static func real(_ real: Double) -> String {
    if real == 0 { return "0.0" }
    if real.isNaN { return "nan" }
    if real.isInfinite { return real < 0 ? "-infinity" : "+infinity" }
    return String(format: "%.17g", real)
  }
}
