import BowQ
import Foundation

extension JSONValue {
  /// A bowq value in JSON: nil as `null`; integers as integers, doubles in their shortest
  /// form (`null` when infinite or NaN) and decimals exactly; dates as ISO 8601 strings; UUIDs, URIs and object IDs as
  /// strings; binary data as base64; colors as `{"red":…,"green":…,"blue":…}`; collections
  /// as arrays.
  public init(_ value: Value) {
    switch value {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .int(let number): self = .integer(number)
    case .double(let number): self = number.isFinite ? .number(Value.format(number)) : .null
    case .decimal(let number): self = number.isNaN ? .null : .number(value.displayText)
    case .string(let text): self = .string(text)
    case .date(let date): self = .string(Value.iso8601(date))
    case .data(let data): self = .string(data.base64EncodedString())
    case .uuid(let uuid): self = .string(uuid.uuidString)
    case .uri(let url): self = .string(url.absoluteString)
    case .color(let color):
      self = .object([
        ("red", .integer(color.red)), ("green", .integer(color.green)),
        ("blue", .integer(color.blue)),
      ])
    case .object(let id): self = .string(id.description)
    case .collection(let values): self = .array(values.map(JSONValue.init))
    }
  }
}
