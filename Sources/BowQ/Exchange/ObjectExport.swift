import Foundation

/// Objects written out as an array of dictionaries — the shape `import` reads — in JSON or
/// a property list.
///
/// Attributes keep their types in property lists (dates as dates, binary as data); JSON,
/// which has neither, gets ISO 8601 strings and base64. UUIDs and URIs are strings, colors
/// `{red, green, blue}`, nil values are left out, and relationships name their objects as
/// `Entity/pN`.
public enum ObjectExport {
  public static func data(_ rows: [[Value]], of entity: Entity, as format: PropertyListFormat)
    throws -> Data
  {
    let objects = rows.map { row in
      PropertyList.dictionary(
        PropertyListDictionary(
          zip(entity.propertyNames, row).compactMap { name, value in
            plist(value, json: format == .json).map { (key: name, value: $0) }
          }))
    }
    return try PropertyListEncoding.encode(.array(objects), as: format)
  }

  private static func plist(_ value: Value, json: Bool) -> PropertyList? {
    switch value {
    case .null: return nil
    case .bool(let b): return .bool(b)
    case .int(let i): return .integer(i)
    case .double(let d): return .real(d)
    case .decimal(let d): return .string(NSDecimalNumber(decimal: d).stringValue)
    case .string(let s): return .string(s)
    case .date(let d): return json ? .string(Value.iso8601(d)) : .date(d)
    case .data(let d): return json ? .string(d.base64EncodedString()) : .data(d)
    case .uuid(let u): return .string(u.uuidString)
    case .uri(let u): return .string(u.absoluteString)
    case .color(let c):
      return .dictionary([
        "red": .integer(Int64(c.red)), "green": .integer(Int64(c.green)),
        "blue": .integer(Int64(c.blue)),
      ])
    case .object(let id): return .string(id.description)
    case .collection(let values): return .array(values.compactMap { plist($0, json: json) })
    }
  }
}
