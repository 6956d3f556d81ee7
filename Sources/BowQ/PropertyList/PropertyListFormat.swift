import Foundation

/// The serialised forms of a property list bowq reads and writes.
public enum PropertyListFormat: String, Hashable, Sendable, CaseIterable {
  /// `bplist00`, read and written by bowq's own codec.
  case binary
  /// Apple's XML property-list format, read and written through Foundation.
  case xml
  /// JSON, read and written through Foundation's `JSONSerialization`.
  case json
}

/// Reads a property list in any ``PropertyListFormat``, telling the format from the first
/// bytes.
public enum PropertyListDecoding {
  /// Decodes `data` and reports which format it was in.
  ///
  /// A file starting with `bplist` is binary and goes to ``BinaryPropertyListReader`` (never
  /// to another parser, so a damaged binary file is an error, not an accidental OpenStep
  /// string); one whose shared references expand past its budget is refused
  /// (``PropertyListExpansion``), since every caller walks the value in full. After an optional UTF-8 byte-order mark and white space, `<?xml`, `<plist`,
  /// `<!DOCTYPE plist` or `<!--` start XML, and `{` or `[` JSON. XML and JSON go through
  /// Foundation and are converted with Booleans, integers and reals kept apart; a JSON `null`
  /// is an error, since property lists have no null, and so is a key that appears twice in
  /// one dictionary (``JSONDuplicateKeyScanner``, ``XMLDuplicateKeyScanner``), where
  /// Foundation keeps the last. Dictionary entries from XML and JSON are ordered by key,
  /// because Foundation does not keep the file's order. With `readingUIDs`, a binary file's
  /// UIDs (an `NSKeyedArchiver` archive's references) read as ``PropertyList/uid(_:)``, as
  /// XML and JSON spell them, instead of being refused.
  public static func decode(_ data: Data, readingUIDs: Bool = false) throws -> (
    PropertyList, PropertyListFormat
  ) {
    let bytes = [UInt8](data.prefix(64))
    if bytes.starts(with: Array("bplist".utf8)) {
      let plist = try BinaryPropertyListReader.decode(data, readingUIDs: readingUIDs)
      try PropertyListExpansion.check(
        plist, budget: PropertyListExpansion.budget(forLength: data.count))
      return (plist, .binary)
    }
    let text = significantStart(bytes)
    if startsXML(text) {
      return (try decodeXML(data), .xml)
    }
    if let first = text.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
      return (try decodeJSON(data), .json)
    }
    if data.isEmpty {
      throw PropertyListError(.unknownFormat, at: nil, "the file is empty")
    }
    let shown = String(decoding: text.prefix(16), as: UTF8.self)
    throw PropertyListError(
      .unknownFormat, at: text.startIndex,
      "not a property list: expected \"bplist00\", XML (<?xml, <plist) or JSON ({, [), "
        + "found \(Value.quoted(shown))")
  }

  /// Whether `data` starts as an XML property list does.
  public static func looksLikeXML(_ data: Data) -> Bool {
    startsXML(significantStart([UInt8](data.prefix(64))))
  }

  /// `bytes` after an optional UTF-8 byte-order mark and white space.
  private static func significantStart(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    return bytes[start...]
  }

  private static func startsXML(_ text: ArraySlice<UInt8>) -> Bool {
    ["<?xml", "<plist", "<!DOCTYPE plist", "<!--"].contains { text.starts(with: Array($0.utf8)) }
  }

  private static func decodeXML(_ data: Data) throws -> PropertyList {
    var format = PropertyListSerialization.PropertyListFormat.xml
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
    } catch {
      throw PropertyListError(
        .badText, at: nil, "not a valid XML property list: \(foundationMessage(error))")
    }
    guard format == .xml else {
      throw PropertyListError(
        .badText, at: nil, "not a valid XML property list (Foundation read it as another format)")
    }
    try XMLDuplicateKeyScanner.check(data)
    return try FoundationBridge.propertyList(from: object, format: "XML")
  }

  private static func decodeJSON(_ data: Data) throws -> PropertyList {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw PropertyListError(.badText, at: nil, "not valid JSON: \(foundationMessage(error))")
    }
    try JSONDuplicateKeyScanner.check(data)
    return try FoundationBridge.propertyList(from: object, format: "JSON")
  }

  /// The most specific text Foundation gives for a parse error.
  private static func foundationMessage(_ error: Error) -> String {
    let nsError = error as NSError
    return nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
  }
}

/// Writes a property list in any ``PropertyListFormat``.
public enum PropertyListEncoding {
  /// Encodes `plist` as `format`.
  ///
  /// Binary output comes from ``BinaryPropertyListWriter`` and keeps everything. XML output
  /// comes from Foundation: dictionary keys are sorted and dates keep whole seconds only (the
  /// XML date form has no fractions). JSON output is pretty-printed with sorted keys and
  /// throws for dates, data and reals that are not finite, which JSON cannot hold, and for
  /// a top level that is not an array or a dictionary (which Foundation would trap on, and
  /// ``PropertyListDecoding`` would not read back).
  public static func encode(_ plist: PropertyList, as format: PropertyListFormat) throws -> Data {
    switch format {
    case .binary:
      return try BinaryPropertyListWriter.encode(plist)
    case .xml:
      let object = try FoundationBridge.object(from: plist, forJSON: false)
      return try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
    case .json:
      guard plist.arrayValue != nil || plist.dictionaryValue != nil else {
        throw PropertyListError(
          .badText, at: nil,
          "a JSON property list is an array or a dictionary, not \(plist.kindDescription)")
      }
      let object = try FoundationBridge.object(from: plist, forJSON: true)
      return try JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }
  }
}

/// Conversion between ``PropertyList`` and the Foundation objects that
/// `PropertyListSerialization` and `JSONSerialization` use.
enum FoundationBridge {
  /// A conversion failure and the path (`[3].name`) of the value that caused it.
  private struct Failure: Error {
    var path: [String]
    var message: String
  }

  /// The class of Foundation's Boolean numbers, which on Linux is the only way to tell
  /// `true` from `1`: `as? Bool` succeeds for any NSNumber that is 0 or 1.
  private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

  static func propertyList(from object: Any, format: String) throws -> PropertyList {
    do {
      return try propertyList(from: object, depth: 0)
    } catch let failure as Failure {
      let path = failure.path.isEmpty ? "the top level" : failure.path.joined()
      throw PropertyListError(.badText, at: nil, "\(format) value at \(path): \(failure.message)")
    }
  }

  static func object(from plist: PropertyList, forJSON: Bool) throws -> Any {
    do {
      return try object(from: plist, forJSON: forJSON, depth: 0)
    } catch let failure as Failure {
      let path = failure.path.isEmpty ? "the top level" : failure.path.joined()
      throw PropertyListError(.badText, at: nil, "value at \(path): \(failure.message)")
    }
  }

  private static func propertyList(from object: Any, depth: Int) throws -> PropertyList {
    guard depth <= BinaryPropertyListReader.maximumDepth else {
      throw Failure(path: [], message: "containers nest deeper than \(depth - 1) levels")
    }
    if type(of: object) == Bool.self, let bool = object as? Bool { return .bool(bool) }
    // Containers are tried before the classes: asking whether a Swift dictionary is an
    // `NSNumber` bridges all of it to an `NSDictionary` first, which took a third of the time
    // of reading JSON Lines. No value is of more than one of these kinds.
    switch object {
    case let string as String:
      return .string(string)
    case let dictionary as [String: Any]:
      var result = PropertyListDictionary()
      for key in dictionary.keys.sorted() {
        result[key] = try nested(".\(key)") {
          try propertyList(from: dictionary[key] as Any, depth: depth + 1)
        }
      }
      return .dictionary(result)
    case let array as [Any]:
      var elements: [PropertyList] = []
      elements.reserveCapacity(array.count)
      for (i, element) in array.enumerated() {
        elements.append(try nested("[\(i)]") { try propertyList(from: element, depth: depth + 1) })
      }
      return .array(elements)
    case let number as NSNumber:
      return propertyList(from: number)
    case let date as Date:
      return .date(date)
    case let data as Data:
      return .data(data)
    case is NSNull:
      throw Failure(path: [], message: "null has no property-list value; leave the key out instead")
    case let object as NSObject where String(describing: type(of: object)) == "_NSKeyedArchiverUID":
      return try uid(object)
    default:
      throw Failure(path: [], message: "unsupported value of type \(type(of: object))")
    }
  }

  /// The UID Foundation makes of an XML dictionary `{CF$UID: n}` (an `NSKeyedArchiver`
  /// reference), given back as that dictionary (``PropertyList/uid(_:)``), as the binary
  /// reader gives UIDs. Foundation keeps the reference in a stored property it does not
  /// expose, so it is read by reflection.
  private static func uid(_ object: NSObject) throws -> PropertyList {
    let stored = Mirror(reflecting: object).children.first { $0.label == "value" }?.value
    guard let reference = stored as? UInt32 else {
      throw Failure(
        path: [], message: "a keyed-archive reference (CF$UID) whose number cannot be read")
    }
    return .uid(Int64(reference))
  }

  private static func propertyList(from number: NSNumber) -> PropertyList {
    if ObjectIdentifier(type(of: number)) == booleanClass { return .bool(number.boolValue) }
    if let decimal = number as? NSDecimalNumber { return propertyList(from: decimal.decimalValue) }
    switch String(cString: number.objCType) {
    case "d", "f":
      return .real(number.doubleValue)
    case "Q", "L", "I":
      let value = number.uint64Value
      return value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
    default:
      return .integer(number.int64Value)
    }
  }

  /// A number `JSONSerialization` read as a decimal, which it does for integers of 19 digits
  /// or more (such as `-9223372036854775808`, whose `doubleValue` is off by one): an integer
  /// when it is whole and fits in 64 bits, otherwise the nearest real.
  private static func propertyList(from decimal: Decimal) -> PropertyList {
    var whole = Decimal()
    var value = decimal
    NSDecimalRound(&whole, &value, 0, .plain)
    if whole == decimal, decimal >= Decimal(Int64.min), decimal <= Decimal(UInt64.max) {
      let text = NSDecimalNumber(decimal: decimal).stringValue
      if let integer = Int64(text) { return .integer(integer) }
      if let unsigned = UInt64(text) { return .unsignedInteger(unsigned) }
    }
    return .real(decimal.nearestDouble)
  }

  private static func object(from plist: PropertyList, forJSON: Bool, depth: Int) throws -> Any {
    guard depth <= BinaryPropertyListReader.maximumDepth else {
      throw Failure(path: [], message: "containers nest deeper than \(depth - 1) levels")
    }
    switch plist {
    case .string(let s): return s
    case .integer(let i): return NSNumber(value: i)
    case .unsignedInteger(let u): return NSNumber(value: u)
    case .real(let r):
      if forJSON, !r.isFinite { throw Failure(path: [], message: "JSON has no form for \(r)") }
      return NSNumber(value: r)
    case .bool(let b): return NSNumber(value: b)
    case .date(let d):
      if forJSON { throw Failure(path: [], message: "JSON has no form for a date") }
      return d
    case .data(let d):
      if forJSON { throw Failure(path: [], message: "JSON has no form for data") }
      return d
    case .array(let elements):
      return try elements.enumerated().map { i, element in
        try nested("[\(i)]") { try object(from: element, forJSON: forJSON, depth: depth + 1) }
      }
    case .dictionary(let dictionary):
      var result: [String: Any] = [:]
      for (key, value) in dictionary {
        let converted: Any = try nested(".\(key)") {
          try object(from: value, forJSON: forJSON, depth: depth + 1)
        }
        result[key] = converted
      }
      return result
    }
  }

  /// Runs `body`, adding `component` to the front of the path of a failure inside it.
  private static func nested<T>(_ component: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch var failure as Failure {
      failure.path.insert(component, at: 0)
      throw failure
    }
  }
}
