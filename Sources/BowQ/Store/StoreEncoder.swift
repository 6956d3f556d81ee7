import Foundation

/// Writes an ``ObjectGraph`` straight into the bytes of a store file (layout in
/// ``StoreCodec``), with no property-list tree in between.
///
/// The objects are visited once, row by row: each value is written (or found, when an equal
/// one was written before) as it is met and its index kept in its column's reference list;
/// the containers (column arrays, colors, to-manys, dictionaries) are written at the end by
/// ``BinaryPlistBuilder``. The model is small and goes through ``StoreModelCoding`` and the
/// tree writer, and must read back as it was written.
enum StoreEncoder {
  /// The store file's bytes, and the values kept apart by their SHA-256.
  ///
  /// - Parameter keepingValuesApart: whether values of `external` attributes of at least
  ///   ``StoreCodec/externalDataThreshold`` bytes go to external files
  ///   (``ExternalDataReference``), which makes the store version 2; without such values, or
  ///   when false, every value is in the file and the store is version 1.
  static func encode(_ graph: ObjectGraph, keepingValuesApart: Bool) throws -> (
    data: Data, externalValues: [String: Data]
  ) {
    let model = try checkedModel(graph)
    let cells = estimatedCells(graph)
    var builder = BinaryPlistBuilder(
      capacity: 4096 + cells * 16, distinctScalars: likelyDistinctScalars(graph), objects: cells)
    let (root, externalValues) = try write(
      graph, model: model, keepingValuesApart: keepingValuesApart, into: &builder)
    return (builder.finish(top: root), externalValues)
  }

  /// Writes the store file of `graph` to `file` (open for reading and writing, empty) as it
  /// is made, holding a few megabytes of it at a time, not the whole file; returns the values
  /// kept apart, as ``encode(_:keepingValuesApart:)`` does.
  ///
  /// - Throws: ``ByteOutput/WriteFailure`` soon after a write to the file fails, and what
  ///   ``encode(_:keepingValuesApart:)`` throws.
  static func encode(_ graph: ObjectGraph, keepingValuesApart: Bool, writingTo file: Int32)
    throws -> [String: Data]
  {
    let model = try checkedModel(graph)
    var builder = BinaryPlistBuilder(
      writingTo: file, distinctScalars: likelyDistinctScalars(graph),
      objects: estimatedCells(graph))
    let (root, externalValues) = try write(
      graph, model: model, keepingValuesApart: keepingValuesApart, into: &builder)
    try builder.finishWriting(top: root)
    return externalValues
  }

  /// The model of `graph` as the store writes it; throws when `graph` cannot be a store:
  /// objects of an entity the model does not define, or a property whose name holds a dot.
  private static func checkedModel(_ graph: ObjectGraph) throws -> PropertyList {
    let model = graph.model
    let modelNames = Set(model.entities.map(\.name))
    for (name, table) in graph.tables.sorted(by: { $0.key < $1.key })
    where !modelNames.contains(name) && table.count > 0 {
      throw StoreError.invalidObjects(
        entity: name, attribute: nil, row: nil,
        message: "\(table.count) objects of an entity the model does not define")
    }
    for entity in model.entities {
      for column in StoreColumn.columns(of: entity) where column.name.contains(".") {
        throw column.error(
          entity: entity.name, row: nil,
          "\(column.isRelationship ? "relationship" : "attribute") names in a store cannot "
            + "contain \".\"")
      }
    }
    let modelPlist = StoreModelCoding.encode(model)
    _ = try StoreModelCoding.decode(modelPlist)
    return modelPlist
  }

  /// About how many values and keys the file of `graph` holds: at most about as many objects.
  private static func estimatedCells(_ graph: ObjectGraph) -> Int {
    graph.model.entities.reduce(0) { $0 + graph.table($1.name).count * ($1.slotCount + 1) }
  }

  /// Writes `modelPlist` and every object of `graph` into `builder`; returns the root's
  /// index and the values kept apart.
  private static func write(
    _ graph: ObjectGraph, model modelPlist: PropertyList, keepingValuesApart: Bool,
    into builder: inout BinaryPlistBuilder
  ) throws -> (root: Int, externalValues: [String: Data]) {
    let model = graph.model
    let root = builder.reserveContainer()
    let rootKeys = ["format", "version", "model", "entities"].map { builder.string($0) }
    let format = builder.string(StoreCodec.formatName)
    let keepsValuesApart = keepingValuesApart && hasValuesToKeepApart(graph)
    let usesInheritance = model.entities.contains { $0.parent != nil || $0.isAbstract }
    let usesOrder = model.entities.contains { $0.relationships.contains(where: \.isOrdered) }
    let version = builder.integer(
      Int64(
        usesOrder
          ? StoreCodec.orderedRelationshipVersion
          : usesInheritance
            ? StoreCodec.inheritanceVersion
            : keepsValuesApart ? StoreCodec.externalDataVersion : StoreCodec.version))
    let modelIndex = try BinaryPropertyListWriter.write(modelPlist, into: &builder, depth: 1)
    let entities = builder.reserveContainer()
    var names: [Int] = []
    var entries: [Int] = []
    var writer = ValueWriter(builder: &builder, keepingValuesApart: keepsValuesApart)
    Interrupt.begin(
      "saving",
      steps: model.entities.reduce(0) {
        $0 + graph.table($1.name).count * StoreColumn.columns(of: $1).count
      })
    for entity in model.entities {
      names.append(builder.string(entity.name))
      entries.append(try writer.objects(of: entity, in: graph, into: &builder))
    }
    try builder.setDictionary(entities, keys: names, values: entries)
    try builder.setDictionary(
      root, keys: rootKeys, values: [format, version, modelIndex, entities])
    return (root, writer.externalValues)
  }

  /// About how many distinct scalars writing `graph` makes, to size the writer's table of
  /// them once: a row's worth for each column of strings, URIs, data, UUIDs, dates or
  /// decimals, whose values mostly differ (but none for a string column of at most 256
  /// distinct strings); numbers, Booleans and keys mostly repeat or are found without it.
  private static func likelyDistinctScalars(_ graph: ObjectGraph) -> Int {
    graph.model.entities.reduce(0) { total, entity in
      let table = graph.table(entity.name)
      guard table.count > 0, table.slotCount == entity.slotCount else { return total }
      let columns = StoreColumn.columns(of: entity)
      let varied = columns.indices.filter { c in
        switch columns[c].kind {
        case .string:
          let column = table.column(c)
          return !(column.kind == .strings && column.strings.encoding == .dictionary)
        case .uri, .binary, .opaque, .uuid, .date, .decimal: return true
        case .integer, .real, .bool, .color, .toOne, .toMany: return false
        }
      }
      return total + table.count * varied.count
    }
  }

  /// Whether some value of `graph` is to be kept in an external file, which decides the
  /// version written before any value is.
  private static func hasValuesToKeepApart(_ graph: ObjectGraph) -> Bool {
    graph.model.entities.contains { entity in
      let columns = StoreColumn.columns(of: entity)
      let external = columns.indices.filter { columns[$0].allowsExternalStorage }
      return !external.isEmpty
        && external.contains { c in
          let table = graph.table(entity.name)
          guard c < table.slotCount else { return false }
          let column = table.column(c)
          return (0..<table.count).contains { position in
            // Data kept as bytes is measured in place, not copied into a `Data` first.
            if column.kind == .data {
              return !column.isNull(at: position)
                && ExternalDataReference.isKeptApart(
                  length: column.strings.withUTF8(at: position) { $0.count }, in: columns[c])
            }
            guard case .data(let data) = column.value(at: position) else { return false }
            return ExternalDataReference.isKeptApart(data, in: columns[c])
          }
        }
    }
  }
}

/// Writes the objects of each entity in one pass over its rows, keeping one list of
/// references per column; a nil value becomes its column's placeholder, written once per
/// column when it is a scalar, and a value kept apart becomes its reference.
private struct ValueWriter {
  /// Why a value cannot be written in its column.
  struct Mismatch: Error {
    var message: String
  }

  private let colorKeys: [Int]
  /// The keys of a reference to a value kept apart; none when no value is.
  private let referenceKeys: [Int]
  private let keepsValuesApart: Bool
  /// The values kept apart, by their SHA-256.
  private(set) var externalValues: [String: Data] = [:]
  /// The references made so far, by the address and length of the value's bytes: rows that
  /// hold one `Data` (a value loaded once, or set on many objects) are hashed once. The
  /// graph keeps each such buffer alive while it is encoded, so an address cannot stand for
  /// other bytes.
  private var referenceByBuffer: [BufferIdentity: ExternalDataReference] = [:]

  private struct BufferIdentity: Hashable {
    var address: UInt
    var count: Int
  }

  init(builder: inout BinaryPlistBuilder, keepingValuesApart: Bool) {
    colorKeys = StoreValueEncoding.colorComponents.map { builder.string($0) }
    keepsValuesApart = keepingValuesApart
    referenceKeys =
      keepingValuesApart
      ? [ExternalDataReference.hashKey, ExternalDataReference.lengthKey].map { builder.string($0) }
      : []
  }

  /// The entry of one entity: `{nextKey, keys, columns}`.
  mutating func objects(
    of entity: Entity, in graph: ObjectGraph, into builder: inout BinaryPlistBuilder
  ) throws -> Int {
    let table = graph.table(entity.name)
    let columns = StoreColumn.columns(of: entity)
    let rowCount = table.count
    guard rowCount == 0 || table.slotCount == columns.count else {
      throw StoreError.invalidObjects(
        entity: entity.name, attribute: nil, row: 0,
        message: "the row has \(table.slotCount) values for \(columns.count) properties")
    }
    var columnKeys: [Int] = []
    var columnValues: [Int] = []
    var refs: [UInt32] = []
    refs.reserveCapacity(rowCount)
    for (c, column) in columns.enumerated() {
      refs.removeAll(keepingCapacity: true)
      var nulls: [UInt8]?
      if rowCount > 0 {
        var cells = Cells(
          of: table.column(c), kind: column.kind,
          mayKeepApart: keepsValuesApart && column.allowsExternalStorage)
        var placeholder: Int?
        for row in 0..<rowCount {
          try Interrupt.check(every: row)
          if row % Cells.warmedRows == 0 {
            try builder.checkWriting()
            cells.warm(rows: row..<min(row + Cells.warmedRows, rowCount), into: &builder)
          }
          let written: Int?
          do {
            written = try cells.index(
              at: row, writer: &self, in: columns, c, graph: graph, into: &builder)
          } catch let mismatch as Mismatch {
            throw column.error(entity: entity.name, row: row, mismatch.message)
          }
          if let written {
            refs.append(try BinaryPlistBuilder.reference(written))
            continue
          }
          if nulls == nil { nulls = [UInt8](repeating: 0, count: (rowCount + 7) / 8) }
          nulls?[row / 8] |= 1 << UInt8(row % 8)
          let index: Int
          if let placeholder {
            index = placeholder
          } else {
            index = try self.placeholder(for: column.kind, into: &builder)
            if column.kind != .color, column.kind != .toMany { placeholder = index }
          }
          refs.append(try BinaryPlistBuilder.reference(index))
        }
      }
      columnKeys.append(builder.string(column.name))
      let array = builder.reserveContainer()
      builder.setArray(array, elements: refs)
      columnValues.append(array)
      if let nulls {
        columnKeys.append(builder.string(column.nullsKey))
        columnValues.append(nulls.withUnsafeBytes { builder.data($0) })
      }
    }
    let columnsIndex = builder.reserveContainer()
    try builder.setDictionary(columnsIndex, keys: columnKeys, values: columnValues)
    let keys = builder.reserveContainer()
    var keyRefs: [UInt32] = []
    keyRefs.reserveCapacity(rowCount)
    for key in table.keys { keyRefs.append(try BinaryPlistBuilder.reference(builder.integer(key))) }
    builder.setArray(keys, elements: keyRefs)
    let entry = builder.reserveContainer()
    var entryKeys = ["nextKey", "keys", "columns"].map { builder.string($0) }
    var entryValues = [builder.integer(table.nextKey), keys, columnsIndex]
    if let indexes = StoreIndexCoding.encode(graph.indexesToStore(of: entity.name)) {
      entryKeys.append(builder.string(StoreIndexCoding.key))
      entryValues.append(try BinaryPropertyListWriter.write(indexes, into: &builder, depth: 3))
    }
    try builder.setDictionary(entry, keys: entryKeys, values: entryValues)
    return entry
  }

  /// The index of a non-nil value written in `column`'s form, or nil when it is to be
  /// written as nil: `.null`, or a to-one whose object no longer exists. An integer in a
  /// Double, Float or Decimal column is written as that type; references to objects that no
  /// longer exist (a `noAction` delete rule leaves them) are left out, and a to-many lists
  /// each object once.
  ///
  /// `kind` is `columns[c].kind`, passed apart so that the common cases touch no strings.
  mutating func value(
    _ value: Value, _ kind: StoreColumn.Kind, in columns: [StoreColumn], _ c: Int,
    graph: ObjectGraph, into builder: inout BinaryPlistBuilder
  ) throws -> Int? {
    switch (kind, value) {
    case (_, .null): return nil
    case (.string, .string(let s)): return builder.string(s)
    case (.integer, .int(let i)): return try integer(i, in: columns[c], into: &builder)
    case (.real, .double(let d)): return builder.real(d)
    case (.real, .int(let i)): return builder.real(Double(i))
    case (.decimal, .decimal(let d)): return builder.string(d.description)
    case (.decimal, .int(let i)): return builder.string(String(i))
    case (.bool, .bool(let b)): return builder.bool(b)
    case (.date, .date(let d)): return try date(d.timeIntervalSinceReferenceDate, into: &builder)
    case (.binary, .data(let d))
    where keepsValuesApart && ExternalDataReference.isKeptApart(d, in: columns[c]):
      return try reference(to: d, into: &builder)
    case (.binary, .data(let d)), (.opaque, .data(let d)):
      return d.withUnsafeBytes { builder.data($0) }
    case (.uuid, .uuid(let u)): return withUnsafeBytes(of: u.uuid) { builder.data($0) }
    case (.uri, .uri(let u)): return builder.string(u.absoluteString)
    case (.color, .color(let c)): return try color(c, into: &builder)
    case (.toOne, .object(let id))
    where graph.model.entity(id.entity, isKindOf: columns[c].destination):
      return graph.contains(id) ? builder.integer(id.key) : nil
    case (.toMany, .collection(let members)):
      let destination = columns[c].destination
      var keys: [Int64] = []
      var listed: Set<Int64> = []
      for member in members {
        guard case .object(let id) = member, graph.model.entity(id.entity, isKindOf: destination)
        else {
          throw Mismatch(
            message: "\(member.kindName) value \(member.literalText) cannot be stored in a "
              + "to-many relationship to \(destination)")
        }
        if graph.contains(id), listed.insert(id.key).inserted { keys.append(id.key) }
      }
      let refs = keys.map { builder.integer($0) }
      let array = builder.reserveContainer()
      builder.beginArray(array, count: refs.count)
      for ref in refs { try builder.addReference(ref) }
      return array
    default:
      throw Mismatch(
        message: "\(value.kindName) value \(value.literalText) cannot be stored as "
          + columns[c].typeName)
    }
  }

  /// The index of an integer of `column`, which must be in its range.
  func integer(_ i: Int64, in column: StoreColumn, into builder: inout BinaryPlistBuilder)
    throws -> Int
  {
    let range = column.integerRange
    guard range.contains(i) else {
      throw Mismatch(
        message: "the integer \(i) is outside the range of \(column.typeName) "
          + "(\(range.lowerBound)...\(range.upperBound))")
    }
    return builder.integer(i)
  }

  /// The index of a date, `seconds` since the reference date, which must be finite.
  func date(_ seconds: Double, into builder: inout BinaryPlistBuilder) throws -> Int {
    guard let index = try? builder.date(seconds) else {
      throw Mismatch(message: "a date must be a finite number of seconds")
    }
    return index
  }

  private func color(_ color: Color, into builder: inout BinaryPlistBuilder) throws -> Int {
    let red = builder.integer(Int64(color.red))
    let green = builder.integer(Int64(color.green))
    let blue = builder.integer(Int64(color.blue))
    let dictionary = builder.reserveContainer()
    // Entry by entry, so that no array is made for each row's color.
    builder.beginDictionary(dictionary, count: 3)
    for key in colorKeys { try builder.addReference(key) }
    try builder.addReference(red)
    try builder.addReference(green)
    try builder.addReference(blue)
    return dictionary
  }

  /// The reference `{external, length}` standing for `data` in its column; the data goes
  /// to ``externalValues``.
  private mutating func reference(to data: Data, into builder: inout BinaryPlistBuilder) throws
    -> Int
  {
    let identity = data.withUnsafeBytes {
      BufferIdentity(address: UInt(bitPattern: $0.baseAddress), count: $0.count)
    }
    let reference = referenceByBuffer[identity] ?? ExternalDataReference(to: data)
    referenceByBuffer[identity] = reference
    externalValues[reference.hash] = data
    let hash = builder.string(reference.hash)
    let length = builder.integer(Int64(reference.length))
    let dictionary = builder.reserveContainer()
    try builder.setDictionary(dictionary, keys: referenceKeys, values: [hash, length])
    return dictionary
  }

  /// The placeholder a nil row holds in a column of `kind`.
  private func placeholder(for kind: StoreColumn.Kind, into builder: inout BinaryPlistBuilder)
    throws -> Int
  {
    switch kind {
    case .string, .uri: return builder.string("")
    case .integer, .toOne: return builder.integer(0)
    case .real: return builder.real(0)
    case .decimal: return builder.string("0")
    case .bool: return builder.bool(false)
    case .date: return try builder.date(0)
    case .binary, .opaque: return builder.data(UnsafeRawBufferPointer(start: nil, count: 0))
    case .uuid: return [UInt8](repeating: 0, count: 16).withUnsafeBytes { builder.data($0) }
    case .color: return try color(Color(red: 0, green: 0, blue: 0), into: &builder)
    case .toMany:
      let array = builder.reserveContainer()
      builder.setArray(array, elements: [UInt32]())
      return array
    }
  }
}

/// The values of one column of a table, written (or found) one row at a time: read in place
/// from the column's typed storage where it has the form the store column wants (a string
/// as its UTF-8 bytes, a number unboxed), and as a ``Value`` otherwise.
private struct Cells {
  let column: Column
  let kind: StoreColumn.Kind
  /// The index written for each code of a string column kept as a dictionary, once its
  /// string is written.
  private var indexByCode: [Int?]

  /// Whether values of the column may be kept in external files, and so are read as
  /// ``Value``s, whose buffers name them.
  private let mayKeepApart: Bool

  init(of column: Column, kind: StoreColumn.Kind, mayKeepApart: Bool) {
    self.column = column
    self.kind = kind
    self.mayKeepApart = mayKeepApart
    let coded = kind == .string && column.kind == .strings && column.strings.encoding == .dictionary
    indexByCode = coded ? Array(repeating: nil, count: StringColumn.dictionaryLimit) : []
  }

  /// The rows whose values are warmed at once (``warm(rows:into:)``): about as many misses
  /// as a processor keeps waiting for together.
  static let warmedRows = 8

  /// Brings into the cache the slots where the writer's table of scalars finds the values
  /// of `rows`, for the columns whose values mostly differ and are read in place (strings,
  /// URIs, data, dates, UUIDs): read together, the slots of a table larger than the cache
  /// are waited for once for all the rows instead of once a row as each value is written.
  func warm(rows: Range<Int>, into builder: inout BinaryPlistBuilder) {
    withUnsafeTemporaryAllocation(of: Int.self, capacity: rows.count) { gathered in
      var count = 0
      func gather(_ slot: Int?) {
        guard let slot else { return }
        gathered[count] = slot
        count += 1
      }
      switch (kind, column.kind) {
      case (.string, .strings) where indexByCode.isEmpty, (.uri, .uris):
        for row in rows {
          gather(column.strings.withUTF8(at: row) { builder.warmingSlot(string: $0) })
        }
      case (.binary, .data) where !mayKeepApart, (.opaque, .data) where !mayKeepApart:
        for row in rows {
          gather(
            column.strings.withUTF8(at: row) {
              builder.warmingSlot(data: UnsafeRawBufferPointer($0))
            })
        }
      case (.date, .dates):
        for row in rows { gather(builder.warmingSlot(date: column.reals[row])) }
      case (.uuid, .values):
        for row in rows {
          guard case .uuid(let uuid) = column.value(at: row) else { continue }
          gather(withUnsafeBytes(of: uuid.uuid) { builder.warmingSlot(data: $0) })
        }
      default:
        return
      }
      builder.warm(UnsafeBufferPointer(rebasing: gathered[..<count]))
    }
  }

  /// The index of the value at `row` in the store column `columns[c]` (see
  /// ``ValueWriter/value(_:_:in:_:graph:into:)``), nil when it is written as nil.
  mutating func index(
    at row: Int, writer: inout ValueWriter, in columns: [StoreColumn], _ c: Int,
    graph: ObjectGraph, into builder: inout BinaryPlistBuilder
  ) throws -> Int? {
    switch (kind, column.kind) {
    case (_, .nulls): return nil
    case (.string, .strings), (.real, .reals), (.date, .dates), (.bool, .booleans),
      (.integer, .integers), (.uri, .uris):
      if column.isNull(at: row) { return nil }
    case (.binary, .data), (.opaque, .data):
      if mayKeepApart { fallthrough }
      if column.isNull(at: row) { return nil }
    default:
      return try writer.value(
        column.value(at: row), kind, in: columns, c, graph: graph, into: &builder)
    }
    switch column.kind {
    case .strings where !indexByCode.isEmpty:
      let code = Int(column.strings.codes[row])
      if let index = indexByCode[code] { return index }
      let index = column.strings.withUTF8(at: row) { builder.string(utf8: $0) }
      indexByCode[code] = index
      return index
    case .strings, .uris: return column.strings.withUTF8(at: row) { builder.string(utf8: $0) }
    case .data:
      return column.strings.withUTF8(at: row) { builder.data(UnsafeRawBufferPointer($0)) }
    case .reals: return builder.real(column.reals[row])
    case .dates: return try writer.date(column.reals[row], into: &builder)
    case .booleans: return builder.bool(column.booleans[row])
    default: return try writer.integer(column.integers[row], in: columns[c], into: &builder)
    }
  }
}
