import Foundation

/// The records of the text files `export` writes besides property lists — JSON Lines and
/// CSV — as the array of dictionaries ``PlistImport`` reads, so each export imports back.
public enum TextRecords {
  /// The records of JSON Lines text: one JSON object a line (`export … as jsonl`); blank
  /// lines are skipped.
  ///
  /// - Throws: ``PlistImportError`` naming the line of each line that is not a JSON object;
  ///   ``Interrupted``.
  public static func jsonLines(_ data: Data) throws -> PropertyList {
    var records: [PropertyList] = []
    try readJSONLines(data, as: "reading JSON lines", releaseInput: nil) { _, record in
      records.append(record)
    }
    return .array(records)
  }

  /// The objects of JSON Lines text for `entity`, as `import` makes them: the records of
  /// ``jsonLines(_:)`` converted as ``PlistImport/table(from:into:)`` converts them, one at a
  /// time as they are read, each record's problems named by its line rather than by its
  /// position, which blank lines move off it.
  ///
  /// - Parameter releaseInput: called now and then as the text is read, to let the memory
  ///   of the bytes already read go (a file mapping's pages).
  /// - Throws: what ``jsonLines(_:)`` and ``PlistImport/table(from:into:)`` throw.
  public static func table(
    jsonLines data: Data, into entity: Entity, releaseInput: (() -> Void)? = nil
  ) throws -> EntityTable {
    var rows = PlistImport.RecordRows(into: entity)
    var lines: [Int] = []
    try readJSONLines(data, as: "importing into \(entity.name)", releaseInput: releaseInput) {
      line, record in
      lines.append(line)
      rows.add(record)
    }
    do {
      return try rows.table()
    } catch var error {
      for index in error.problems.indices {
        guard let row = error.problems[index].row, lines.indices.contains(row - 1) else {
          continue
        }
        error.problems[index].line = lines[row - 1]
      }
      throw error
    }
  }

  /// Whether `data` holds a JSON array, as ``PropertyListDecoding`` tells JSON: its first
  /// byte after white space is `[`.
  static func isJSONArray(_ data: Data) -> Bool {
    data.withUnsafeBytes { bytes in
      bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "[")
    }
  }

  /// The objects of a JSON array of objects (`export … to "ties.json"`) for `entity`, as
  /// `import` makes them: each element converted as ``PlistImport/table(from:into:)``
  /// converts the records of an array, one at a time as it is read, so that a million
  /// objects are held only as the table's columns, not as text and Foundation objects
  /// besides. A problem in the text names its line and column.
  ///
  /// - Parameter releaseInput: called now and then as the text is read, to let the memory
  ///   of the bytes already read go (a file mapping's pages).
  /// - Throws: ``PropertyListError`` for text that is not one JSON array; what
  ///   ``PlistImport/table(from:into:)`` throws; ``Interrupted``.
  public static func table(
    jsonArray data: Data, into entity: Entity, releaseInput: (() -> Void)? = nil
  ) throws -> EntityTable {
    var rows = PlistImport.RecordRows(into: entity)
    Interrupt.begin("importing into \(entity.name)", steps: data.count)
    try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      /// What `read` reads, its problem placed by line and column rather than by byte.
      func located<T>(_ read: () throws(PropertyListError) -> T) throws(PropertyListError) -> T {
        do {
          return try read()
        } catch {
          guard let offset = error.offset.map({ min($0, bytes.count) }) else { throw error }
          let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
          let line = bytes[..<lineStart].count { $0 == 0x0A } + 1
          let column = characterColumn(of: bytes[lineStart..<offset])
          throw PropertyListError(
            error.kind, at: nil, "line \(line), column \(column): \(error.message)")
        }
      }
      var progress = TextProgress(releaseInput: releaseInput)
      var elements = try located { () throws(PropertyListError) in
        try JSONReader.ArrayElements(bytes)
      }
      while let element = try located({ () throws(PropertyListError) in try elements.next() }) {
        rows.add(element)
        try progress.record(endingAt: elements.position)
      }
    }
    return try rows.table()
  }

  /// Reads the records of JSON Lines text (``jsonLines(_:)``), giving each to `take` with its
  /// line as soon as it is read, as the work `work`; the lines that are not JSON objects are
  /// thrown once the text is read.
  private static func readJSONLines(
    _ data: Data, as work: String, releaseInput: (() -> Void)?,
    _ take: (Int, PropertyList) throws -> Void
  ) throws {
    var problems = PlistImportProblems()
    var lineNumber = 0
    Interrupt.begin(work, steps: data.count)
    // The lines are found on the bytes in place: `Data`'s own subscript and search cost
    // several times what decoding a line costs.
    try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var start = 0
      var progress = TextProgress(releaseInput: releaseInput)
      while start < bytes.count {
        let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
        let end = rest.firstIndex(of: 0x0A).map { start + $0 } ?? bytes.count
        var line = bytes[start..<end]
        start = min(end + 1, bytes.count)
        try progress.record(endingAt: start)
        lineNumber += 1
        if line.last == 0x0D { line = line.dropLast() }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
        let text = UnsafeRawBufferPointer(rebasing: line)
        let record: PropertyList
        do throws(PropertyListError) {
          record = try JSONReader.value(of: text)
        } catch {
          let column = error.offset.map { characterColumn(of: text[..<min($0, text.count)]) }
          problems.add(
            .init(row: nil, key: nil, message: error.message, line: lineNumber, column: column))
          continue
        }
        guard case .dictionary = record else {
          problems.add(
            .init(
              row: nil, key: nil,
              message: "expected a JSON object, found \(record.kindDescription)",
              line: lineNumber))
          continue
        }
        try take(lineNumber, record)
      }
    }
    try problems.throwIfAny()
  }

  /// The records of CSV text (`export … as csv`) for `entity`: a header of its attribute
  /// names, then one record per object. Each field is read as a table shows a value of its
  /// attribute's type — numbers, `YES`/`NO` (or `true`/`false`, `1`/`0`), ISO 8601 dates,
  /// base64 data, `rgb(r, g, b)` colors; an empty field is nil and a quoted `""` the empty
  /// string.
  ///
  /// - Throws: ``PlistImportError`` naming the line of malformed CSV, a header naming no
  ///   attribute or a relationship, and records whose number of fields differs from the
  ///   header's; ``Interrupted``.
  public static func csv(_ data: Data, for entity: Entity) throws -> PropertyList {
    var objects: [PropertyList] = []
    try readCSV(data, for: entity, releaseInput: nil) { values in
      var object = PropertyListDictionary()
      for (index, value) in values { object[entity.attributes[index].name] = value }
      objects.append(.dictionary(object))
    }
    return .array(objects)
  }

  /// The objects of CSV text for `entity`, as `import` makes them: the records of
  /// ``csv(_:for:)`` converted as ``PlistImport/table(from:into:)`` converts them, one at a
  /// time as they are read (a million records are never held as text or records, only as
  /// the table's columns), each value that does not convert named by the line and column
  /// where its field starts, not by its record's position, which a quoted field holding a
  /// line break moves off the line.
  ///
  /// - Parameter releaseInput: called now and then as the text is read, to let the memory
  ///   of the bytes already read go (a file mapping's pages).
  /// - Throws: what ``csv(_:for:)`` and ``PlistImport/table(from:into:)`` throw.
  public static func table(
    csv data: Data, into entity: Entity, releaseInput: (() -> Void)? = nil
  ) throws -> EntityTable {
    var rows = PlistImport.RecordRows(into: entity)
    do {
      try readCSV(data, for: entity, releaseInput: releaseInput) { rows.add($0) }
      return try rows.table()
    } catch let error as PlistImportError {
      throw locating(error, inCSV: data)
    }
  }

  /// Reads the records of CSV text for `entity` (``csv(_:for:)``), giving each to `take` as
  /// the values of its fields that are not empty, by attribute index, as soon as it is read.
  /// Problems of the text (malformed CSV, the header, a record's number of fields) are thrown
  /// once it is read, or at once for malformed CSV.
  private static func readCSV(
    _ data: Data, for entity: Entity, releaseInput: (() -> Void)?,
    _ take: ([(attribute: Int, value: PropertyList)]) throws -> Void
  ) throws {
    var problems = PlistImportProblems()
    func problem(_ line: Int, _ message: String) {
      problems.add(.init(row: nil, key: nil, message: message, line: line))
    }
    var reader = CSVReader(utf8: data)
    func next() throws -> CSVReader.Record? {
      do {
        return try reader.next()
      } catch {
        throw PlistImportError(
          problems: [.init(row: nil, key: nil, message: error.message, line: error.line)],
          omitted: 0)
      }
    }
    guard let header = try next() else { return }
    var attributes: [Int?] = []
    for field in header.fields {
      guard case .text(let name, _) = field else {
        problem(header.line, "the header has an empty name")
        attributes.append(nil)
        continue
      }
      let attribute = entity.index(ofAttribute: name)
      if attribute == nil {
        problem(header.line, PlistImport.unknownKey(name, of: entity))
      }
      attributes.append(attribute)
    }
    let names = header.fields.compactMap { field -> String? in
      if case .text(let name, _) = field { return name }
      return nil
    }
    if let repeated = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
      problem(header.line, "the header names \(Value.quoted(repeated)) twice")
    }
    try problems.throwIfAny()
    Interrupt.begin("importing into \(entity.name)", steps: data.count)
    var progress = TextProgress(releaseInput: releaseInput)
    var values: [(attribute: Int, value: PropertyList)] = []
    while let record = try next() {
      try progress.record(endingAt: reader.offset)
      guard record.fields.count == attributes.count else {
        problem(
          record.line, "\(record.fields.count) fields, where the header names \(attributes.count)")
        continue
      }
      values.removeAll(keepingCapacity: true)
      for (field, attribute) in zip(record.fields, attributes) {
        guard let attribute, case .text(let text, let quoted) = field else { continue }
        let type = entity.attributes[attribute].type
        values.append((attribute, quoted && text.isEmpty ? .string("") : value(text, type)))
      }
      try take(values)
    }
    try problems.throwIfAny()
  }

  /// `error` with each problem of a record's value (`row` N, the Nth record after the
  /// header, and a `key` the header names) placed where that field starts in the CSV text.
  private static func locating(_ error: PlistImportError, inCSV data: Data) -> PlistImportError {
    let rows = Set(error.problems.compactMap(\.row))
    guard let last = rows.max() else { return error }
    var reader = CSVReader(utf8: data)
    var header: [String] = []
    var starts: [Int: [SourceLocation]] = [:]
    var row = 0
    while row <= last, let record = try? reader.next() {
      if row == 0 {
        header = record.fields.map { field in
          guard case .text(let name, _) = field else { return "" }
          return name
        }
      } else if rows.contains(row) {
        starts[row] = reader.fieldStarts
      }
      row += 1
    }
    var located = error
    located.problems = error.problems.map { problem in
      guard let row = problem.row, let key = problem.key, let field = header.firstIndex(of: key),
        let fields = starts[row], fields.indices.contains(field)
      else { return problem }
      var placed = problem
      placed.line = fields[field].line
      placed.column = fields[field].column
      return placed
    }
    return located
  }

  /// A CSV field's text as the property-list value ``PlistImport`` converts to `type`: the
  /// text itself when it does not read as the type, so the conversion reports it.
  private static func value(_ text: String, _ type: AttributeType) -> PropertyList {
    switch type {
    case .int16, .int32, .int64:
      return Int64(text).map(PropertyList.integer) ?? .string(text)
    case .double, .float:
      return Double(text).map(PropertyList.real) ?? .string(text)
    case .bool:
      switch text.lowercased() {
      case "yes", "true", "1": return .bool(true)
      case "no", "false", "0": return .bool(false)
      default: return .string(text)
      }
    case .transformable(.color):
      return color(text) ?? .string(text)
    default:
      return .string(text)
    }
  }

  /// `rgb(r, g, b)`, as a table shows a color, as the dictionary import reads: three
  /// integers (each with an optional sign), commas between them, blanks around each.
  private static func color(_ text: String) -> PropertyList? {
    guard text.hasPrefix("rgb("), text.hasSuffix(")") else { return nil }
    // Blanks are those of `CharacterSet.whitespaces`: tabs and the scalars of category Zs,
    // told without Foundation's bridging, and ASCII without asking its category.
    func isBlank(_ scalar: Unicode.Scalar) -> Bool {
      scalar.isASCII
        ? scalar == " " || scalar == "\t" : scalar.properties.generalCategory == .spaceSeparator
    }
    var scalars = text.unicodeScalars.dropFirst(4).dropLast()[...]
    func skipBlanks() {
      while let first = scalars.first, isBlank(first) { scalars.removeFirst() }
    }
    // The numbers are read in place: a million colors split into strings took a fifth of a
    // CSV import.
    func integer() -> Int64? {
      skipBlanks()
      let negative = scalars.first == "-"
      if negative || scalars.first == "+" { scalars.removeFirst() }
      var value: Int64 = 0
      var digits = 0
      while let first = scalars.first, let digit = Int64(exactly: first.value),
        (48...57).contains(digit)
      {
        let (times, overflow) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflowing) = times.addingReportingOverflow(negative ? 48 - digit : digit - 48)
        guard !overflow, !overflowing else { return nil }
        value = sum
        digits += 1
        scalars.removeFirst()
      }
      skipBlanks()
      return digits > 0 ? value : nil
    }
    guard let red = integer(), scalars.popFirst() == ",", let green = integer(),
      scalars.popFirst() == ",", let blue = integer(), scalars.isEmpty
    else { return nil }
    return .dictionary(["red": .integer(red), "green": .integer(green), "blue": .integer(blue)])
  }

  /// The column that follows `lineBefore`, the UTF-8 of a line up to a place: columns count
  /// characters, as a text editor's do, from 1.
  private static func characterColumn(of lineBefore: Slice<UnsafeRawBufferPointer>) -> Int {
    lineBefore.count { $0 & 0xC0 != 0x80 } + 1
  }

  /// How far a reader of a file's text has come: at every 1,024th record it checks for
  /// Ctrl-C, counting the bytes read since as the work's steps, and lets the memory of the
  /// bytes read go.
  struct TextProgress {
    let releaseInput: (() -> Void)?
    private var records = 0
    private var checkedOffset = 0

    init(releaseInput: (() -> Void)?) {
      self.releaseInput = releaseInput
    }

    /// Counts a record read, which ends at byte `offset` of the text.
    mutating func record(endingAt offset: Int) throws(Interrupted) {
      defer { records += 1 }
      guard records % Interrupt.stepsPerCheck == 0 else { return }
      try Interrupt.token.checkStep(advancing: offset - checkedOffset)
      checkedOffset = offset
      releaseInput?()
    }
  }
}
