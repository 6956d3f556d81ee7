import Foundation

/// Imports a binary property list of records (an array of dictionaries) straight into the
/// columns of an entity's table, object by object through ``BinaryPlistScanner``, with no
/// ``PropertyList`` tree: strings, integers, reals, Booleans and dates go into their columns
/// unboxed, and any other value is decoded alone and converted as ``PlistImport`` converts
/// it, with the same messages.
///
/// The result is the table ``PlistImport/table(from:into:)`` makes of the decoded tree, or
/// nil when the tree reader must decide instead: when the file is not an array, or anything
/// in it is malformed (a bad object, a key that is not a string or appears twice, a cycle),
/// or its shared references expand past ``PropertyListExpansion``'s budget. Then the tree
/// reader reports exactly the error it always did. Every object reachable from the top is
/// checked, as the tree reader checks it, before a table is returned.
struct BinaryPlistImport {
  private let scanner: BinaryPlistScanner
  private var traversal: BinaryPlistTraversal
  private let entity: Entity
  private let budget: Int
  /// The size of the records read so far as ``PropertyListExpansion`` measures a tree.
  private var expanded = 0
  /// The key id of each key object met.
  private var keyByObject: [Int: Int] = [:]
  /// Each distinct key's text, attribute index (nil: none), and the last record that held it.
  private var keys: [(name: String, slot: Int?, lastRecord: Int)] = []
  private var keyByName: [String: Int] = [:]
  /// The columns, one per slot of the entity's rows.
  private var columns: [ColumnBuilder]
  /// The record in which each slot was last given a value.
  private var filledIn: [Int]
  private let defaults: [Value]
  private var problems = PlistImportProblems()
  private var scratch: [UInt8] = []
  /// Called after every so many records, to let the bytes already read go.
  private let releaseInput: (() -> Void)?

  /// The records read between two calls of `releaseInput`.
  private static let recordsPerRelease = 4_096

  /// Something the tree reader must report: the file is malformed or expands too far.
  private struct NeedsTree: Error {}

  /// The table of the records in a binary property list's bytes, or nil when the tree
  /// reader must read them (see above).
  ///
  /// - Throws: ``PlistImportError`` listing the problems of every record, or ``Interrupted``.
  static func table(_ data: Data, into entity: Entity, releaseInput: (() -> Void)? = nil)
    throws -> EntityTable?
  {
    try data.withUnsafeBytes { bytes in
      guard let scanner = try? BinaryPlistScanner(bytes) else { return nil }
      var reader = BinaryPlistImport(
        scanner, entity: entity, budget: PropertyListExpansion.budget(forLength: bytes.count),
        releaseInput: releaseInput)
      do {
        return try reader.read()
      } catch is NeedsTree {
        return nil
      } catch is PropertyListError {
        return nil
      }
    }
  }

  private init(
    _ scanner: BinaryPlistScanner, entity: Entity, budget: Int, releaseInput: (() -> Void)?
  ) {
    self.scanner = scanner
    self.releaseInput = releaseInput
    self.entity = entity
    self.budget = budget
    traversal = BinaryPlistTraversal(scanner)
    defaults = entity.newRow
    columns = []
    filledIn = Array(repeating: -1, count: defaults.count)
  }

  private mutating func read() throws -> EntityTable {
    let top = scanner.topObject
    guard scanner.marker(of: top) >> 4 == 0xA else { throw NeedsTree() }
    try traversal.enter(top, at: nil)
    let (count, refsStart, _) = try scanner.container(top)
    expanded = 1
    columns =
      entity.attributes.map { ColumnBuilder(Self.form(of: $0.type), capacity: count) }
      + entity.relationships.map { _ in ColumnBuilder(.values, capacity: count) }
    var rows = 0
    Interrupt.begin("importing into \(entity.name)", steps: count)
    for record in 0..<count {
      try Interrupt.check(every: record)
      if record % Self.recordsPerRelease == Self.recordsPerRelease - 1 { releaseInput?() }
      let at = refsStart + record * scanner.refSize
      let object = try scanner.reference(at: at, in: top)
      guard scanner.marker(of: object) >> 4 == 0xD else {
        let value = try decodeAlone(object, at: at)
        report(record, nil, "expected a dictionary, found \(PlistImport.describe(value))")
        continue
      }
      try read(object, at: at, record: record)
      rows += 1
      guard expanded <= budget else { throw NeedsTree() }
    }
    traversal.leave()
    try problems.throwIfAny()
    guard rows > 0 else { return EntityTable() }
    return EntityTable(keys: Array(1...Int64(rows)), columns: columns.map { $0.column() })
  }

  /// Reads one record into a row of the columns.
  private mutating func read(_ object: Int, at: Int, record: Int) throws {
    try traversal.enter(object, at: at)
    let (count, refsStart, _) = try scanner.container(object)
    expanded += 1
    for entry in 0..<count {
      let key = try self.key(at: refsStart + entry * scanner.refSize, in: object)
      guard keys[key].lastRecord != record else { throw NeedsTree() }
      keys[key].lastRecord = record
      let valueAt = refsStart + (count + entry) * scanner.refSize
      let value = try scanner.reference(at: valueAt, in: object)
      guard let slot = keys[key].slot else {
        _ = try decodeAlone(value, at: valueAt)
        let name = keys[key].name
        report(record, name, PlistImport.unknownKey(name, of: entity))
        continue
      }
      filledIn[slot] = record
      try append(value, at: valueAt, slot: slot, record: record, key: keys[key].name)
    }
    traversal.leave()
    for slot in columns.indices where filledIn[slot] != record {
      columns[slot].append(defaults[slot])
    }
    traversal.forgetDecoded()
  }

  /// The id of the key whose reference is at `position` in `dictionary`; a key that is not
  /// a string is left to the tree reader.
  private mutating func key(at position: Int, in dictionary: Int) throws -> Int {
    let object = try scanner.reference(at: position, in: dictionary)
    if let known = keyByObject[object] {
      expanded += 1 + keys[known].name.utf8.count
      return known
    }
    let kind = scanner.marker(of: object) >> 4
    guard kind == 0x5 || kind == 0x6 else { throw NeedsTree() }
    let name = try scanner.string(object)
    expanded += 1 + name.utf8.count
    let id: Int
    if let known = keyByName[name] {
      id = known
    } else {
      id = keys.count
      keys.append((name, entity.index(ofAttribute: name), -1))
      keyByName[name] = id
    }
    keyByObject[object] = id
    return id
  }

  /// Appends the value of `object` to the column of `slot`: unboxed when it is of the
  /// attribute's own kind and fits it, converted by ``PlistImport`` otherwise.
  private mutating func append(_ object: Int, at: Int, slot: Int, record: Int, key: String)
    throws
  {
    let type = entity.attributes[slot].type
    let marker = scanner.marker(of: object)
    switch (type, marker >> 4) {
    case (.string, 0x5), (.string, 0x6):
      expanded += try scanner.withUTF8(object, scratch: &scratch) { utf8 in
        columns[slot].append(utf8: utf8)
        return 1 + utf8.count
      }
      return
    case (.int16, 0x1), (.int32, 0x1), (.int64, 0x1):
      let (value, isUnsigned) = try scanner.integer(object)
      if !isUnsigned, let range = type.integerRange, range.contains(value) {
        expanded += 1
        return columns[slot].append(integer: value)
      }
    case (.double, 0x2):
      expanded += 1
      return columns[slot].append(real: try scanner.real(object))
    case (.double, 0x1):
      let (value, isUnsigned) = try scanner.integer(object)
      if !isUnsigned {
        expanded += 1
        return columns[slot].append(real: Double(value))
      }
    case (.bool, 0x0) where marker == 0x08 || marker == 0x09:
      expanded += 1
      return columns[slot].append(bool: marker == 0x09)
    case (.date, 0x3):
      let seconds = try scanner.date(object)
      if ISO8601Dates.isSupported(Date(timeIntervalSinceReferenceDate: seconds)) {
        expanded += 1
        return columns[slot].append(real: seconds)
      }
    case (.binary, 0x4), (.transformable, 0x4):
      if case .transformable(let transformer) = type, transformer.isBuiltIn { break }
      let bytes = try scanner.data(object)
      expanded += 1 + bytes.count
      return columns[slot].append(bytes: bytes.assumingMemoryBound(to: UInt8.self))
    case (.uri, 0x5), (.uri, 0x6):
      // A URI in the plain shape most are written in goes in as its bytes, with no `String`.
      let isPlain = try scanner.withUTF8(object, scratch: &scratch) { utf8 in
        guard !utf8.isEmpty, URI.isPlainlyValid(bytes: utf8) else { return false }
        expanded += 1 + utf8.count
        columns[slot].append(uriUTF8: utf8)
        return true
      }
      if isPlain { return }
      let text = try scanner.string(object)
      if let uri = URI(text) {
        expanded += 1 + text.utf8.count
        return columns[slot].append(uri: uri)
      }
    case (.transformable(.color), 0xD):
      // `{red, green, blue}` of integers, read in place instead of decoded as a tree.
      if let packed = try scanner.rgbColor(object) {
        expanded += Self.colorSize
        return columns[slot].append(color: Column.color(Int64(packed)))
      }
    case (.uuid, 0x5), (.uuid, 0x6):
      let canonical = try scanner.withUTF8(object, scratch: &scratch, UUIDText.uuid(canonical:))
      if let uuid = canonical {
        expanded += 1 + 36
        return columns[slot].append(.uuid(uuid))
      }
      let text = try scanner.string(object)
      if let uuid = UUID(uuidString: text) {
        expanded += 1 + text.utf8.count
        return columns[slot].append(.uuid(uuid))
      }
    default:
      break
    }
    let value = try decodeAlone(object, at: at)
    do {
      columns[slot].append(try PlistImport.convert(value, to: type))
    } catch {
      report(record, key, error.message)
      columns[slot].append(defaults[slot])
    }
  }

  /// The value of `object` (a record's, or a value of one), checked and decoded on its own
  /// and counted towards the expansion budget.
  private mutating func decodeAlone(_ object: Int, at: Int) throws -> PropertyList {
    let value = try traversal.decode(object, at: at)
    expanded += PropertyListExpansion.size(of: value, limit: budget)
    guard expanded <= budget else { throw NeedsTree() }
    return value
  }

  private mutating func report(_ record: Int, _ key: String?, _ message: String) {
    problems.add(.init(row: record + 1, key: key, message: message))
  }

  /// The size ``PropertyListExpansion`` measures of a color's dictionary: the dictionary,
  /// its three keys with their bytes, and three integers.
  private static let colorSize = 1 + (1 + 3) + (1 + 5) + (1 + 4) + 3

  /// The column form of an attribute type's values.
  private static func form(of type: AttributeType) -> ColumnKind {
    switch type {
    case .string: return .strings
    case .int16, .int32, .int64: return .integers
    case .double, .float: return .reals
    case .bool: return .booleans
    case .date: return .dates
    case .binary: return .data
    case .uri: return .uris
    case .transformable(let transformer): return transformer == .color ? .colors : .data
    case .decimal, .uuid: return .values
    }
  }
}
