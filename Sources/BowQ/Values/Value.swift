import Foundation

/// A dynamically typed value: what an attribute holds and what an expression evaluates to.
///
/// Equality is structural (`.int(1) != .double(1)`); the predicate engine compares numbers
/// by value through ``Value/numericValue`` where NSPredicate does.
///
/// A value takes 24 bytes, and a table holds one per attribute of every object. An object
/// reference (an entity name and a key, 24 bytes itself) is therefore kept out of line:
/// references are fewer than the attribute values they would otherwise make larger.
public enum Value: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case decimal(Decimal)
  case string(String)
  case date(Date)
  case data(Data)
  case uuid(UUID)
  case uri(URI)
  case color(Color)
  indirect case object(ObjectID)
  case collection([Value])

  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The value as a `Double` when it is a number or a Boolean (`YES` is 1, as in Foundation).
  public var numericValue: Double? {
    switch self {
    case .int(let v): return Double(v)
    case .double(let v): return v
    case .decimal(let v): return v.nearestDouble
    case .bool(let v): return v ? 1 : 0
    default: return nil
    }
  }

  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// A short name of the value's kind, for error messages.
  public var kindName: String {
    switch self {
    case .null: return "nil"
    case .bool: return "Bool"
    case .int: return "integer"
    case .double: return "Double"
    case .decimal: return "Decimal"
    case .string: return "String"
    case .date: return "Date"
    case .data: return "Binary"
    case .uuid: return "UUID"
    case .uri: return "URI"
    case .color: return "Color"
    case .object: return "object"
    case .collection: return "collection"
    }
  }
}
