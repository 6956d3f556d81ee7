import Foundation

/// A property-list value: what a binary, XML or JSON plist file holds.
///
/// Integers keep the distinction the binary format makes: `.integer` holds every value that
/// fits in `Int64`, and `.unsignedInteger` only values above `Int64.max` (stored as 16-byte
/// integers in a `bplist00` file). Equality is structural; dictionaries compare without
/// regard to their order (see ``PropertyListDictionary``).
public enum PropertyList: Hashable, Sendable {
  case string(String)
  case integer(Int64)
  /// An integer above `Int64.max`; smaller values are ``integer(_:)``.
  case unsignedInteger(UInt64)
  case real(Double)
  case bool(Bool)
  case date(Date)
  case data(Data)
  case array([PropertyList])
  case dictionary(PropertyListDictionary)

  /// The value's kind with an article, for messages: "a string", "an integer", "data".
  public var kindDescription: String {
    switch self {
    case .string: return "a string"
    case .integer, .unsignedInteger: return "an integer"
    case .real: return "a real"
    case .bool: return "a Boolean"
    case .date: return "a date"
    case .data: return "data"
    case .array: return "an array"
    case .dictionary: return "a dictionary"
    }
  }

  /// The dictionary, when the value is one.
  public var dictionaryValue: PropertyListDictionary? {
    if case .dictionary(let d) = self { return d }
    return nil
  }

  /// The elements, when the value is an array.
  public var arrayValue: [PropertyList]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The string, when the value is one.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The key of the one-entry dictionary that stands for a UID, an `NSKeyedArchiver`
  /// reference, as XML property lists and ``BinaryPropertyListReader`` (when asked) give it.
  public static let uidKey = "CF$UID"

  /// The dictionary `{"CF$UID": reference}` that stands for a UID.
  public static func uid(_ reference: Int64) -> PropertyList {
    .dictionary([uidKey: .integer(reference)])
  }

  /// The reference, when the value is a UID's dictionary `{"CF$UID": n}`.
  public var uidValue: Int64? {
    guard let dictionary = dictionaryValue, dictionary.count == 1 else { return nil }
    return dictionary[Self.uidKey]?.integerValue
  }

  /// The integer, when the value is an integer that fits in `Int64`.
  public var integerValue: Int64? {
    if case .integer(let i) = self { return i }
    return nil
  }
}

/// The entries of a property-list dictionary, in the order they were read or added.
///
/// Keys are unique: setting an existing key replaces its value in place. Two dictionaries
/// are equal when they hold the same keys with equal values, whatever their order, because
/// the formats do not give order a meaning (XML readers and CoreFoundation reorder freely).
public struct PropertyListDictionary: Hashable, Sendable, RandomAccessCollection,
  ExpressibleByDictionaryLiteral
{
  /// The keys, in order; `values[i]` belongs to `keys[i]`.
  public private(set) var keys: [String] = []
  /// The values, in the order of ``keys``.
  public private(set) var values: [PropertyList] = []
  /// The place of each key, kept once there are more than ``keysFoundInOrder``: a smaller
  /// dictionary (an object of a JSON Lines file, a color) finds a key by comparing it with
  /// each of its keys, which costs less than hashing it, and a million of them less than a
  /// million hash tables.
  private var indexByKey: [String: Int]?
  private static let keysFoundInOrder = 16

  /// An empty dictionary.
  public init() {}

  /// A dictionary of the given entries in their order; a repeated key replaces the value
  /// of its first occurrence.
  public init(_ entries: some Sequence<(key: String, value: PropertyList)>) {
    for (key, value) in entries { self[key] = value }
  }

  public init(dictionaryLiteral elements: (String, PropertyList)...) {
    for (key, value) in elements { self[key] = value }
  }

  /// A dictionary from keys already known to be unique, with their index, as the binary
  /// reader builds it.
  init(uniqueKeys keys: [String], values: [PropertyList], indexByKey: [String: Int]) {
    self.keys = keys
    self.values = values
    self.indexByKey = keys.count > Self.keysFoundInOrder ? indexByKey : nil
  }

  /// A dictionary from keys already known to be unique, as the JSON reader finds them.
  init(uniqueKeys keys: [String], values: [PropertyList]) {
    self.keys = keys
    self.values = values
    indexByKey = Self.index(of: keys)
  }

  /// The place of each of `keys`, when there are too many to find in order.
  private static func index(of keys: [String]) -> [String: Int]? {
    guard keys.count > keysFoundInOrder else { return nil }
    return Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
  }

  private func place(of key: String) -> Int? {
    guard let indexByKey else { return keys.firstIndex(of: key) }
    return indexByKey[key]
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { keys.count }

  public subscript(position: Int) -> (key: String, value: PropertyList) {
    (keys[position], values[position])
  }

  /// The value for `key`; assigning nil removes the entry, assigning a value appends a new
  /// entry or replaces the existing one in place.
  public subscript(key: String) -> PropertyList? {
    get { place(of: key).map { values[$0] } }
    set {
      if let index = place(of: key) {
        if let newValue {
          values[index] = newValue
        } else {
          keys.remove(at: index)
          values.remove(at: index)
          indexByKey = Self.index(of: keys)
        }
      } else if let newValue {
        keys.append(key)
        values.append(newValue)
        if indexByKey != nil {
          indexByKey?[key] = keys.count - 1
        } else {
          indexByKey = Self.index(of: keys)
        }
      }
    }
  }

  public static func == (a: PropertyListDictionary, b: PropertyListDictionary) -> Bool {
    guard a.count == b.count else { return false }
    for (key, value) in zip(a.keys, a.values) where b[key] != value { return false }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for (key, value) in zip(keys, values) {
      var entry = Hasher()
      entry.combine(key)
      entry.combine(value)
      combined ^= entry.finalize()
    }
    hasher.combine(count)
    hasher.combine(combined)
  }
}

extension PropertyList: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .real(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: PropertyList...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, PropertyList)...) {
    self = .dictionary(PropertyListDictionary(elements.map { (key: $0.0, value: $0.1) }))
  }
}
