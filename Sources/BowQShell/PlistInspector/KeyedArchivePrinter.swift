import BowQ
import Foundation

/// Prints a decoded keyed archive for people, in the style of ``PropertyListPrinter``: an
/// object as its class and place in `$objects` with its fields (`NSEntityDescription (object
/// 5) { "NSEntityName" => "Pet" … }`), Foundation's standard classes as plain values, and an
/// object met inside itself as a pointer to where it is printed in full.
enum KeyedArchivePrinter {
  /// The archive's roots, each with everything below it.
  static func readable(_ archive: KeyedArchive) -> String {
    var out = ""
    PropertyListPrinter.block(archive.top, open: "{", close: "}", indent: 0, into: &out) {
      root, out in
      out += "\(Value.quoted(root.name)) => "
      write(root.value, indent: 1, into: &out)
    }
    return out + "\n"
  }

  /// Appends `value` at nesting level `indent`; class names from the file have their control
  /// characters made visible.
  private static func write(_ value: ArchivedValue, indent: Int, into out: inout String) {
    switch value {
    case .array(let elements), .set(let elements):
      var open = "["
      if case .set = value { open = "set [" }
      PropertyListPrinter.block(
        elements.enumerated(), open: open, close: "]", indent: indent, into: &out
      ) { item, out in
        out += "\(item.offset) => "
        write(item.element, indent: indent + 1, into: &out)
      }
    case .dictionary(let entries):
      PropertyListPrinter.block(entries, open: "{", close: "}", indent: indent, into: &out) {
        entry, out in
        write(entry.key, indent: indent + 1, into: &out)
        out += " => "
        write(entry.value, indent: indent + 1, into: &out)
      }
    case .object(let object):
      PropertyListPrinter.block(
        object.fields, open: "\(ValueText.visible(object.className)) (object \(object.index)) {",
        close: "}", indent: indent, into: &out
      ) { field, out in
        out += "\(Value.quoted(field.name)) => "
        write(field.value, indent: indent + 1, into: &out)
      }
    case .reference(let index, let className):
      let shown = className.isEmpty ? "" : ValueText.visible(className) + " "
      out += "<\(shown)object \(index), shown above>"
    case .null: out += "nil"
    case .string(let s): out += Value.quoted(s)
    case .integer(let i): out += String(i)
    case .unsignedInteger(let u): out += String(u)
    case .real(let d): out += "\(d)"
    case .bool(let b): out += b ? "true" : "false"
    case .date(let d): out += PropertyListPrinter.date(d)
    case .data(let d): out += PropertyListPrinter.data(d)
    case .uuid(let u): out += u.uuidString
    case .url(let u): out += "<\(u)>"
    }
  }

  /// The archive as JSON: `$top` as an object; an object as `{"$class", "$object", fields…}`,
  /// an object met inside itself as `{"$ref": index, "$class": name}`; dates as ISO 8601
  /// strings, data as base64, UUIDs and URLs as strings, sets as arrays, dictionaries with
  /// keys that are not strings as arrays of `{"key", "value"}`.
  static func json(_ archive: KeyedArchive) -> String {
    JSONValue.object(archive.top.map { ($0.name, jsonValue($0.value)) }).serialized() + "\n"
  }

  private static func jsonValue(_ value: ArchivedValue) -> JSONValue {
    switch value {
    case .null: return .null
    case .string(let s): return .string(s)
    case .integer(let i): return .integer(i)
    case .unsignedInteger(let u): return .integer(u)
    case .real(let d): return d.isFinite ? .number("\(d)") : .string("\(d)")
    case .bool(let b): return .bool(b)
    case .date(let d): return .string(Value.iso8601(d))
    case .data(let d): return .string(d.base64EncodedString())
    case .uuid(let u): return .string(u.uuidString)
    case .url(let u): return .string(u)
    case .array(let elements), .set(let elements): return .array(elements.map(jsonValue))
    case .dictionary(let entries):
      let keys = entries.compactMap(\.key.stringValue)
      guard keys.count == entries.count else {
        return .array(
          entries.map { .object([("key", jsonValue($0.key)), ("value", jsonValue($0.value))]) })
      }
      return .object(zip(keys, entries).map { ($0, jsonValue($1.value)) })
    case .object(let object):
      let header: [(key: String, value: JSONValue)] = [
        ("$class", .string(object.className)), ("$object", .integer(object.index)),
      ]
      return .object(header + object.fields.map { ($0.name, jsonValue($0.value)) })
    case .reference(let index, let className):
      return .object([("$ref", .integer(index)), ("$class", .string(className))])
    }
  }
}
