import Foundation

/// Objects written out for `export`: as an array of dictionaries — the shape `import`
/// reads — in JSON or a property list, as JSON Lines (one object per line), or as CSV (a
/// header of property names, then a record per object).
///
/// Attributes keep their types in property lists (dates as dates, binary as data); JSON,
/// which has neither, gets ISO 8601 strings and base64. UUIDs and URIs are strings, colors
/// `{red, green, blue}`, nil values are left out, and relationships name their objects as
/// `Entity/pN`. CSV writes each value as a table shows it (binary as base64, nil empty).
public enum ObjectExport {
  public static func data(_ rows: [[Value]], of entity: Entity, as format: ExportFormat)
    throws -> Data
  {
    switch format {
    case .csv:
      var text = CSV.record(entity.propertyNames.map(CSV.quoted))
      for (index, row) in rows.enumerated() {
        try Interrupt.check(every: index)
        text += CSV.record(row.map(CSV.field))
      }
      return Data(text.utf8)
    case .jsonl:
      var data = Data()
      for (index, row) in rows.enumerated() {
        try Interrupt.check(every: index)
        let object = try FoundationBridge.object(
          from: dictionary(row, of: entity, json: true), forJSON: true)
        data += try JSONSerialization.data(
          withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        data.append(0x0A)
      }
      return data
    case .json, .xml, .binary:
      let plistFormat = format.propertyListFormat ?? .binary
      let objects = rows.map { dictionary($0, of: entity, json: plistFormat == .json) }
      return try PropertyListEncoding.encode(.array(objects), as: plistFormat)
    }
  }

  /// One object as a dictionary of its non-nil properties.
  private static func dictionary(_ row: [Value], of entity: Entity, json: Bool) -> PropertyList {
    PropertyList.dictionary(
      PropertyListDictionary(
        zip(entity.propertyNames, row).compactMap { name, value in
          plist(value, json: json).map { (key: name, value: $0) }
        }))
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
