import Foundation

/// Converts the plain Swift and Foundation values the Swift API is given — format
/// arguments, substitution variables and the values predicates evaluate against — to bowq
/// values, and results back.
///
/// `nil` and `NSNull` are nil; `String`, `Bool`, the integer and floating-point types,
/// `NSNumber`, `Decimal`, `Date`, `Data`, `UUID`, `URL`, ``Color``, ``Value``, ``ObjectID`` and
/// ``GraphObject`` are the values they hold; arrays and sets are collections. Dictionaries
/// with string keys are objects whose keys key paths read (``DynamicScope``) when evaluated
/// against; as a constant, where no key path can reach inside, a dictionary is the
/// collection of its values, which is what `IN` reads of it.
struct PlainValues {
  /// The dictionaries met, in ``DynamicScope`` order, converted and as given.
  private(set) var dictionaries: [[String: Value]] = []
  private var originals: [Any] = []
  /// Whether dictionaries become objects whose keys key paths read (values to evaluate
  /// with), or the collections of their values (constants, which no key path reaches into).
  private let keepsDictionaries: Bool

  /// A converter of values to evaluate with (`keepsDictionaries`), or of constants.
  init(keepsDictionaries: Bool) {
    self.keepsDictionaries = keepsDictionaries
  }

  /// A value as bowq reads it.
  ///
  /// - Parameter path: how messages name the value (`the object`, `argument 2`, `$limit`).
  mutating func value(_ any: Any?, path: String) throws(PlainValueError) -> Value {
    if let dictionary = try Self.stringKeyed(any, path: path) {
      guard keepsDictionaries else {
        var values: [Value] = []
        for key in dictionary.keys.sorted() {
          values.append(try value(dictionary[key]!, path: "\(path)[\(Value.quoted(key))]"))
        }
        return .collection(values)
      }
      let position = dictionaries.count
      dictionaries.append([:])
      originals.append(any!)
      var converted: [String: Value] = [:]
      for (key, element) in dictionary {
        converted[key] = try value(element, path: "\(path)[\(Value.quoted(key))]")
      }
      dictionaries[position] = converted
      return DynamicScope.reference(toDictionaryAt: position)
    }
    if let elements = Self.elements(any) {
      var values: [Value] = []
      for (i, element) in elements.enumerated() {
        values.append(try value(element, path: "\(path)[\(i)]"))
      }
      return .collection(values)
    }
    return try Self.scalar(any, path: path)
  }

  /// Substitution variables, by name.
  mutating func values(of variables: [String: Any?]) throws(PlainValueError) -> [String: Value] {
    var values: [String: Value] = [:]
    for (name, variable) in variables {
      do {
        values[name] = try value(variable, path: "$" + name)
      } catch {
        var named = error
        named.variable = name
        throw named
      }
    }
    return values
  }

  /// A constant: a format argument.
  static func constant(_ any: Any?, path: String) throws(PlainValueError) -> Value {
    var constants = PlainValues(keepsDictionaries: false)
    return try constants.value(any, path: path)
  }

  /// Substitution variables as constants.
  static func constants(_ variables: [String: Any?]) throws(PlainValueError) -> [String: Value] {
    var constants = PlainValues(keepsDictionaries: false)
    return try constants.values(of: variables)
  }

  /// A result as a Swift value: nil for nil, `Int` for integers, `[Any]` (with `NSNull` for
  /// nil) for collections, the dictionary given for one that was evaluated against, and a
  /// ``GraphObject`` for an object of `graph`.
  func swiftValue(_ value: Value, graph: ObjectGraph?) -> Any? {
    switch value {
    case .null: return nil
    case .bool(let b): return b
    case .int(let i): return Int(exactly: i) ?? Double(i)
    case .double(let d): return d
    case .decimal(let d): return d
    case .string(let s): return s
    case .date(let d): return d
    case .data(let d): return d
    case .uuid(let u): return u
    case .uri(let u): return u.url ?? u.absoluteString
    case .color(let c): return c
    case .object(let id):
      if id.entity == DynamicScope.dictionaryEntity, let position = Int(exactly: id.key),
        originals.indices.contains(position)
      {
        return originals[position]
      }
      return graph.map { GraphObject(id, in: $0) } ?? id
    case .collection(let elements):
      return elements.map { swiftValue($0, graph: graph) ?? NSNull() }
    }
  }

  // MARK: Kinds of value

  /// A dictionary with string keys, or nil for any other value.
  private static func stringKeyed(_ any: Any?, path: String) throws(PlainValueError)
    -> [String: Any]?
  {
    if let dictionary = any as? [String: Any] { return dictionary }
    guard let dictionary = any as? [AnyHashable: Any] else { return nil }
    var converted: [String: Any] = [:]
    for (key, value) in dictionary {
      guard let name = key.base as? String else {
        throw PlainValueError(
          path: path, "has the key \(key), which is not a string: key paths name string keys")
      }
      converted[name] = value
    }
    return converted
  }

  private static func elements(_ any: Any?) -> [Any]? {
    if let array = any as? [Any] { return array }
    if let set = any as? Set<AnyHashable> { return set.map(\.base) }
    if let set = any as? NSSet { return set.allObjects }
    return nil
  }

  private static func scalar(_ any: Any?, path: String) throws(PlainValueError) -> Value {
    switch any {
    case nil, is NSNull: return .null
    case let value as Value: return value
    case let id as ObjectID: return .object(id)
    case let object as GraphObject: return .object(object.id)
    case let string as String: return .string(string)
    case let date as Date: return .date(date)
    case let data as Data: return .data(data)
    case let uuid as UUID: return .uuid(uuid)
    case let url as URL: return .uri(URI(url))
    case let uri as URI: return .uri(uri)
    case let color as Color: return .color(color)
    case let decimal as Decimal: return .decimal(decimal)
    case let number as NSNumber: return number.value
    case let some?:
      throw PlainValueError(
        path: path,
        "is a \(type(of: some)), which a predicate cannot read: use dictionaries, arrays, sets, "
          + "strings, numbers, Booleans, dates, data, UUIDs, URLs or NSNull")
    }
  }
}

extension NSNumber {
  /// The number as a bowq value: Booleans stay Booleans, integers integers (unsigned ones
  /// too large for Int64 become Doubles) and floating-point numbers Doubles.
  fileprivate var value: Value {
    switch String(cString: objCType) {
    case "c", "B": return .bool(boolValue)
    case "f", "d": return .double(doubleValue)
    case "Q", "L", "I", "S", "C":
      return uint64Value <= UInt64(Int64.max) ? .int(int64Value) : .double(doubleValue)
    default: return .int(int64Value)
    }
  }
}

/// A value the Swift API was given that bowq cannot read, named by where it was found.
struct PlainValueError: Error {
  var message: String
  /// The substitution variable the value was given for, if it was given for one.
  var variable: String?

  init(path: String, _ problem: String) {
    message = "\(path) \(problem)"
  }
}
