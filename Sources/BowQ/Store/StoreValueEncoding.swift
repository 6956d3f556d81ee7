import Foundation

/// How values are written in a store's model (`default`, `min`, `max`: by the value's own
/// kind), and the rules for the kinds that need more than a property-list type: decimals,
/// UUIDs, URIs and colors, shared with the columns (``StoreColumn``).
enum StoreValueEncoding {
  /// Why a stored value does not fit its attribute.
  struct Mismatch: Error {
    var message: String
  }

  /// A model value (`default`, `min`, `max`) in the form of its own kind, so that an
  /// integer bound of a Double attribute reads back as an integer; nil for `.null`, which
  /// means "not set".
  static func modelValue(_ value: Value) -> PropertyList? {
    switch value {
    case .null, .object, .collection: return nil
    case .bool(let b): return .bool(b)
    case .int(let i): return .integer(i)
    case .double(let d): return .real(d)
    case .decimal(let d): return .string(d.description)
    case .string(let s): return .string(s)
    case .date(let d): return .date(d)
    case .data(let d): return .data(d)
    case .uuid(let u): return .data(uuidData(u))
    case .uri(let u): return .string(u.absoluteString)
    case .color(let c): return colorDictionary(c)
    }
  }

  /// A model value read back; strings and data take their kind from the attribute's type.
  static func modelValue(_ plist: PropertyList, for type: AttributeType) throws -> Value {
    switch (plist, type) {
    case (.integer(let i), _): return .int(i)
    case (.real(let d), _): return .double(d)
    case (.bool(let b), _): return .bool(b)
    case (.date(let d), _): return .date(d)
    case (.string(let s), .decimal): return .decimal(try decimal(s))
    case (.string(let s), .uri): return .uri(try uri(s))
    case (.string(let s), _): return .string(s)
    case (.data(let d), .uuid): return .uuid(try d.withUnsafeBytes { try uuid($0) })
    case (.data(let d), _): return .data(d)
    case (.dictionary(let d), _): return .color(try color(d))
    case (.unsignedInteger, _), (.array, _):
      throw Mismatch(message: "expected a value for \(type.name), found \(plist.kindDescription)")
    }
  }

  static func uuidData(_ uuid: UUID) -> Data {
    withUnsafeBytes(of: uuid.uuid) { Data($0) }
  }

  /// The UUID whose 16 bytes, in order, are `bytes`.
  static func uuid(_ bytes: UnsafeRawBufferPointer) throws -> UUID {
    guard bytes.count == 16 else {
      throw Mismatch(message: "a UUID is 16 bytes of data, found \(bytes.count) bytes")
    }
    return UUID(uuid: bytes.loadUnaligned(as: uuid_t.self))
  }

  /// An absolute URI; the empty string and what `URL` cannot parse are not.
  static func uri(_ string: String) throws -> URI {
    guard let uri = URI(string) else {
      throw Mismatch(message: "\(Value.quoted(string)) is not a valid URI")
    }
    return uri
  }

  /// A decimal number written exactly, `-12.50` or `1.5e-3`, or `NaN`.
  static func decimal(_ string: String) throws -> Decimal {
    if string == "NaN" { return .nan }
    guard isDecimalLiteral(string),
      let value = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX"))
    else {
      throw Mismatch(message: "\(Value.quoted(string)) is not a decimal number")
    }
    return value
  }

  /// Whether `string` is `-?digits(.digits)?([eE][-+]?digits)?` and nothing else (Foundation's
  /// parser accepts a number followed by anything, as in `12abc`).
  private static func isDecimalLiteral(_ string: String) -> Bool {
    var bytes = string.utf8[...]
    func digits() -> Bool {
      let count = bytes.prefix(while: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        .count
      bytes = bytes.dropFirst(count)
      return count > 0
    }
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    guard digits() else { return false }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      guard digits() else { return false }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
        bytes = bytes.dropFirst()
      }
      guard digits() else { return false }
    }
    return bytes.isEmpty
  }

  /// The names of a color's components, in the order they are written.
  static let colorComponents = ["red", "green", "blue"]

  static func colorDictionary(_ color: Color) -> PropertyList {
    [
      "red": .integer(Int64(color.red)), "green": .integer(Int64(color.green)),
      "blue": .integer(Int64(color.blue)),
    ]
  }

  /// A color from its dictionary: integer `red`, `green` and `blue` from 0 to 255, and
  /// nothing else.
  static func color(_ dictionary: PropertyListDictionary) throws -> Color {
    var components: [UInt8] = []
    for name in colorComponents {
      guard case .integer(let value) = dictionary[name] else {
        throw Mismatch(
          message: "a color needs integer red, green and blue; \(name) is "
            + (dictionary[name]?.kindDescription ?? "missing"))
      }
      guard let component = UInt8(exactly: value) else {
        throw Mismatch(message: "a color's components are 0–255; \(name) is \(value)")
      }
      components.append(component)
    }
    if let extra = dictionary.keys.first(where: { !colorComponents.contains($0) }) {
      throw Mismatch(message: "a color has only red, green and blue, found \(Value.quoted(extra))")
    }
    return Color(red: components[0], green: components[1], blue: components[2])
  }
}
