import Foundation

/// Turns the `$objects` of a keyed archive into ``ArchivedValue``s, following UID references
/// from the roots. Each object decodes once and is remembered with its expanded size, so
/// shared objects cost time and memory linear in the archive while the expanded size of
/// everything decoded is checked against the budget.
struct KeyedArchiveDecoder {
  let objects: [PropertyList]
  let budget: Int
  /// Decoded objects by index, with their expanded sizes.
  private var decoded: [Int: (value: ArchivedValue, size: Int)] = [:]
  /// Class names by the index of their class object.
  private var classNamesByIndex: [Int: [String]] = [:]
  /// The objects being decoded, to find an object inside itself.
  private var onPath: Set<Int> = []
  private var depth = 0

  init(objects: [PropertyList], budget: Int) {
    self.objects = objects
    self.budget = budget
  }

  /// The value of `plist`, found inline in object `owner` (nil for `$top`): a UID is followed,
  /// arrays and dictionaries are decoded element by element, other values are kept.
  mutating func inline(_ plist: PropertyList, in owner: Int?) throws(KeyedArchiveError)
    -> ArchivedValue
  {
    let (value, size) = try measured(plist, in: owner)
    guard size <= budget else {
      throw KeyedArchiveError(
        .tooLarge, object: owner,
        "the archive expands to more than \(budget) values and bytes when its shared objects "
          + "are followed (shared objects nested too deep or repeated too often)")
    }
    return value
  }

  /// The value and expanded size of an inline `plist`.
  private mutating func measured(_ plist: PropertyList, in owner: Int?) throws(KeyedArchiveError)
    -> (ArchivedValue, Int)
  {
    if let reference = plist.uidValue { return try object(reference, from: owner) }
    switch plist {
    case .string(let s): return (.string(s), 1 + s.utf8.count)
    case .integer(let i): return (.integer(i), 1)
    case .unsignedInteger(let u): return (.unsignedInteger(u), 1)
    case .real(let d): return (.real(d), 1)
    case .bool(let b): return (.bool(b), 1)
    case .date(let d): return (.date(d), 1)
    case .data(let d): return (.data(d), 1 + d.count)
    case .array(let elements):
      try descend(from: owner)
      defer { depth -= 1 }
      var values: [ArchivedValue] = []
      var size = 1
      for element in elements {
        let (value, elementSize) = try measured(element, in: owner)
        values.append(value)
        size = add(size, elementSize)
      }
      return (.array(values), size)
    case .dictionary(let dictionary):
      try descend(from: owner)
      defer { depth -= 1 }
      var entries: [ArchivedEntry] = []
      var size = 1
      for (key, element) in dictionary {
        let (value, elementSize) = try measured(element, in: owner)
        entries.append(ArchivedEntry(key: .string(key), value: value))
        size = add(size, add(1 + key.utf8.count, elementSize))
      }
      return (.dictionary(entries), size)
    }
  }

  /// The value and expanded size of object `reference`, referred to from object `owner`.
  private mutating func object(_ reference: Int64, from owner: Int?) throws(KeyedArchiveError)
    -> (ArchivedValue, Int)
  {
    guard reference >= 0, reference < objects.count else {
      throw KeyedArchiveError(
        .badReference, object: owner,
        "a UID refers to object \(reference), but $objects has \(objects.count) objects")
    }
    let index = Int(reference)
    if index == 0, objects[0] == "$null" { return (.null, 1) }
    if let known = decoded[index] { return known }
    if onPath.contains(index) {
      let isInstance = objects[index].dictionaryValue != nil
      let name = isInstance ? try classNames(of: index)[0] : ""
      return (.reference(index: index, className: name), 1)
    }
    try descend(from: owner)
    onPath.insert(index)
    defer {
      onPath.remove(index)
      depth -= 1
    }
    let result: (ArchivedValue, Int)
    if let fields = objects[index].dictionaryValue, objects[index].uidValue == nil {
      result = try instance(index, fields: fields)
    } else {
      result = try measured(objects[index], in: index)
    }
    decoded[index] = result
    return result
  }

  /// One level deeper, refused past ``KeyedArchive/maximumDepth``.
  private mutating func descend(from owner: Int?) throws(KeyedArchiveError) {
    guard depth < KeyedArchive.maximumDepth else {
      throw KeyedArchiveError(
        .tooDeep, object: owner,
        "objects nest deeper than \(KeyedArchive.maximumDepth) levels")
    }
    depth += 1
  }

  /// The class names of the object at `index`, from its `$class`.
  private mutating func classNames(of index: Int) throws(KeyedArchiveError) -> [String] {
    guard let fields = objects[index].dictionaryValue,
      let classReference = fields["$class"]?.uidValue
    else {
      throw KeyedArchiveError(
        .badClass, object: index, "the object is a dictionary without a $class reference")
    }
    guard classReference >= 0, classReference < objects.count else {
      throw KeyedArchiveError(
        .badReference, object: index,
        "$class refers to object \(classReference), but $objects has \(objects.count) objects")
    }
    let classIndex = Int(classReference)
    if let known = classNamesByIndex[classIndex] { return known }
    guard let description = objects[classIndex].dictionaryValue,
      let name = description["$classname"]?.stringValue
    else {
      throw KeyedArchiveError(
        .badClass, object: index,
        "$class refers to object \(classIndex), which has no $classname string")
    }
    var names = [name]
    if let chain = description["$classes"] {
      guard let elements = chain.arrayValue else {
        throw KeyedArchiveError(
          .badClass, object: classIndex, "$classes is \(chain.kindDescription), not an array")
      }
      let strings = elements.compactMap(\.stringValue)
      guard strings.count == elements.count, strings.first == name else {
        throw KeyedArchiveError(
          .badClass, object: classIndex,
          "$classes must be strings beginning with the $classname '\(name)'")
      }
      names = strings
    }
    classNamesByIndex[classIndex] = names
    return names
  }

  /// An encoded instance: a standard class as its plain value, any other as an object.
  private mutating func instance(_ index: Int, fields: PropertyListDictionary)
    throws(KeyedArchiveError) -> (ArchivedValue, Int)
  {
    let names = try classNames(of: index)
    let standard = StandardArchivedClass(classNames: names)
    if let standard { return try decode(standard, index, fields: fields, className: names[0]) }
    var decodedFields: [ArchivedField] = []
    var size = 1
    for (name, value) in fields where name != "$class" {
      let (fieldValue, fieldSize) = try measured(value, in: index)
      decodedFields.append(ArchivedField(name: name, value: fieldValue))
      size = add(size, add(1 + name.utf8.count, fieldSize))
    }
    let object = ArchivedObject(index: index, classNames: names, fields: decodedFields)
    return (.object(object), size)
  }

  /// An instance of a standard class, from the fields its class encodes.
  private mutating func decode(
    _ standard: StandardArchivedClass, _ index: Int, fields: PropertyListDictionary,
    className: String
  ) throws(KeyedArchiveError) -> (ArchivedValue, Int) {
    func field(_ name: String) throws(KeyedArchiveError) -> PropertyList {
      guard let value = fields[name] else {
        throw KeyedArchiveError(
          .badObject, object: index, "the \(className) has no \(name)")
      }
      return value
    }
    func bad(_ name: String, _ expected: String) -> KeyedArchiveError {
      KeyedArchiveError(
        .badObject, object: index, "the \(className)'s \(name) is not \(expected)")
    }
    switch standard {
    case .null:
      return (.null, 1)
    case .array, .set:
      let (value, size) = try measured(try field("NS.objects"), in: index)
      guard case .array(let elements) = value else { throw bad("NS.objects", "an array") }
      return (standard == .set ? .set(elements) : .array(elements), size)
    case .dictionary:
      let (keys, keysSize) = try measured(try field("NS.keys"), in: index)
      let (values, valuesSize) = try measured(try field("NS.objects"), in: index)
      return (try Self.pairs(keys, values, index, className), add(keysSize, valuesSize))
    case .knownKeysDictionary:
      let (mapping, mappingSize) = try measured(try field("searchMapping"), in: index)
      let (values, valuesSize) = try measured(try field("values"), in: index)
      guard let keys = mapping.objectValue?["keys"] else {
        throw bad("searchMapping", "a mapping strategy with keys")
      }
      return (try Self.pairs(keys, values, index, className), add(mappingSize, valuesSize))
    case .string:
      let (value, size) = try measured(try field("NS.string"), in: index)
      guard case .string = value else { throw bad("NS.string", "a string") }
      return (value, size)
    case .data:
      let (value, size) = try measured(try field("NS.data"), in: index)
      guard case .data = value else { throw bad("NS.data", "data") }
      return (value, size)
    case .date:
      let seconds: Double
      switch try field("NS.time") {
      case .real(let real) where real.isFinite: seconds = real
      case .integer(let integer): seconds = Double(integer)
      default: throw bad("NS.time", "a finite number of seconds")
      }
      return (.date(Date(timeIntervalSinceReferenceDate: seconds)), 1)
    case .uuid:
      guard case .data(let bytes) = try field("NS.uuidbytes"), bytes.count == 16 else {
        throw bad("NS.uuidbytes", "16 bytes of data")
      }
      let b = Array(bytes)
      let uuid = UUID(
        uuid: (
          b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
          b[14], b[15]
        ))
      return (.uuid(uuid), 17)
    case .url:
      let (relative, relativeSize) = try measured(try field("NS.relative"), in: index)
      guard let text = relative.stringValue else { throw bad("NS.relative", "a string") }
      var (base, baseSize) = (ArchivedValue.null, 0)
      if let encodedBase = fields["NS.base"] {
        (base, baseSize) = try measured(encodedBase, in: index)
      }
      let baseText: String
      switch base {
      case .null: return (.url(text), relativeSize)
      case .string(let s), .url(let s): baseText = s
      default: throw bad("NS.base", "a URL or nil")
      }
      let resolved = URL(string: text, relativeTo: URL(string: baseText))?.absoluteString
      return (.url(resolved ?? baseText + text), add(relativeSize, baseSize))
    }
  }

  /// A dictionary from decoded `keys` and `values` arrays of the same length.
  private static func pairs(
    _ keys: ArchivedValue, _ values: ArchivedValue, _ index: Int, _ className: String
  ) throws(KeyedArchiveError) -> ArchivedValue {
    guard let keyList = keys.elements, let valueList = values.elements,
      keyList.count == valueList.count
    else {
      throw KeyedArchiveError(
        .badObject, object: index,
        "the \(className)'s keys and values are not two arrays of the same length")
    }
    return .dictionary(zip(keyList, valueList).map { ArchivedEntry(key: $0, value: $1) })
  }

  /// `a + b`, saturating just past the budget.
  private func add(_ a: Int, _ b: Int) -> Int {
    min(budget + 1, a + b)
  }
}

/// The Foundation classes a keyed archive holds as plain values, told by their class chain.
enum StandardArchivedClass: Hashable, Sendable {
  case null, array, set, dictionary, knownKeysDictionary, string, data, date, uuid, url

  /// The standard class of an object with `classNames` (its class first), or nil for any
  /// other class.
  init?(classNames: [String]) {
    let classes = Set(classNames)
    if classNames.first == "NSKnownKeysDictionary1" {
      self = .knownKeysDictionary
    } else if classes.contains("NSDictionary") {
      self = .dictionary
    } else if classes.contains("NSArray") || classes.contains("NSOrderedSet") {
      self = .array
    } else if classes.contains("NSSet") {
      self = .set
    } else if classes.contains("NSString") {
      self = .string
    } else if classes.contains("NSData") {
      self = .data
    } else if classes.contains("NSDate") {
      self = .date
    } else if classes.contains("NSUUID") {
      self = .uuid
    } else if classes.contains("NSURL") {
      self = .url
    } else if classes.contains("NSNull") {
      self = .null
    } else {
      return nil
    }
  }
}
