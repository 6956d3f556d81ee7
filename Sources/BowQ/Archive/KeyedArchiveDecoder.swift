import Foundation

/// Turns the `$objects` of a keyed archive into ``ArchivedValue``s, following UID references
/// from the roots. Each object decodes once and its copies share storage, so a shared object
/// costs one value however often it is referred to. The work actually done — each value
/// built, with the bytes of its strings and data, and each reference followed — is charged
/// against the budget as it is done, so an archive whose decoding would build too much (an
/// inline array shared many times over inside the property list, say) stops early.
struct KeyedArchiveDecoder {
  let objects: [PropertyList]
  let budget: Int
  /// The values built and bytes copied so far.
  private(set) var spent = 0
  /// Decoded objects by index.
  private var decoded: [Int: ArchivedValue] = [:]
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
    if let reference = plist.uidValue { return try object(reference, from: owner) }
    switch plist {
    case .string(let s):
      try charge(1 + s.utf8.count, in: owner)
      return .string(s)
    case .data(let d):
      try charge(1 + d.count, in: owner)
      return .data(d)
    case .integer(let i):
      try charge(1, in: owner)
      return .integer(i)
    case .unsignedInteger(let u):
      try charge(1, in: owner)
      return .unsignedInteger(u)
    case .real(let d):
      try charge(1, in: owner)
      return .real(d)
    case .bool(let b):
      try charge(1, in: owner)
      return .bool(b)
    case .date(let d):
      try charge(1, in: owner)
      return .date(d)
    case .array(let elements):
      try charge(1, in: owner)
      try descend(from: owner)
      defer { depth -= 1 }
      var values: [ArchivedValue] = []
      values.reserveCapacity(elements.count)
      for element in elements {
        values.append(try inline(element, in: owner))
      }
      return .array(values)
    case .dictionary(let dictionary):
      try charge(1, in: owner)
      try descend(from: owner)
      defer { depth -= 1 }
      var entries: [ArchivedEntry] = []
      entries.reserveCapacity(dictionary.count)
      for (key, element) in dictionary {
        try charge(1 + key.utf8.count, in: owner)
        entries.append(ArchivedEntry(key: .string(key), value: try inline(element, in: owner)))
      }
      return .dictionary(entries)
    }
  }

  /// Counts `amount` values and bytes of work, refused past the budget.
  private mutating func charge(_ amount: Int, in owner: Int?) throws(KeyedArchiveError) {
    let (total, overflow) = spent.addingReportingOverflow(amount)
    spent = overflow ? Int.max : total
    guard spent <= budget else {
      throw KeyedArchiveError(
        .tooLarge, object: owner,
        "decoding the archive builds more than \(budget) values and bytes (values shared "
          + "inside the property list repeated too often, or an archive too large)")
    }
  }

  /// The value of object `reference`, referred to from object `owner`.
  private mutating func object(_ reference: Int64, from owner: Int?) throws(KeyedArchiveError)
    -> ArchivedValue
  {
    guard reference >= 0, reference < objects.count else {
      throw KeyedArchiveError(
        .badReference, object: owner,
        "a UID refers to object \(reference), but $objects has \(objects.count) objects")
    }
    try charge(1, in: owner)
    let index = Int(reference)
    if index == 0, objects[0] == "$null" { return .null }
    if let known = decoded[index] { return known }
    if onPath.contains(index) {
      let isInstance = objects[index].dictionaryValue != nil
      let name = isInstance ? try classNames(of: index)[0] : ""
      return .reference(index: index, className: name)
    }
    try descend(from: owner)
    onPath.insert(index)
    defer {
      onPath.remove(index)
      depth -= 1
    }
    let result: ArchivedValue
    if let fields = objects[index].dictionaryValue, objects[index].uidValue == nil {
      result = try instance(index, fields: fields)
    } else {
      result = try inline(objects[index], in: index)
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
    throws(KeyedArchiveError) -> ArchivedValue
  {
    let names = try classNames(of: index)
    let standard = StandardArchivedClass(classNames: names)
    if let standard { return try decode(standard, index, fields: fields, className: names[0]) }
    var decodedFields: [ArchivedField] = []
    decodedFields.reserveCapacity(fields.count)
    for (name, value) in fields where name != "$class" {
      try charge(1 + name.utf8.count, in: index)
      decodedFields.append(ArchivedField(name: name, value: try inline(value, in: index)))
    }
    return .object(ArchivedObject(index: index, classNames: names, fields: decodedFields))
  }

  /// An instance of a standard class, from the fields its class encodes.
  private mutating func decode(
    _ standard: StandardArchivedClass, _ index: Int, fields: PropertyListDictionary,
    className: String
  ) throws(KeyedArchiveError) -> ArchivedValue {
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
      return .null
    case .array, .set:
      guard case .array(let elements) = try inline(try field("NS.objects"), in: index) else {
        throw bad("NS.objects", "an array")
      }
      return standard == .set ? .set(elements) : .array(elements)
    case .dictionary:
      let keys = try inline(try field("NS.keys"), in: index)
      let values = try inline(try field("NS.objects"), in: index)
      return try Self.pairs(keys, values, index, className)
    case .knownKeysDictionary:
      let mapping = try inline(try field("searchMapping"), in: index)
      let values = try inline(try field("values"), in: index)
      guard let keys = mapping.objectValue?["keys"] else {
        throw bad("searchMapping", "a mapping strategy with keys")
      }
      return try Self.pairs(keys, values, index, className)
    case .string:
      let value = try inline(try field("NS.string"), in: index)
      guard case .string = value else { throw bad("NS.string", "a string") }
      return value
    case .data:
      let value = try inline(try field("NS.data"), in: index)
      guard case .data = value else { throw bad("NS.data", "data") }
      return value
    case .date:
      let seconds: Double
      switch try field("NS.time") {
      case .real(let real) where real.isFinite: seconds = real
      case .integer(let integer): seconds = Double(integer)
      default: throw bad("NS.time", "a finite number of seconds")
      }
      return .date(Date(timeIntervalSinceReferenceDate: seconds))
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
      return .uuid(uuid)
    case .url:
      let relative = try inline(try field("NS.relative"), in: index)
      guard let text = relative.stringValue else { throw bad("NS.relative", "a string") }
      let base = try fields["NS.base"].map { plist throws(KeyedArchiveError) in
        try inline(plist, in: index)
      }
      let baseText: String
      switch base ?? .null {
      case .null: return .url(text)
      case .string(let s), .url(let s): baseText = s
      default: throw bad("NS.base", "a URL or nil")
      }
      let resolved = URL(string: text, relativeTo: URL(string: baseText))?.absoluteString
      return .url(resolved ?? baseText + text)
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
