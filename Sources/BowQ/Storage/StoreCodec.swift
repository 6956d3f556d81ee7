import Foundation

/// Converts an ``ObjectGraph`` to and from the property list a store file holds.
///
/// The layout (version 1, described for users in `docs/store-format.md`) carries the model
/// with the data, and stores each entity's objects column by column:
///
///     format: "bowq-store"
///     version: 1
///     model: { entities: [ { name, attributes: [ { name, type, optional, default?, min?,
///              max?, minLength?, maxLength?, pattern?, unique?, external? } ] } ] }
///     entities: { <Entity>: { nextKey, keys: [Int], columns: { <attr>: [value per row],
///                 <attr>.nulls: bitmap data, only when some row is nil } } }
///
/// A nil value is written as a placeholder of the column's type (`""`, `0`, `false`, the
/// reference date, empty data, 16 zero bytes, `{red 0 green 0 blue 0}`) with its bit set in
/// the `.nulls` bitmap: bit `i % 8` (least significant first) of byte `i / 8` is row `i`.
/// Readers ignore the value in a row whose bit is set.
///
/// Decoding validates everything and throws ``StoreError`` saying where: the marker and
/// version, the model, every key and every value against its attribute's type.
public enum StoreCodec {
  /// The value of the root `format` key.
  public static let formatName = "bowq-store"
  /// The layout version written, and the only one read.
  public static let version = 1
  /// The suffix of a column's null bitmap key: `lastWorn.nulls`.
  public static let nullsSuffix = ".nulls"

  /// The property list of `graph`.
  ///
  /// Values are written in their attribute's type; an integer in a Double, Float or Decimal
  /// attribute is written as that type. A value of another kind (or an integer outside its
  /// attribute's range) throws ``StoreError/invalidObjects(entity:attribute:row:message:)``,
  /// since a store that could not be read back must never be written.
  public static func encode(_ graph: ObjectGraph) throws -> PropertyList {
    let modelNames = Set(graph.model.entities.map(\.name))
    for (name, table) in graph.tables where !modelNames.contains(name) && table.count > 0 {
      throw StoreError.invalidObjects(
        entity: name, attribute: nil, row: nil,
        message: "\(table.count) objects of an entity the model does not define")
    }
    var objects = PropertyListDictionary()
    for entity in graph.model.entities {
      objects[entity.name] = try encodeObjects(entity, graph.table(entity.name))
    }
    let entities = PropertyList.array(graph.model.entities.map(encodeEntity))
    return [
      "format": .string(formatName),
      "version": .integer(Int64(version)),
      "model": ["entities": entities],
      "entities": .dictionary(objects),
    ]
  }

  /// The graph a store's property list describes.
  public static func decode(_ plist: PropertyList) throws -> ObjectGraph {
    guard case .dictionary(let root) = plist else {
      throw StoreError.notAStore("the top level is \(plist.kindDescription), not a dictionary")
    }
    guard let format = root["format"] else {
      throw StoreError.notAStore("the top-level dictionary has no \"format\" key")
    }
    guard format == .string(formatName) else {
      throw StoreError.notAStore(
        "\"format\" is \(describe(format)), not \(Value.quoted(formatName))")
    }
    guard let versionItem = root["version"] else {
      throw StoreError.notAStore("the top-level dictionary has no \"version\" key")
    }
    guard case .integer(let found) = versionItem else {
      throw StoreError.notAStore(
        "\"version\" must be an integer, found \(describe(versionItem))")
    }
    guard found == Int64(version) else {
      throw StoreError.unsupportedVersion(found: found, supported: version)
    }
    let model = try decodeModel(root["model"])
    var graph = ObjectGraph(model: model)
    guard case .dictionary(let objects) = root["entities"] else {
      throw StoreError.invalidModel(
        location: "entities",
        message: "expected a dictionary of objects by entity, found "
          + (root["entities"]?.kindDescription ?? "nothing"))
    }
    for name in objects.keys where model.entity(named: name) == nil {
      throw StoreError.invalidObjects(
        entity: name, attribute: nil, row: nil,
        message: "the model does not define this entity."
          + NameSuggestion.hint(for: name, among: model.entities.map(\.name)))
    }
    for entity in model.entities {
      guard let entry = objects[entity.name] else {
        throw StoreError.invalidObjects(
          entity: entity.name, attribute: nil, row: nil,
          message: "the store has no objects entry for this entity")
      }
      try decodeObjects(entity, from: entry, into: &graph)
    }
    return graph
  }

  // MARK: Objects

  private static func encodeObjects(_ entity: Entity, _ table: EntityTable) throws -> PropertyList {
    let rowCount = table.count
    var columns = PropertyListDictionary()
    for (column, attribute) in entity.attributes.enumerated() {
      guard !attribute.name.contains(".") else {
        throw StoreError.invalidObjects(
          entity: entity.name, attribute: attribute.name, row: nil,
          message: "attribute names in a store cannot contain \".\"")
      }
      var values: [PropertyList] = []
      values.reserveCapacity(rowCount)
      var nulls = [UInt8](repeating: 0, count: (rowCount + 7) / 8)
      var hasNulls = false
      for (row, cells) in table.rows.enumerated() {
        guard cells.count == entity.attributes.count else {
          throw StoreError.invalidObjects(
            entity: entity.name, attribute: nil, row: row,
            message: "the row has \(cells.count) values for \(entity.attributes.count) attributes")
        }
        let value = cells[column]
        if value.isNull {
          hasNulls = true
          nulls[row / 8] |= 1 << UInt8(row % 8)
          values.append(placeholder(for: attribute.type))
        } else {
          do {
            values.append(try StoreValueEncoding.column(value, as: attribute.type))
          } catch let mismatch as StoreValueEncoding.Mismatch {
            throw StoreError.invalidObjects(
              entity: entity.name, attribute: attribute.name, row: row, message: mismatch.message)
          }
        }
      }
      columns[attribute.name] = .array(values)
      if hasNulls { columns[attribute.name + nullsSuffix] = .data(Data(nulls)) }
    }
    return [
      "nextKey": .integer(table.nextKey),
      "keys": .array(table.keys.map { .integer($0) }),
      "columns": .dictionary(columns),
    ]
  }

  private static func placeholder(for type: AttributeType) -> PropertyList {
    switch type {
    case .string, .uri: return .string("")
    case .int16, .int32, .int64: return .integer(0)
    case .double, .float: return .real(0)
    case .decimal: return .string("0")
    case .bool: return .bool(false)
    case .date: return .date(Date(timeIntervalSinceReferenceDate: 0))
    case .binary: return .data(Data())
    case .uuid: return .data(Data(count: 16))
    case .transformable(let t):
      return t == .color ? ["red": 0, "green": 0, "blue": 0] : .data(Data())
    }
  }

  private static func decodeObjects(
    _ entity: Entity, from entry: PropertyList, into graph: inout ObjectGraph
  ) throws {
    func failure(_ attribute: String?, _ row: Int?, _ message: String) -> StoreError {
      StoreError.invalidObjects(
        entity: entity.name, attribute: attribute, row: row, message: message)
    }
    guard case .dictionary(let objects) = entry else {
      throw failure(nil, nil, "expected a dictionary, found \(entry.kindDescription)")
    }
    guard case .integer(let nextKey) = objects["nextKey"], nextKey >= 1 else {
      throw failure(
        nil, nil, "\"nextKey\" must be a positive integer, found \(describe(objects["nextKey"]))")
    }
    guard case .array(let keyList) = objects["keys"] else {
      throw failure(
        nil, nil, "\"keys\" must be an array of integers, found \(describe(objects["keys"]))")
    }
    var keys: [Int64] = []
    keys.reserveCapacity(keyList.count)
    var seen = Set<Int64>(minimumCapacity: keyList.count)
    for (row, item) in keyList.enumerated() {
      guard case .integer(let key) = item, key >= 1, key < nextKey else {
        throw failure(
          nil, row,
          "a key must be an integer from 1 to nextKey - 1 (\(nextKey - 1)), found \(describe(item))"
        )
      }
      guard seen.insert(key).inserted else {
        throw failure(nil, row, "the key \(key) appears twice")
      }
      keys.append(key)
    }
    guard case .dictionary(let columns) = objects["columns"] else {
      throw failure(
        nil, nil, "\"columns\" must be a dictionary, found \(describe(objects["columns"]))")
    }
    let names = entity.attributes.map(\.name)
    for name in columns.keys {
      let attribute = name.hasSuffix(nullsSuffix) ? String(name.dropLast(nullsSuffix.count)) : name
      guard entity.attribute(named: attribute) != nil else {
        throw failure(
          name, nil,
          "the model has no such attribute." + NameSuggestion.hint(for: attribute, among: names))
      }
    }
    var rows = [[Value]](
      repeating: [Value](repeating: .null, count: names.count), count: keys.count)
    for (column, attribute) in entity.attributes.enumerated() {
      guard case .array(let values) = columns[attribute.name] else {
        throw failure(
          attribute.name, nil,
          "the column must be an array, found \(describe(columns[attribute.name]))")
      }
      guard values.count == keys.count else {
        throw failure(
          attribute.name, nil, "the column has \(values.count) values for \(keys.count) keys")
      }
      let nulls = try nullBitmap(columns[attribute.name + nullsSuffix], rows: keys.count) {
        failure(attribute.name + nullsSuffix, nil, $0)
      }
      for (row, item) in values.enumerated() {
        if let nulls, nulls[row / 8] & (1 << UInt8(row % 8)) != 0 { continue }
        do {
          rows[row][column] = try StoreValueEncoding.columnValue(item, as: attribute.type)
        } catch let mismatch as StoreValueEncoding.Mismatch {
          throw failure(attribute.name, row, mismatch.message)
        }
      }
    }
    for (key, row) in zip(keys, rows) { graph.insert(row, into: entity.name, key: key) }
    graph.reserveKeys(in: entity.name, below: nextKey)
  }

  /// The null bitmap of a column, checked to have one bit per row and no bits past the end.
  private static func nullBitmap(
    _ plist: PropertyList?, rows: Int, failure: (String) -> StoreError
  ) throws -> [UInt8]? {
    guard let plist else { return nil }
    guard case .data(let data) = plist else {
      throw failure("the null bitmap must be data, found \(plist.kindDescription)")
    }
    let bytes = [UInt8](data)
    guard bytes.count == (rows + 7) / 8 else {
      throw failure(
        "the null bitmap has \(bytes.count) bytes; \(rows) rows need \((rows + 7) / 8)")
    }
    if rows % 8 != 0, let last = bytes.last, last >> UInt8(rows % 8) != 0 {
      throw failure("the null bitmap has bits set past the last row")
    }
    return bytes
  }

  // MARK: Model

  private static func encodeEntity(_ entity: Entity) -> PropertyList {
    [
      "name": .string(entity.name),
      "attributes": .array(entity.attributes.map(encodeAttribute)),
    ]
  }

  private static func encodeAttribute(_ attribute: Attribute) -> PropertyList {
    var entry: PropertyListDictionary = [
      "name": .string(attribute.name),
      "type": .string(attribute.type.name),
      "optional": .bool(attribute.isOptional),
    ]
    entry["default"] = attribute.defaultValue.flatMap(StoreValueEncoding.modelValue)
    entry["min"] = attribute.minimum.flatMap(StoreValueEncoding.modelValue)
    entry["max"] = attribute.maximum.flatMap(StoreValueEncoding.modelValue)
    entry["minLength"] = attribute.minLength.map { .integer(Int64($0)) }
    entry["maxLength"] = attribute.maxLength.map { .integer(Int64($0)) }
    entry["pattern"] = attribute.pattern.map { .string($0) }
    if attribute.isUnique { entry["unique"] = .bool(true) }
    if attribute.allowsExternalStorage { entry["external"] = .bool(true) }
    return .dictionary(entry)
  }

  private static func decodeModel(_ plist: PropertyList?) throws -> Model {
    guard case .dictionary(let model) = plist else {
      throw StoreError.invalidModel(
        location: "model", message: "expected a dictionary, found \(describe(plist))")
    }
    guard case .array(let list) = model["entities"] else {
      throw StoreError.invalidModel(
        location: "model.entities",
        message: "expected an array, found \(describe(model["entities"]))")
    }
    var entities: [Entity] = []
    for (i, item) in list.enumerated() {
      let location = "model.entities[\(i)]"
      guard case .dictionary(let entry) = item else {
        throw StoreError.invalidModel(
          location: location, message: "expected a dictionary, found \(item.kindDescription)")
      }
      let name = try nameField(entry, at: location)
      guard !entities.contains(where: { $0.name == name }) else {
        throw StoreError.invalidModel(
          location: location + ".name", message: "the entity \(name) is defined twice")
      }
      guard case .array(let attributeList) = entry["attributes"] else {
        throw StoreError.invalidModel(
          location: location + ".attributes",
          message: "expected an array, found \(describe(entry["attributes"]))")
      }
      var attributes: [Attribute] = []
      for (j, attributeItem) in attributeList.enumerated() {
        let attribute = try decodeAttribute(attributeItem, at: "\(location).attributes[\(j)]")
        guard !attributes.contains(where: { $0.name == attribute.name }) else {
          throw StoreError.invalidModel(
            location: "\(location).attributes[\(j)].name",
            message: "the attribute \(attribute.name) is defined twice in \(name)")
        }
        attributes.append(attribute)
      }
      entities.append(Entity(name: name, attributes: attributes))
    }
    return Model(entities: entities)
  }

  private static func decodeAttribute(_ plist: PropertyList, at location: String) throws
    -> Attribute
  {
    guard case .dictionary(let entry) = plist else {
      throw StoreError.invalidModel(
        location: location, message: "expected a dictionary, found \(plist.kindDescription)")
    }
    let name = try nameField(entry, at: location)
    guard !name.contains(".") else {
      throw StoreError.invalidModel(
        location: location + ".name",
        message: "attribute names cannot contain \".\", found \(Value.quoted(name))")
    }
    guard case .string(let typeName) = entry["type"] else {
      throw StoreError.invalidModel(
        location: location + ".type",
        message: "expected a type name, found \(describe(entry["type"]))")
    }
    guard let type = attributeType(named: typeName) else {
      let known =
        AttributeType.simpleTypes.keys.sorted()
        + ValueTransformerName.allCases.map { "Transformable(\($0.rawValue))" }
      throw StoreError.invalidModel(
        location: location + ".type",
        message: "unknown attribute type \(Value.quoted(typeName))."
          + NameSuggestion.hint(for: typeName, among: known))
    }
    guard case .bool(let isOptional) = entry["optional"] else {
      throw StoreError.invalidModel(
        location: location + ".optional",
        message: "expected a Boolean, found \(describe(entry["optional"]))")
    }
    var attribute = Attribute(name: name, type: type, isOptional: isOptional)
    func value(_ key: String) throws -> Value? {
      guard let item = entry[key] else { return nil }
      do {
        return try StoreValueEncoding.modelValue(item, for: type)
      } catch let mismatch as StoreValueEncoding.Mismatch {
        throw StoreError.invalidModel(location: "\(location).\(key)", message: mismatch.message)
      }
    }
    func length(_ key: String) throws -> Int? {
      guard let item = entry[key] else { return nil }
      guard case .integer(let n) = item, n >= 0, n <= Int64(Int32.max) else {
        throw StoreError.invalidModel(
          location: "\(location).\(key)",
          message: "expected a non-negative integer, found \(describe(item))")
      }
      return Int(n)
    }
    func flag(_ key: String) throws -> Bool {
      guard let item = entry[key] else { return false }
      guard case .bool(let b) = item else {
        throw StoreError.invalidModel(
          location: "\(location).\(key)", message: "expected a Boolean, found \(describe(item))")
      }
      return b
    }
    attribute.defaultValue = try value("default")
    attribute.minimum = try value("min")
    attribute.maximum = try value("max")
    attribute.minLength = try length("minLength")
    attribute.maxLength = try length("maxLength")
    if let item = entry["pattern"] {
      guard case .string(let pattern) = item else {
        throw StoreError.invalidModel(
          location: location + ".pattern", message: "expected a string, found \(describe(item))")
      }
      attribute.pattern = pattern
    }
    attribute.isUnique = try flag("unique")
    attribute.allowsExternalStorage = try flag("external")
    return attribute
  }

  private static func nameField(_ entry: PropertyListDictionary, at location: String) throws
    -> String
  {
    guard case .string(let name) = entry["name"], !name.isEmpty else {
      throw StoreError.invalidModel(
        location: location + ".name",
        message: "expected a non-empty name, found \(describe(entry["name"]))")
    }
    return name
  }

  /// The type an attribute's `type` string names: `Int32`, `Transformable(Color)`.
  private static func attributeType(named name: String) -> AttributeType? {
    if let simple = AttributeType.simpleTypes[name] { return simple }
    guard name.hasPrefix("Transformable("), name.hasSuffix(")") else { return nil }
    let transformer = name.dropFirst("Transformable(".count).dropLast()
    return ValueTransformerName(rawValue: String(transformer)).map { .transformable($0) }
  }

  /// A short description of a value found where something else was expected.
  private static func describe(_ plist: PropertyList?) -> String {
    switch plist {
    case nil: return "nothing"
    case .string(let s): return "the string \(Value.quoted(s))"
    case .integer(let i): return "the integer \(i)"
    case let other?: return other.kindDescription
    }
  }
}

/// How each attribute type's values are written in a store: in columns (by the attribute's
/// type) and in the model (`default`, `min`, `max`: by the value's own kind).
enum StoreValueEncoding {
  /// Why a stored value does not fit its attribute.
  struct Mismatch: Error {
    var message: String
  }

  /// A non-nil value in its column form.
  static func column(_ value: Value, as type: AttributeType) throws -> PropertyList {
    switch (type, value) {
    case (.string, .string(let s)): return .string(s)
    case (.int16, .int(let i)), (.int32, .int(let i)), (.int64, .int(let i)):
      try checkRange(i, of: type)
      return .integer(i)
    case (.double, .double(let d)), (.float, .double(let d)): return .real(d)
    case (.double, .int(let i)), (.float, .int(let i)): return .real(Double(i))
    case (.decimal, .decimal(let d)): return .string(d.description)
    case (.decimal, .int(let i)): return .string(String(i))
    case (.bool, .bool(let b)): return .bool(b)
    case (.date, .date(let d)): return .date(d)
    case (.binary, .data(let d)): return .data(d)
    case (.uuid, .uuid(let u)): return .data(uuidData(u))
    case (.uri, .uri(let u)): return .string(u.absoluteString)
    case (.transformable(.color), .color(let c)): return colorDictionary(c)
    case (.transformable(let t), .data(let d)) where !t.isBuiltIn: return .data(d)
    default:
      throw Mismatch(
        message: "\(value.kindName) value \(value.literalText) cannot be stored as \(type.name)")
    }
  }

  private static func checkRange(_ value: Int64, of type: AttributeType) throws {
    guard let range = type.integerRange, range.contains(value) else {
      let bounds = type.integerRange.map { " (\($0.lowerBound)...\($0.upperBound))" } ?? ""
      throw Mismatch(
        message: "the integer \(value) is outside the range of \(type.name)\(bounds)")
    }
  }

  /// The value a column entry holds for an attribute of `type`.
  static func columnValue(_ plist: PropertyList, as type: AttributeType) throws -> Value {
    switch (type, plist) {
    case (.string, .string(let s)): return .string(s)
    case (.int16, .integer(let i)), (.int32, .integer(let i)), (.int64, .integer(let i)):
      try checkRange(i, of: type)
      return .int(i)
    case (.int16, .unsignedInteger(let u)), (.int32, .unsignedInteger(let u)),
      (.int64, .unsignedInteger(let u)):
      throw Mismatch(message: "the integer \(u) is outside the range of \(type.name)")
    case (.double, .real(let d)), (.float, .real(let d)): return .double(d)
    case (.decimal, .string(let s)): return .decimal(try decimal(s))
    case (.bool, .bool(let b)): return .bool(b)
    case (.date, .date(let d)): return .date(d)
    case (.binary, .data(let d)): return .data(d)
    case (.uuid, .data(let d)): return .uuid(try uuid(d))
    case (.uri, .string(let s)): return .uri(try url(s))
    case (.transformable(.color), .dictionary(let d)): return .color(try color(d))
    case (.transformable(let t), .data(let d)) where !t.isBuiltIn: return .data(d)
    default:
      throw Mismatch(message: "expected \(expected(type)), found \(plist.kindDescription)")
    }
  }

  /// A model value (`default`, `min`, `max`) in the form of its own kind, so that an
  /// integer bound of a Double attribute reads back as an integer; nil for `.null`, which
  /// means "not set".
  static func modelValue(_ value: Value) -> PropertyList? {
    switch value {
    case .null, .object, .collection: return nil
    case .bool(let b): return .bool(b)
    case .int(let i): return .integer(i)
    case .double(let d): return .real(d)
    case .decimal(let d): return .string(d.description)
    case .string(let s): return .string(s)
    case .date(let d): return .date(d)
    case .data(let d): return .data(d)
    case .uuid(let u): return .data(uuidData(u))
    case .uri(let u): return .string(u.absoluteString)
    case .color(let c): return colorDictionary(c)
    }
  }

  /// A model value read back; strings and data take their kind from the attribute's type.
  static func modelValue(_ plist: PropertyList, for type: AttributeType) throws -> Value {
    switch (plist, type) {
    case (.integer(let i), _): return .int(i)
    case (.real(let d), _): return .double(d)
    case (.bool(let b), _): return .bool(b)
    case (.date(let d), _): return .date(d)
    case (.string(let s), .decimal): return .decimal(try decimal(s))
    case (.string(let s), .uri): return .uri(try url(s))
    case (.string(let s), _): return .string(s)
    case (.data(let d), .uuid): return .uuid(try uuid(d))
    case (.data(let d), _): return .data(d)
    case (.dictionary(let d), _): return .color(try color(d))
    case (.unsignedInteger, _), (.array, _):
      throw Mismatch(message: "expected a value for \(type.name), found \(plist.kindDescription)")
    }
  }

  private static func expected(_ type: AttributeType) -> String {
    switch type {
    case .string: return "a string"
    case .int16, .int32, .int64: return "an integer"
    case .double, .float: return "a real"
    case .decimal: return "a string holding a decimal number"
    case .bool: return "a Boolean"
    case .date: return "a date"
    case .binary: return "data"
    case .uuid: return "16 bytes of data (a UUID)"
    case .uri: return "a string holding a URI"
    case .transformable(let t): return t == .color ? "a dictionary {red, green, blue}" : "data"
    }
  }

  static func uuidData(_ uuid: UUID) -> Data {
    withUnsafeBytes(of: uuid.uuid) { Data($0) }
  }

  private static func uuid(_ data: Data) throws -> UUID {
    guard data.count == 16 else {
      throw Mismatch(message: "a UUID is 16 bytes of data, found \(data.count) bytes")
    }
    let b = [UInt8](data)
    return UUID(
      uuid: (
        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
        b[14], b[15]
      ))
  }

  private static func url(_ string: String) throws -> URL {
    guard !string.isEmpty, let url = URL(string: string) else {
      throw Mismatch(message: "\(Value.quoted(string)) is not a valid URI")
    }
    return url
  }

  /// A decimal number written exactly, `-12.50` or `1.5e-3`, or `NaN`.
  static func decimal(_ string: String) throws -> Decimal {
    if string == "NaN" { return .nan }
    guard isDecimalLiteral(string),
      let value = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX"))
    else {
      throw Mismatch(message: "\(Value.quoted(string)) is not a decimal number")
    }
    return value
  }

  /// Whether `string` is `-?digits(.digits)?([eE][-+]?digits)?` and nothing else (Foundation's
  /// parser accepts a number followed by anything, as in `12abc`).
  private static func isDecimalLiteral(_ string: String) -> Bool {
    var bytes = string.utf8[...]
    func digits() -> Bool {
      let count = bytes.prefix(while: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        .count
      bytes = bytes.dropFirst(count)
      return count > 0
    }
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    guard digits() else { return false }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      guard digits() else { return false }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
        bytes = bytes.dropFirst()
      }
      guard digits() else { return false }
    }
    return bytes.isEmpty
  }

  private static func colorDictionary(_ color: Color) -> PropertyList {
    [
      "red": .integer(Int64(color.red)), "green": .integer(Int64(color.green)),
      "blue": .integer(Int64(color.blue)),
    ]
  }

  private static func color(_ dictionary: PropertyListDictionary) throws -> Color {
    var components: [Int] = []
    for name in ["red", "green", "blue"] {
      guard case .integer(let value) = dictionary[name], let component = Int(exactly: value) else {
        throw Mismatch(
          message: "a color needs integer red, green and blue; \(name) is "
            + (dictionary[name]?.kindDescription ?? "missing"))
      }
      components.append(component)
    }
    if let extra = dictionary.keys.first(where: { !["red", "green", "blue"].contains($0) }) {
      throw Mismatch(message: "a color has only red, green and blue, found \(Value.quoted(extra))")
    }
    return Color(red: components[0], green: components[1], blue: components[2])
  }
}
