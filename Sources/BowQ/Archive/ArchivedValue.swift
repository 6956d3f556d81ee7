import Foundation

/// A value decoded from an `NSKeyedArchiver` archive: the standard Foundation classes become
/// plain values (strings, numbers, dates, data, UUIDs, URLs, arrays, sets, dictionaries,
/// null), and every other class an ``ArchivedObject`` with its class names and fields.
///
/// An archive is a graph: an object may be shared, and may contain itself (an attribute's
/// `NSEntity` names the entity that contains it). A shared object decodes once and its copies
/// share storage; an object met again inside itself is a ``reference(index:className:)`` to
/// the enclosing copy, so a value is always finite.
public enum ArchivedValue: Hashable, Sendable {
  /// `$null` (a nil reference) or an `NSNull`.
  case null
  case string(String)
  case integer(Int64)
  /// An integer above `Int64.max`.
  case unsignedInteger(UInt64)
  case real(Double)
  case bool(Bool)
  case date(Date)
  case data(Data)
  case uuid(UUID)
  /// An `NSURL`, resolved against its base when it has one.
  case url(String)
  /// An `NSArray`, `NSMutableArray` or `NSOrderedSet`.
  case array([ArchivedValue])
  /// An `NSSet` or `NSMutableSet`, in the archive's order.
  case set([ArchivedValue])
  /// An `NSDictionary` (or a mutable or known-keys one), in the archive's order.
  case dictionary([ArchivedEntry])
  /// An instance of any other class.
  case object(ArchivedObject)
  /// The object at `index` of `$objects` again, inside itself: its full value encloses this
  /// place.
  case reference(index: Int, className: String)

  /// The string, when the value is one.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The integer, when the value is one that fits in `Int64`.
  public var integerValue: Int64? {
    if case .integer(let i) = self { return i }
    return nil
  }

  /// The Boolean, when the value is one; archivers also write flags as the integers 0 and 1.
  public var boolValue: Bool? {
    switch self {
    case .bool(let b): return b
    case .integer(0): return false
    case .integer(1): return true
    default: return nil
    }
  }

  /// The object, when the value is one of a non-standard class.
  public var objectValue: ArchivedObject? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// The elements, when the value is an array or a set.
  public var elements: [ArchivedValue]? {
    switch self {
    case .array(let elements), .set(let elements): return elements
    default: return nil
    }
  }

  /// The entries, when the value is a dictionary.
  public var entries: [ArchivedEntry]? {
    if case .dictionary(let entries) = self { return entries }
    return nil
  }

  /// The value for the string key `key`, when the value is a dictionary holding it.
  public subscript(key: String) -> ArchivedValue? {
    entries?.first { $0.key == .string(key) }?.value
  }
}

/// One key and its value in an archived dictionary.
public struct ArchivedEntry: Hashable, Sendable {
  public var key: ArchivedValue
  public var value: ArchivedValue

  public init(key: ArchivedValue, value: ArchivedValue) {
    self.key = key
    self.value = value
  }
}

/// An archived instance of a class that is not one of Foundation's standard values: its
/// place in `$objects`, its class and superclasses, and the fields it was encoded with.
public struct ArchivedObject: Hashable, Sendable {
  /// Its index in the archive's `$objects`.
  public var index: Int
  /// The class, then its superclasses (`$classes`), most specific first; never empty.
  public var classNames: [String]
  /// The encoded fields other than `$class`, in the archive's order.
  public var fields: [ArchivedField]

  public init(index: Int, classNames: [String], fields: [ArchivedField]) {
    self.index = index
    self.classNames = classNames
    self.fields = fields
  }

  /// The object's own class (`$classname`).
  public var className: String { classNames.first ?? "" }

  /// The value of the field `name`; nil when the object was encoded without it.
  public subscript(name: String) -> ArchivedValue? {
    fields.first { $0.name == name }?.value
  }
}

/// One encoded field of an ``ArchivedObject``.
public struct ArchivedField: Hashable, Sendable {
  public var name: String
  public var value: ArchivedValue

  public init(name: String, value: ArchivedValue) {
    self.name = name
    self.value = value
  }
}

extension ArchivedValue {
  /// Every object of the value by its index in `$objects`, so that a
  /// ``reference(index:className:)`` can be followed. Each object is walked once, however
  /// often it is shared.
  public var objectsByIndex: [Int: ArchivedObject] {
    var found: [Int: ArchivedObject] = [:]
    var pending = [self]
    while let value = pending.popLast() {
      switch value {
      case .object(let object):
        guard found[object.index] == nil else { continue }
        found[object.index] = object
        pending.append(contentsOf: object.fields.map(\.value))
      case .array(let elements), .set(let elements):
        pending.append(contentsOf: elements)
      case .dictionary(let entries):
        for entry in entries { pending.append(contentsOf: [entry.key, entry.value]) }
      default:
        continue
      }
    }
    return found
  }
}
