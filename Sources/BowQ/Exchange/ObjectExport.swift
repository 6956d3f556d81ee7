import Foundation

/// Objects written out for `export`: as an array of dictionaries — the shape `import`
/// reads — in JSON or a property list, as JSON Lines (one object per line), or as CSV (a
/// header of property names, then a record per object).
///
/// Attributes keep their types in property lists (dates as dates, binary as data); JSON,
/// which has neither, gets ISO 8601 strings and base64. UUIDs and URIs are strings, colors
/// `{red, green, blue}`, nil values are left out, and relationships name their objects as
/// `Entity/pN`. CSV writes each value as a table shows it (binary as base64, nil empty).
///
/// The objects are written one at a time as they are read (``write(_:of:as:to:)``): an
/// export to a file holds a few megabytes of it, never the whole text. JSON and XML come
/// out as Foundation writes them (``JSONText``, ``XMLPropertyListText``).
public enum ObjectExport {
  /// The objects `rows` as a file of `format`, in memory.
  public static func data(_ rows: [[Value]], of entity: Entity, as format: ExportFormat)
    throws -> Data
  {
    try export(rows, of: entity, as: format, to: nil).data ?? Data()
  }

  /// Writes the objects `rows` gives, of `entity`, to `file` (open for reading and writing,
  /// empty) as `format`, reading each as it writes it; returns how many it wrote.
  ///
  /// - Throws: ``Interrupted`` when Ctrl-C stops it, ``ByteOutput/WriteFailure`` soon after
  ///   a write to the file fails, and what encoding a value throws.
  static func write(
    _ rows: some Sequence<[Value]>, of entity: Entity, as format: ExportFormat, to file: Int32
  ) throws -> Int {
    try export(rows, of: entity, as: format, to: file).count
  }

  /// Writes `rows` as `format` to `file`, or into memory when it is nil, and returns how many
  /// objects it wrote, with the bytes when in memory.
  private static func export(
    _ rows: some Sequence<[Value]>, of entity: Entity, as format: ExportFormat, to file: Int32?
  ) throws -> (count: Int, data: Data?) {
    if format == .binary { return try binary(rows, of: entity, to: file) }
    var output = file.map { ByteOutput(writingTo: $0) } ?? ByteOutput(capacity: 1 << 16)
    opening(of: entity, as: format).withUnsafeBytes { output.append($0) }
    var text: [UInt8] = []
    let records = RecordText(entity: entity, format: format)
    var count = 0
    try InOrderBatches.run(
      rows, check: { step throws in try Interrupt.check(every: step) },
      make: { batch, first in
        var records = records
        var text: [UInt8] = []
        for (offset, row) in zip(first..., batch) {
          try records.append(row, at: offset, to: &text)
        }
        return (text, batch.count)
      },
      take: { (text: [UInt8], rows: Int) in
        try output.checkWriting()
        text.withUnsafeBytes { output.append($0) }
        count += rows
        output.flushIfFull()
      }, bytes: { text, _ in text.count })
    switch format {
    case .json: text += (count > 0 ? "\n]" : "\n\n]").utf8
    case .xml: text += (count > 0 ? "</array>\n" : "<array/>\n").utf8 + XMLPropertyListText.footer
    case .csv, .jsonl, .binary: break
    }
    text.withUnsafeBytes { output.append($0) }
    guard file != nil else { return (count, output.data()) }
    try output.finishWriting()
    return (count, nil)
  }

  /// What a file of `format` starts with, before its objects: csv's header of property
  /// names, JSON's `[`, an XML property list's header.
  static func opening(of entity: Entity, as format: ExportFormat) -> [UInt8] {
    switch format {
    case .csv: return Array(CSV.record(entity.propertyNames.map(CSV.quoted)).utf8)
    case .json: return Array("[".utf8)
    case .xml: return XMLPropertyListText.header
    case .jsonl, .binary: return []
    }
  }

  /// How an object becomes text in each text format, the same on whichever thread writes
  /// it: a batch of objects is written on each processor (``InOrderBatches``).
  struct RecordText: Sendable {
    let entity: Entity
    let format: ExportFormat
    var json: JSONText
    /// The entity's properties, and their places in the order JSON sorts keys: sorted once
    /// for all the objects.
    let names: [String]
    let jsonOrder: [Int]
    var line = ""

    init(entity: Entity, format: ExportFormat) {
      self.entity = entity
      self.format = format
      json = JSONText(pretty: format == .json, escapesSlashes: format == .json)
      names = entity.propertyNames
      jsonOrder = JSONText.sortedIndices(of: names)
    }

    /// Appends the object `row`, the `index`th written, to `text`.
    mutating func append(_ row: [Value], at index: Int, to text: inout [UInt8]) throws {
      switch format {
      case .jsonl:
        try json.append(object: jsonObject(row), depth: 0, to: &text)
        text.append(UInt8(ascii: "\n"))
      case .json:
        // As Foundation lays out the array whole: each object on lines of its own.
        text += (index > 0 ? ",\n  " : "\n  ").utf8
        try json.append(object: jsonObject(row), depth: 1, to: &text)
      case .xml:
        if index == 0 { text += "<array>\n".utf8 }
        XMLPropertyListText.append(dictionary(row, of: entity, json: false), depth: 1, to: &text)
      case .csv, .binary:
        line.removeAll(keepingCapacity: true)
        CSV.append(record: row, to: &line)
        text += line.utf8
      }
    }

    /// The object of `row` as JSON writes it, its properties in the order sorted once.
    private func jsonObject(_ row: [Value]) -> [(key: String, value: PropertyList)] {
      jsonOrder.compactMap { index in plist(row[index], json: true).map { (names[index], $0) } }
    }
  }

  /// `rows` as a binary property list: each object written as it is read, then the array of
  /// them.
  private static func binary(_ rows: some Sequence<[Value]>, of entity: Entity, to file: Int32?)
    throws -> (count: Int, data: Data?)
  {
    var builder =
      file.map { BinaryPlistBuilder(writingTo: $0) } ?? BinaryPlistBuilder(capacity: 1 << 16)
    var objects: [UInt32] = []
    for row in rows {
      try Interrupt.check(every: objects.count)
      try builder.checkWriting()
      let object = try BinaryPropertyListWriter.write(
        dictionary(row, of: entity, json: false), into: &builder, depth: 1)
      objects.append(try BinaryPlistBuilder.reference(object))
    }
    let top = builder.reserveContainer()
    builder.setArray(top, elements: objects)
    guard file != nil else { return (objects.count, builder.finish(top: top)) }
    try builder.finishWriting(top: top)
    return (objects.count, nil)
  }

  /// One object as a dictionary of its non-nil properties.
  static func dictionary(_ row: [Value], of entity: Entity, json: Bool) -> PropertyList {
    PropertyList.dictionary(
      PropertyListDictionary(
        zip(entity.propertyNames, row).compactMap { name, value in
          plist(value, json: json).map { (key: name, value: $0) }
        }))
  }

  private static func plist(_ value: Value, json: Bool) -> PropertyList? {
    switch value {
    case .null: return nil
    case .bool(let b): return .bool(b)
    case .int(let i): return .integer(i)
    case .double(let d): return .real(d)
    case .decimal(let d): return .string(NSDecimalNumber(decimal: d).stringValue)
    case .string(let s): return .string(s)
    case .date(let d): return json ? .string(Value.iso8601(d)) : .date(d)
    case .data(let d): return json ? .string(d.base64EncodedString()) : .data(d)
    case .uuid(let u): return .string(u.uuidString)
    case .uri(let u): return .string(u.absoluteString)
    case .color(let c):
      return .dictionary([
        "red": .integer(Int64(c.red)), "green": .integer(Int64(c.green)),
        "blue": .integer(Int64(c.blue)),
      ])
    case .object(let id): return .string(id.description)
    case .collection(let values): return .array(values.compactMap { plist($0, json: json) })
    }
  }
}
