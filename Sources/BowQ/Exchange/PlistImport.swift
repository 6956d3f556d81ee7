import Foundation

/// Turns a property list of records (an array of dictionaries, as in the BowTies sample's
/// `SampleData.plist`) into rows of an entity.
public enum PlistImport {
  /// The rows described by `plist`, each in `entity`'s attribute order.
  ///
  /// Keys name attributes. A missing key takes the attribute's default, or nil. Values are
  /// converted to the attribute's type:
  ///
  /// | attribute | accepted |
  /// |---|---|
  /// | String | string |
  /// | Int16, Int32, Int64 | integer within the type's range |
  /// | Double, Float | integer or real |
  /// | Decimal | integer, real, or a string such as `"12.50"` |
  /// | Bool | Boolean, or the integer 0 or 1 |
  /// | Date | date, or an ISO 8601 string (`2024-05-01T10:00:00Z`) |
  /// | Binary | data, or a base64 string (as JSON export writes it) |
  /// | UUID | a UUID string, or 16 bytes of data |
  /// | URI | string |
  /// | Transformable(Color) | `{red, green, blue}`: integers 0–255, or reals 0–1 |
  /// | Transformable(other) | data, or a base64 string |
  ///
  /// A base64 string is read strictly: the standard alphabet with `=` padding to a multiple
  /// of four characters, no white space or line breaks, and only the one spelling that
  /// encodes its bytes (unused bits zero), so every string either means exactly the data
  /// export wrote or is refused.
  ///
  /// - Throws: ``PlistImportError`` listing the problems of every row (up to
  ///   ``PlistImportError/limit``), so that one run shows everything to fix.
  public static func rows(from plist: PropertyList, into entity: Entity) throws -> [[Value]] {
    let imported = try table(from: plist, into: entity)
    return (0..<imported.count).map(imported.row(at:))
  }

  /// The objects of the property list file whose bytes are `data`, as
  /// ``table(from:into:)`` makes them of its decoded tree. A binary property list is read
  /// object by object straight into the table's columns (``BinaryPlistImport``), a JSON
  /// array element by element (``TextRecords/table(jsonArray:into:releaseInput:)``), and an
  /// XML property list's array the same way (``XMLPropertyListElements``); other formats,
  /// and a binary or XML file those readers leave to the tree reader, are decoded as a tree
  /// first.
  ///
  /// - Parameter releaseInput: called now and then while a file is read an object at a time,
  ///   to let the memory of the bytes already read go (a file mapping's pages; any byte may
  ///   still be read again afterwards).
  /// - Throws: ``PlistImportError``; ``Interrupted``; or, when `data` is not a readable
  ///   property list, the error ``PropertyListDecoding/decode(_:)`` throws (for a JSON array,
  ///   a ``PropertyListError`` naming the line and column).
  public static func table(
    reading data: Data, into entity: Entity, releaseInput: (() -> Void)? = nil
  ) throws -> EntityTable {
    if data.starts(with: "bplist".utf8),
      let table = try BinaryPlistImport.table(data, into: entity, releaseInput: releaseInput)
    {
      return table
    }
    if TextRecords.isJSONArray(data) {
      return try TextRecords.table(jsonArray: data, into: entity, releaseInput: releaseInput)
    }
    if PropertyListDecoding.looksLikeXML(data),
      let table = try table(xmlElementsOf: data, into: entity, releaseInput: releaseInput)
    {
      return table
    }
    return try table(from: try PropertyListDecoding.decode(data).0, into: entity)
  }

  /// The objects of an XML property list's top array, each element made into a row as it is
  /// read (``XMLPropertyListElements``); nil when the text holds something that reader leaves
  /// to Foundation's, which then reads the whole file as before.
  private static func table(
    xmlElementsOf data: Data, into entity: Entity, releaseInput: (() -> Void)?
  ) throws -> EntityTable? {
    var rows = RecordRows(into: entity)
    Interrupt.begin("importing into \(entity.name)", steps: data.count)
    let read = try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws -> Bool in
      var progress = TextRecords.TextProgress(releaseInput: releaseInput)
      guard var elements = try? XMLPropertyListElements(bytes) else { return false }
      while true {
        let next = Result { () throws(XMLPropertyListElements.Unsupported) in try elements.next() }
        guard case .success(let element) = next else { return false }
        guard let element else { return true }
        rows.add(element)
        try progress.record(endingAt: elements.position)
      }
    }
    return read ? try rows.table() : nil
  }

  /// The objects of ``rows(from:into:)`` in a table of `entity`'s columns (keyed from 1),
  /// filled record by record without keeping a row per object: a million records take the
  /// memory of their columns.
  public static func table(from plist: PropertyList, into entity: Entity) throws -> EntityTable {
    guard case .array(let records) = plist else {
      throw PlistImportError(
        problems: [
          .init(
            row: nil, key: nil,
            message: "expected an array of dictionaries, found \(plist.kindDescription)")
        ], omitted: 0)
    }
    var rows = RecordRows(into: entity)
    Interrupt.begin("importing into \(entity.name)", steps: records.count)
    for (i, record) in records.enumerated() {
      try Interrupt.check(every: i)
      rows.add(record)
    }
    return try rows.table()
  }

  /// Records made into rows of an entity one at a time, as ``table(from:into:)`` makes those
  /// of an array: what a reader that meets its records one by one (CSV) fills without
  /// holding them all.
  struct RecordRows {
    let entity: Entity
    private var imported = EntityTable()
    private var problems = PlistImportProblems()
    /// How many records were added: the row number of the last.
    private(set) var count = 0

    init(into entity: Entity) {
      self.entity = entity
    }

    /// Adds the row `record` describes, or notes why it cannot be one; a key that does not
    /// convert leaves its attribute's default, and is noted.
    mutating func add(_ record: PropertyList) {
      count += 1
      guard case .dictionary(let fields) = record else {
        problems.add(
          .init(
            row: count, key: nil, message: "expected a dictionary, found \(describe(record))"))
        return
      }
      var row = entity.newRow
      for (key, value) in fields {
        guard let index = entity.index(ofAttribute: key) else {
          problems.add(.init(row: count, key: key, message: unknownKey(key, of: entity)))
          continue
        }
        set(index, of: &row, to: value)
      }
      imported.insert(row)
    }

    /// Adds the row whose attributes hold `values`, by their index in the entity: a record
    /// whose keys are already known to be attributes (a CSV header's).
    mutating func add(_ values: [(attribute: Int, value: PropertyList)]) {
      count += 1
      var row = entity.newRow
      for (index, value) in values { set(index, of: &row, to: value) }
      imported.insert(row)
    }

    /// Sets attribute `index` of `row` to `value` converted to its type, or notes why it
    /// cannot be.
    private mutating func set(_ index: Int, of row: inout [Value], to value: PropertyList) {
      do {
        row[index] = try convert(value, to: entity.attributes[index].type)
      } catch {
        problems.add(.init(row: count, key: entity.attributes[index].name, message: error.message))
      }
    }

    /// The table of the records added.
    ///
    /// - Throws: ``PlistImportError`` listing the problems noted, when there are any.
    func table() throws(PlistImportError) -> EntityTable {
      try problems.throwIfAny()
      return imported
    }
  }

  /// Why a record's key cannot be imported: it names a relationship, or no property at all.
  static func unknownKey(_ key: String, of entity: Entity) -> String {
    if entity.relationship(named: key) != nil {
      return "\(Value.quoted(key)) is a relationship of \(entity.name); import reads "
        + "attributes only: leave it out, and link the objects after importing"
    }
    return "\(entity.name) has no attribute \(Value.quoted(key))."
      + NameSuggestion.hint(for: key, among: entity.attributes.map(\.name))
  }

  /// Why a value cannot become an attribute's: the message names what was expected.
  struct ConversionFailure: Error {
    var message: String
  }

  /// `value` as a value of an attribute of `type`, by the table of ``rows(from:into:)``.
  static func convert(_ value: PropertyList, to type: AttributeType) throws(ConversionFailure)
    -> Value
  {
    func mismatch(_ expected: String) -> ConversionFailure {
      ConversionFailure(message: "expected \(expected) for \(type.name), found \(describe(value))")
    }
    switch (type, value) {
    case (.string, .string(let s)):
      return .string(s)
    case (.int16, .integer(let i)), (.int32, .integer(let i)), (.int64, .integer(let i)):
      let range = type.integerRange!
      guard range.contains(i) else {
        throw ConversionFailure(
          message: "\(i) is outside the range of \(type.name) "
            + "(\(range.lowerBound)...\(range.upperBound))")
      }
      return .int(i)
    case (.int16, .unsignedInteger(let u)), (.int32, .unsignedInteger(let u)),
      (.int64, .unsignedInteger(let u)):
      throw ConversionFailure(message: "\(u) is outside the range of \(type.name)")
    case (.double, .integer(let i)), (.float, .integer(let i)):
      return .double(Double(i))
    case (.double, .real(let d)):
      return .double(d)
    case (.float, .real(let d)):
      guard !d.isFinite || Float(d).isFinite else {
        throw ConversionFailure(message: "\(d) is outside the range of Float")
      }
      return .double(d)
    case (.decimal, .integer(let i)):
      return .decimal(Decimal(i))
    case (.decimal, .real(let d)):
      switch Decimal.converting(d) {
      case .success(let decimal): return .decimal(decimal)
      case .failure(let failure): throw ConversionFailure(message: "\(failure)")
      }
    case (.decimal, .string(let s)):
      do {
        return .decimal(try StoreValueEncoding.decimal(s))
      } catch {
        throw mismatch("a number")
      }
    case (.bool, .bool(let b)):
      return .bool(b)
    case (.bool, .integer(let i)) where i == 0 || i == 1:
      return .bool(i == 1)
    case (.date, .date(let d)):
      guard ISO8601Dates.isSupported(d) else {
        throw ConversionFailure(
          message: ISO8601DateError.outOfRange.message(for: "the date \(Value.iso8601(d))"))
      }
      return .date(d)
    case (.date, .string(let s)):
      do {
        return .date(try ISO8601Dates.parse(s))
      } catch .malformed {
        throw mismatch("a date or an ISO 8601 string")
      } catch {
        throw ConversionFailure(message: error.message(for: Value.quoted(s)))
      }
    case (.binary, .data(let d)):
      return .data(d)
    case (.binary, .string(let s)):
      return .data(try base64Data(s, for: type))
    case (.uuid, .string(let s)):
      guard let uuid = UUIDText.uuid(s) else { throw mismatch("a UUID string") }
      return .uuid(uuid)
    case (.uuid, .data(let d)) where d.count == 16:
      let b = [UInt8](d)
      return .uuid(
        UUID(
          uuid: (
            b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12],
            b[13], b[14], b[15]
          )))
    case (.uri, .string(let s)):
      guard let uri = URI(s) else { throw mismatch("a URI") }
      return .uri(uri)
    case (.transformable(.color), .dictionary(let d)):
      return .color(try color(d))
    case (.transformable(let t), .data(let d)) where !t.isBuiltIn:
      return .data(d)
    case (.transformable(let t), .string(let s)) where !t.isBuiltIn:
      return .data(try base64Data(s, for: type))
    default:
      throw mismatch(expectedKind(type))
    }
  }

  private static func expectedKind(_ type: AttributeType) -> String {
    switch type {
    case .string, .uri: return "a string"
    case .int16, .int32, .int64: return "an integer"
    case .double, .float, .decimal: return "a number"
    case .bool: return "a Boolean (or 0 or 1)"
    case .date: return "a date or an ISO 8601 string"
    case .binary: return "data or a base64 string"
    case .uuid: return "a UUID string or 16 bytes of data"
    case .transformable(let t):
      return t == .color ? "a dictionary {red, green, blue}" : "data or a base64 string"
    }
  }

  /// The bytes a strict base64 string encodes: the standard alphabet, padded with `=` to a
  /// multiple of four, without white space, and in its one canonical spelling (the string
  /// the bytes encode back to), so that no two strings import as the same bytes.
  private static func base64Data(_ string: String, for type: AttributeType)
    throws(ConversionFailure)
    -> Data
  {
    guard let data = Data(base64Encoded: string), data.base64EncodedString() == string else {
      let shown = string.count > 24 ? String(string.prefix(24)) + "…" : string
      throw ConversionFailure(
        message: "expected data or a base64 string for \(type.name), found the string "
          + "\(Value.quoted(shown)), which is not base64 (A–Z, a–z, 0–9, + and /, padded "
          + "with = to a multiple of 4 characters, without spaces or line breaks)")
    }
    return data
  }

  /// A color from `{red, green, blue}`: each an integer 0–255 or a real 0–1.
  private static func color(_ dictionary: PropertyListDictionary) throws(ConversionFailure)
    -> Color
  {
    let names = ["red", "green", "blue"]
    if let extra = dictionary.keys.first(where: { !names.contains($0) }) {
      throw ConversionFailure(
        message: "a color has the keys red, green and blue, found \(Value.quoted(extra))."
          + NameSuggestion.hint(for: extra, among: names))
    }
    var components: [UInt8] = []
    for name in names {
      switch dictionary[name] {
      case .integer(let i) where (0...255).contains(i):
        components.append(UInt8(i))
      case .real(let r) where (0...1).contains(r):
        components.append(UInt8((r * 255).rounded()))
      case let other?:
        throw ConversionFailure(
          message: "the color's \(name) must be an integer 0–255 or a real 0–1, "
            + "found \(describe(other))")
      case nil:
        throw ConversionFailure(message: "the color has no \(name)")
      }
    }
    return Color(red: components[0], green: components[1], blue: components[2])
  }

  /// A value as a message shows it: `the string "high"`, `the integer 7`, `an array`.
  static func describe(_ value: PropertyList) -> String {
    switch value {
    case .string(let s): return "the string \(Value.quoted(s))"
    case .integer(let i): return "the integer \(i)"
    case .unsignedInteger(let u): return "the integer \(u)"
    case .real(let r): return "the real \(Value.format(r))"
    case .bool(let b): return "the Boolean \(b)"
    case .date(let d): return "the date \(Value.iso8601(d))"
    case .data(let d): return "data of \(d.count) bytes"
    case .array, .dictionary: return value.kindDescription
    }
  }
}

/// The problems found importing a property list, each with its row and key.
/// The problems an import meets, each kept until ``PlistImportError/limit`` and counted
/// after it, thrown together at the end so that one run shows everything to fix.
struct PlistImportProblems {
  private var problems: [PlistImportError.Problem] = []
  private var omitted = 0

  var isEmpty: Bool { problems.isEmpty }

  mutating func add(_ problem: PlistImportError.Problem) {
    if problems.count < PlistImportError.limit {
      problems.append(problem)
    } else {
      omitted += 1
    }
  }

  func throwIfAny() throws(PlistImportError) {
    guard !problems.isEmpty else { return }
    throw PlistImportError(problems: problems, omitted: omitted)
  }
}

public struct PlistImportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The most problems kept; the rest are only counted in ``omitted``.
  public static let limit = 20

  /// One problem: `row 3, key "rating": expected a number for Double, found the string "high"`,
  /// or `line 4, column 9, key "rating": …` where the record came from a text file.
  public struct Problem: Hashable, Sendable, CustomStringConvertible {
    /// The record's position in the array, counting from 1; nil for the file as a whole.
    public var row: Int?
    public var key: String?
    public var message: String
    /// The line of the text file the record was read from (CSV, JSON Lines), which names
    /// the place better than `row` does, and where it is known the column at which the value
    /// of `key` starts.
    public var line: Int?
    public var column: Int?

    public init(
      row: Int?, key: String?, message: String, line: Int? = nil, column: Int? = nil
    ) {
      self.row = row
      self.key = key
      self.message = message
      self.line = line
      self.column = column
    }

    public var description: String {
      var place: [String] = []
      if let line {
        place.append(column.map { "line \(line), column \($0)" } ?? "line \(line)")
      } else if let row {
        place.append("row \(row)")
      }
      if let key { place.append("key \(Value.quoted(key))") }
      return place.isEmpty ? message : place.joined(separator: ", ") + ": " + message
    }
  }

  public var problems: [Problem]
  /// How many further problems were found beyond ``limit``.
  public var omitted: Int

  public init(problems: [Problem], omitted: Int) {
    self.problems = problems
    self.omitted = omitted
  }

  /// One problem a line, and a last line counting the omitted ones.
  public var description: String {
    let lines = problems.map(\.description)
    return (omitted > 0 ? lines + ["… and \(omitted) more problems"] : lines)
      .joined(separator: "\n")
  }
}
