import Foundation

/// Reads the bytes of a store file straight into an ``ObjectGraph`` (layout in
/// ``StoreCodec``), with no property-list tree in between.
///
/// Every object the store's layout names is read with the checks of
/// ``BinaryPlistScanner`` as it is met, and everything else reachable (the model, keys this
/// bowq does not know, the placeholders of nil rows) is checked by the same
/// ``BinaryPlistTraversal`` the tree reader uses, with the store's containers on its path:
/// a file is accepted only if ``BinaryPropertyListReader`` would accept it, but for an
/// offset-table entry no object refers to: the table is checked where references lead
/// (``BinaryPlistScanner/OffsetCheck/whenReferenced``), so that opening a store of millions
/// of objects does not read all of it, and a save writes only the objects referred to.
/// When anything is wrong, the whole file is checked as a property list first, so a
/// damaged file is reported exactly as the tree reader reports it, and only a valid
/// property list gets a ``StoreError``.
///
/// A store is opened first (``withOpened(_:externalData:releaseInput:order:_:)``): the root,
/// the model and every entity's column layout are checked, and no key or value is read.
/// Each entity's keys and columns are then decoded when asked for, all of them
/// (``decodeEntity(named:into:)``) or some (``decodeKeys(ofEntityNamed:)``,
/// ``decodeColumns(_:ofEntityNamed:)``), with every check of their values, so damaged keys or
/// a damaged column are reported when first read; a relationship column reads the keys of
/// the entities it may point to. ``decode(_:externalData:releaseInput:order:)`` asks for
/// every entity.
///
/// Each entity's rows are decoded straight into its columns (``ColumnBuilder``), in runs, by
/// one worker per processor for large tables (see ``decodeColumns(of:)``):
/// integers, reals, Booleans and dates unboxed, strings as UTF-8 bytes copied from the
/// file, with no ``Value`` made for them. A value that stays boxed (data, a URI, a color,
/// a to-many…) met a second time in a column is decoded once more and then remembered, so
/// values that repeat share storage, however often a hostile file refers to one object. A
/// file whose columns would describe more values than it has bytes (only possible when
/// columns share arrays, which no writer does) is refused before any row is built.
///
/// In a version 2 store, a value of an `external` attribute may be a reference to a file
/// (``ExternalDataReference``), which is read from the store's ``ExternalDataFolder`` and
/// checked against its length and hash; each file is read once, whichever worker meets it
/// first, and rows that hold the same value share its bytes.
struct StoreDecoder {
  private let scanner: BinaryPlistScanner
  private let externalData: ExternalDataFolder?
  /// Whether the store's version allows references to external files.
  private var readsReferences = false
  /// The values read from external files, shared by the workers.
  private let keptApart = ExternalValues()
  private var traversal: BinaryPlistTraversal
  /// Objects met at least once as a column value.
  private var seen: PagedBitSet
  /// Values of objects met more than once, by object and column.
  private var remembered: [MemoKey: Value] = [:]
  /// The key objects of the colors read so far.
  private var colorKeys = ColorKeys()
  /// Room for a UTF-16 string's bytes transcoded to UTF-8.
  private var scratch: [UInt8] = []
  /// The entities each relationship column may point to, back to back: a column's plan
  /// names its range (``ColumnPlan/destinations``), so that a plan holds no array and
  /// reading a cell retains nothing.
  private var destinationLists: [Int] = []
  /// The columns (by ``ColumnPlan/serial``) whose strings a run of this decoder found too
  /// many to keep in a dictionary, or that hold data: its later runs keep them as spans from
  /// the first row, with room for the bytes a row took in the last run
  /// (``ColumnBuilder/bytesPerRow``). The runs before a later one are joined before it, so
  /// the column is plain by then.
  private var plainColumns: [Int: Int] = [:]
  /// Called now and then as runs of rows are decoded, on one of the decoding threads and never
  /// on two at once, when the bytes are a file mapping whose pages can be let go
  /// (``LeasedFileMapping/releaseResidentPages()``).
  private var releaseInput: (() -> Void)?
  /// The order the cells of a run of rows are read in.
  private var order = Order.byColumn
  /// The model of the opened store (``withOpened(_:externalData:releaseInput:order:_:)``).
  private(set) var model = Model()
  /// Where each entity's objects are, in model order, once the store is opened.
  private var layouts: [EntityLayout] = []
  /// The keys of each entity, in model order, once read (``keys(ofEntityAt:)``): what
  /// relationship values must name.
  private var keys: [EntityKeys?] = []
  /// The names of the model's entities, in order.
  private var names: [String] = []
  /// Called with the entity and column of each column decoded, once its values are all
  /// read and checked: shows which columns a reading of the store decoded.
  var decodedColumn: ((_ entity: String, _ column: String) -> Void)?

  /// The order the cells of a run of rows are read in: both give the same graph and the
  /// same error (see ``run(_:of:keySets:names:)``).
  enum Order {
    /// Column after column, reading a row by row again only when that fails: the fast way.
    case byColumn
    /// Row after row, each row's cells in column order: the reference the other is
    /// checked against.
    case byRow
  }

  private struct MemoKey: Hashable {
    var object: Int
    var column: Int
  }

  /// The graph a store file's bytes hold, with values kept apart read from `externalData`
  /// (nil: a reference is an error).
  ///
  /// - Parameters:
  ///   - releaseInput: called now and then while rows are decoded, to let the memory of
  ///     bytes already read go (any byte may still be read again afterwards).
  ///   - order: the order rows' cells are read in, which changes only the speed.
  static func decode(
    _ data: Data, externalData: ExternalDataFolder?, releaseInput: (() -> Void)? = nil,
    order: Order = .byColumn
  ) throws -> ObjectGraph {
    try withOpened(data, externalData: externalData, releaseInput: releaseInput, order: order) {
      store in try store.decodeGraph()
    }
  }

  /// Opens the store a file's bytes hold, checking its trailer and layout (the model, every
  /// entity's keys, and the form of every column and null bitmap) but no value, and gives
  /// it to `body`, which decodes the entities it needs (``decodeEntity(named:into:)``),
  /// each when it wants, so that a damaged column is found when it is first read. What
  /// either throws is reported as ``decode(_:externalData:releaseInput:order:)`` reports it:
  /// a file that is not a valid property list as the tree reader would report it.
  static func withOpened<T>(
    _ data: Data, externalData: ExternalDataFolder?, releaseInput: (() -> Void)? = nil,
    order: Order = .byColumn, _ body: (inout StoreDecoder) throws -> T
  ) throws -> T {
    try data.withUnsafeBytes { bytes in
      var decoder = try open(
        bytes, externalData: externalData, releaseInput: releaseInput, order: order)
      return try decoder.reportingDamage { try body(&decoder) }
    }
  }

  /// The store in `bytes`, opened as ``withOpened(_:externalData:releaseInput:order:_:)``
  /// opens it, for a caller that keeps the bytes in place for as long as it uses the
  /// decoder; what the decoder throws later goes through ``reportingDamage(_:)``.
  static func open(
    _ bytes: UnsafeRawBufferPointer, externalData: ExternalDataFolder?,
    releaseInput: (() -> Void)? = nil, order: Order = .byColumn
  ) throws -> StoreDecoder {
    var decoder = StoreDecoder(
      try BinaryPlistScanner(bytes, offsets: .whenReferenced), externalData: externalData)
    decoder.releaseInput = releaseInput
    decoder.order = order
    try decoder.reportingDamage { try decoder.openStore() }
    return decoder
  }

  /// Runs `body`, which reads the store; when it throws, checks the whole file as a property
  /// list first, so that a damaged file is reported as the tree reader reports it and only
  /// a valid property list gets `body`'s error.
  func reportingDamage<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      try scanner.checkEveryOffset()
      var check = BinaryPlistTraversal(scanner)
      try check.validate(scanner.topObject, at: nil)
      throw error
    }
  }

  private init(_ scanner: BinaryPlistScanner, externalData: ExternalDataFolder?) {
    self.scanner = scanner
    self.externalData = externalData
    traversal = BinaryPlistTraversal(scanner)
    seen = PagedBitSet(capacity: scanner.objectCount)
  }

  // MARK: Dictionaries

  /// A reference from a dictionary or array: the object, and where the reference is.
  private struct Reference {
    var object: Int
    var at: Int
  }

  /// A dictionary the decoder reads by key, already on the traversal's path.
  private struct Entries {
    var keys: [String]
    var values: [Reference]
    var entryByKey: [String: Int]

    subscript(key: String) -> Reference? {
      entryByKey[key].map { values[$0] }
    }
  }

  /// Puts the dictionary `object` on the path and reads its keys and value references.
  private mutating func open(_ object: Int, at refAt: Int?) throws -> Entries {
    try traversal.enter(object, at: refAt)
    let (count, refsStart, _) = try scanner.container(object)
    let (keys, entryByKey) = try scanner.dictionaryKeys(
      of: object, refsStart: refsStart, count: count)
    var values: [Reference] = []
    values.reserveCapacity(count)
    for entry in 0..<count {
      let at = refsStart + (count + entry) * scanner.refSize
      values.append(Reference(object: try scanner.reference(at: at, in: object), at: at))
    }
    return Entries(keys: keys, values: values, entryByKey: entryByKey)
  }

  /// Checks the values of the keys the layout does not define, which readers ignore.
  private mutating func checkOthers(_ entries: Entries, known: Set<String>) throws {
    for (key, value) in zip(entries.keys, entries.values) where !known.contains(key) {
      try traversal.validate(value.object, at: value.at)
    }
  }

  private func kind(_ object: Int) -> String {
    BinaryPlistScanner.kindName(scanner.marker(of: object))
  }

  private func isKind(_ reference: Reference?, _ kind: UInt8) -> Bool {
    reference.map { scanner.marker(of: $0.object) >> 4 == kind } ?? false
  }

  /// A short description of a value found where something else was expected.
  private func describe(_ reference: Reference?) -> String {
    guard let object = reference?.object else { return "nothing" }
    switch scanner.marker(of: object) >> 4 {
    case 0x5, 0x6:
      if let text = try? scanner.string(object) { return "the string \(Value.quoted(text))" }
    case 0x1:
      if let (value, isUnsigned) = try? scanner.integer(object), !isUnsigned {
        return "the integer \(value)"
      }
    default: break
    }
    return kind(object)
  }

  // MARK: Root

  /// Checks the root, the model and every entity's layout, and keeps the layouts for
  /// ``decodeEntity(named:into:)``; the root and entities dictionaries stay on the
  /// traversal's path.
  private mutating func openStore() throws {
    let top = scanner.topObject
    guard scanner.marker(of: top) >> 4 == 0xD else {
      throw StoreError.notAStore("the top level is \(kind(top)), not a dictionary")
    }
    let root = try open(top, at: nil)
    guard let format = root["format"] else {
      throw StoreError.notAStore("the top-level dictionary has no \"format\" key")
    }
    guard isKind(format, 0x5) || isKind(format, 0x6),
      try scanner.string(format.object) == StoreCodec.formatName
    else {
      throw StoreError.notAStore(
        "\"format\" is \(describe(format)), not \(Value.quoted(StoreCodec.formatName))")
    }
    guard let versionEntry = root["version"] else {
      throw StoreError.notAStore("the top-level dictionary has no \"version\" key")
    }
    guard isKind(versionEntry, 0x1) else {
      throw StoreError.notAStore(
        "\"version\" must be an integer, found \(describe(versionEntry))")
    }
    let (version, isUnsigned) = try scanner.integer(versionEntry.object)
    guard !isUnsigned,
      (Int64(StoreCodec.version)...Int64(StoreCodec.orderedRelationshipVersion)).contains(version)
    else {
      throw StoreError.unsupportedVersion(
        found: isUnsigned ? .max : version, supported: StoreCodec.orderedRelationshipVersion)
    }
    readsReferences = version >= Int64(StoreCodec.externalDataVersion)
    let modelPlist = try root["model"].map { try traversal.decode($0.object, at: $0.at) }
    let model = try StoreModelCoding.decode(modelPlist)
    guard let objects = root["entities"], isKind(objects, 0xD) else {
      throw StoreError.invalidModel(
        location: "entities",
        message: "expected a dictionary of objects by entity, found \(describe(root["entities"]))")
    }
    try checkOthers(root, known: ["format", "version", "model", "entities"])
    let entities = try open(objects.object, at: objects.at)
    for name in entities.keys where model.entity(named: name) == nil {
      throw StoreError.invalidObjects(
        entity: name, attribute: nil, row: nil,
        message: "the model does not define this entity."
          + NameSuggestion.hint(for: name, among: model.entities.map(\.name)))
    }
    var serial = 0
    let positions = Dictionary(
      uniqueKeysWithValues: model.entities.enumerated().map { ($1.name, $0) })
    // A relationship may point to an object of its destination or of a sub-entity of it.
    let entityIndex = positions.mapValues { position in
      model.hierarchy(of: model.entities[position].name).compactMap { positions[$0.name] }
    }
    for entity in model.entities {
      guard let entry = entities[entity.name] else {
        throw StoreError.invalidObjects(
          entity: entity.name, attribute: nil, row: nil,
          message: "the store has no objects entry for this entity")
      }
      layouts.append(
        try layout(
          of: entity, at: entry, position: layouts.count, firstSerial: serial,
          entityIndex: entityIndex))
      serial += entity.slotCount
    }
    var values = 0
    for layout in layouts {
      let (cells, overflow) = layout.rowCount.multipliedReportingOverflow(
        by: layout.columns.count + 1)
      values = overflow ? Int.max : values.addingReportingOverflow(cells).partialValue
      guard !overflow, values >= cells, values <= scanner.length else {
        throw StoreError.invalidObjects(
          entity: layout.entity.name, attribute: nil, row: nil,
          message: "the store describes more values than its \(scanner.length) bytes can hold "
            + "(its columns share arrays)")
      }
    }
    keys = Array(repeating: nil, count: layouts.count)
    names = model.entities.map(\.name)
    self.model = model
  }

  /// The graph of the opened store: every entity decoded (``decodeEntity(named:into:)``).
  mutating func decodeGraph() throws -> ObjectGraph {
    var graph = ObjectGraph(model: model)
    try HeapGrowth.inLargeSteps {
      for entity in model.entities { try decodeEntity(named: entity.name, into: &graph) }
    }
    return graph
  }

  /// The graph of the opened store with no key or value read: every entity's next key and
  /// kept indexes, its keys and columns still in the file (``EntityTable/keysInFile``,
  /// ``EntityTable/undecoded``), which ``decodeKeys(ofEntityNamed:)`` and
  /// ``decodeColumns(_:ofEntityNamed:)`` decode when they are needed.
  ///
  /// The kept indexes' positions are read when first needed, by `readIndex` (nil: they
  /// can no longer be read).
  func undecodedGraph(
    readIndex: @escaping @Sendable (StoreIndexCoding.Location) -> StoredIndex.Entries?
  ) -> ObjectGraph {
    var graph = ObjectGraph(model: model)
    for layout in layouts {
      let name = layout.entity.name
      if layout.rowCount > 0 {
        graph.tables[name] = EntityTable(
          undecodedKeys: layout.rowCount, undecodedSlots: layout.plans.count)
      }
      graph.reserveKeys(in: name, below: layout.nextKey)
      graph.adoptStoredIndexes(
        layout.indexes.map { kept in
          StoredIndex(definition: kept.definition, rowCount: kept.objects) {
            readIndex(kept.location)
          }
        }, of: name)
    }
    return graph
  }

  /// Decodes the rows of the entity `name` of the opened store into its columns, with every
  /// check of its values, and puts its table, next key and kept indexes into `graph`.
  /// Decoding an entity again decodes it again; an entity the model does not define is
  /// passed over.
  mutating func decodeEntity(named name: String, into graph: inout ObjectGraph) throws {
    guard let position = names.firstIndex(of: name) else { return }
    let layout = layouts[position]
    let columns = try decodeColumns(of: layout)
    if layout.rowCount > 0 {
      let keys = try keys(ofEntityAt: position)
      graph.tables[name] = EntityTable(
        keys: keys.keys, columns: columns, keysAscend: keys.set.keysAscend)
    }
    graph.reserveKeys(in: name, below: layout.nextKey)
    graph.adoptStoredIndexes(
      layout.indexes.compactMap { kept in
        keptEntries(at: kept.location).map {
          StoredIndex(definition: kept.definition, rowCount: kept.objects, entries: $0)
        }
      }, of: name)
  }

  /// The columns of `slots` (positions among the attributes and then relationships of the
  /// entity `name`) of the opened store, in that order, decoded with every check of their
  /// values: a damaged one throws the error loading the store gives for it, with the same
  /// message, column and row. Slots past the entity's are passed over; nil when the model
  /// defines no such entity.
  mutating func decodeColumns(_ slots: [Int], ofEntityNamed name: String) throws -> [Column]? {
    guard let layout = layout(of: slots, ofEntityNamed: name) else { return nil }
    return try decodeColumns(of: layout)
  }

  /// What `part` makes of the columns of `slots` of the entity `name` (as
  /// ``decodeColumns(_:ofEntityNamed:)`` reads them), handed to it a run of rows at a time,
  /// joined to `joined` with `append` in row order: the columns of a run are let go once
  /// `part` is done with them, so no column is ever held whole. The runs are read on several
  /// threads; a damaged value, or an error `part` throws, ends the reading with the error
  /// of the first failing run in row order. Nil when the model defines no such entity.
  mutating func readRuns<Part, Joined>(
    _ slots: [Int], ofEntityNamed name: String, into joined: Joined,
    part: @escaping (Range<Int>, [Column]) throws -> Part,
    append: @escaping (inout Joined, Part) -> Void
  ) throws -> Joined? {
    guard let layout = layout(of: slots, ofEntityNamed: name) else { return nil }
    return try decodeRuns(
      of: layout, into: joined,
      part: { rows, columns in try part(rows, columns.map { $0.column() }) }, append: append)
  }

  /// The layout of the entity `name` reduced to the columns of `slots`, in that order; slots
  /// past the entity's are passed over. Nil when the model defines no such entity.
  private func layout(of slots: [Int], ofEntityNamed name: String) -> EntityLayout? {
    guard var layout = layouts.first(where: { $0.entity.name == name }) else { return nil }
    let slots = slots.filter(layout.plans.indices.contains)
    layout.plans = slots.map { layout.plans[$0] }
    layout.columns = slots.map { layout.columns[$0] }
    return layout
  }

  /// The values of the object at row `position` of the entity `name`, in slot order, read
  /// with every check decoding their columns makes of them, without decoding a column
  /// whole; nil when the model defines no such entity or it has no such row.
  mutating func decodeRow(_ position: Int, ofEntityNamed name: String) throws -> [Value]? {
    guard let layout = layouts.first(where: { $0.entity.name == name }),
      (0..<layout.rowCount).contains(position)
    else { return nil }
    let planned = try readingKeys(for: layout)
    // The row is read by a copy of the decoder: what a run learns of its columns
    // (``plainColumns``) is no guide to the runs of a whole column when the run is one row.
    var reader = self
    try reader.traversal.enter(planned.entry.object, at: planned.entry.at)
    try reader.traversal.enter(planned.columnsDictionary.object, at: planned.columnsDictionary.at)
    let keySets = keys.map { $0?.set ?? StoreKeySet(ascending: []) }
    return try reader.run(position..<position + 1, of: planned, keySets: keySets, names: names)
      .map { $0.column().value(at: 0) }
  }

  /// The keys of the entity `name` of the opened store, in row order, read with every check
  /// of them the first time they are asked for, and whether they ascend; nil when the model
  /// defines no such entity.
  mutating func decodeKeys(ofEntityNamed name: String) throws -> (keys: [Int64], ascend: Bool)? {
    guard let position = names.firstIndex(of: name) else { return nil }
    let keys = try keys(ofEntityAt: position)
    return (keys.keys, keys.set.keysAscend)
  }

  // MARK: Entities

  /// Where one entity's objects are in the file, checked except for their keys and values.
  private struct EntityLayout {
    var entity: Entity
    var entry: Reference
    var columnsDictionary: Reference
    var nextKey: Int64
    /// The keys array, whose references start at `keysStart`.
    var keysArray: Reference
    var keysStart: Int
    /// The number of objects: of keys, and of values in each column.
    var rowCount: Int
    /// The entity's position in the model.
    var position: Int
    /// The keys, read before decoding a column that may name external files, whose errors
    /// name the object by its key; empty otherwise.
    var keysNamingErrors: [Int64] = []
    var columns: [StoreColumn]
    var plans: [ColumnPlan]
    /// The indexes the file keeps for the entity (``StoreIndexCoding``).
    var indexes: [KeptIndex]
  }

  /// An index the file keeps, as declared in its entry, with where its positions are.
  struct KeptIndex {
    var definition: IndexDefinition
    var objects: Int
    var location: StoreIndexCoding.Location
  }

  /// How to read one column, in plain values only, so reading a value retains nothing.
  private struct ColumnPlan {
    var kind: StoreColumn.Kind
    /// Unique across the store's columns, for remembering values.
    var serial: Int
    var array: Reference
    var refsStart: Int
    /// The position of the null bitmap's bytes, or -1 without one.
    var nullsStart = -1
    /// The range of an integer column.
    var low = Int64.min
    var high = Int64.max
    /// Where in ``StoreDecoder/destinationLists`` the indexes in the model of a
    /// relationship's destination entity and of the entities that inherit from it are, the
    /// destination first.
    var destinations = 0..<0
    /// Whether a value may be a reference to an external file.
    var readsReferences = false

    /// Whether a value met again is remembered (``StoreDecoder/recall(_:_:)``), so that the
    /// order the column's cells are read in decides which rows share its storage.
    var remembersRepeats: Bool {
      switch kind {
      case .decimal, .binary, .opaque, .toMany: return true
      case .integer, .real, .bool, .date, .string, .uuid, .toOne, .uri, .color: return false
      }
    }

    /// The form of the column the values go into.
    var form: ColumnKind {
      switch kind {
      case .integer: return .integers
      case .real: return .reals
      case .bool: return .booleans
      case .date: return .dates
      case .string: return .strings
      case .binary, .opaque: return .data
      case .uri: return .uris
      case .color: return .colors
      case .decimal, .uuid, .toOne, .toMany: return .values
      }
    }
  }

  private mutating func layout(
    of entity: Entity, at reference: Reference, position: Int, firstSerial: Int,
    entityIndex: [String: [Int]]
  ) throws -> EntityLayout {
    func failure(_ row: Int?, _ message: String) -> StoreError {
      StoreError.invalidObjects(entity: entity.name, attribute: nil, row: row, message: message)
    }
    guard isKind(reference, 0xD) else {
      throw failure(nil, "expected a dictionary, found \(kind(reference.object))")
    }
    let entry = try open(reference.object, at: reference.at)
    guard let nextKeyEntry = entry["nextKey"], isKind(nextKeyEntry, 0x1),
      case let (nextKey, false) = try scanner.integer(nextKeyEntry.object), nextKey >= 1
    else {
      throw failure(
        nil, "\"nextKey\" must be a positive integer, found \(describe(entry["nextKey"]))")
    }
    guard let keysEntry = entry["keys"], isKind(keysEntry, 0xA) else {
      throw failure(nil, "\"keys\" must be an array of integers, found \(describe(entry["keys"]))")
    }
    try traversal.enter(keysEntry.object, at: keysEntry.at)
    let (count, keysStart, _) = try scanner.container(keysEntry.object)
    traversal.leave()
    guard let columnsEntry = entry["columns"], isKind(columnsEntry, 0xD) else {
      throw failure(nil, "\"columns\" must be a dictionary, found \(describe(entry["columns"]))")
    }
    let columnsDictionary = try open(columnsEntry.object, at: columnsEntry.at)
    let properties = entity.propertyNames
    for name in columnsDictionary.keys {
      let property =
        name.hasSuffix(StoreCodec.nullsSuffix)
        ? String(name.dropLast(StoreCodec.nullsSuffix.count)) : name
      guard properties.contains(property) else {
        let what = entity.relationships.isEmpty ? "attribute" : "attribute or relationship"
        throw StoreError.invalidObjects(
          entity: entity.name, attribute: name, row: nil,
          message: "the model has no such \(what)."
            + NameSuggestion.hint(for: property, among: properties))
      }
    }
    let columns = StoreColumn.columns(of: entity)
    var plans: [ColumnPlan] = []
    for (c, column) in columns.enumerated() {
      plans.append(
        try plan(
          column, serial: firstSerial + c, in: columnsDictionary, rows: count,
          entity: entity.name, entityIndex: entityIndex))
      // Checking a column's form touches the start of its array and its null bitmap, spread
      // over the file; the kernel maps the whole cached folio around each (up to megabytes of
      // a freshly written file), so they are let go column by column, not at the open's end.
      releaseInput?()
    }
    traversal.leave()
    try checkOthers(entry, known: ["nextKey", "keys", "columns", StoreIndexCoding.key])
    let indexes = try entry[StoreIndexCoding.key].map { try keptIndexes(in: $0, of: entity) }
    traversal.leave()
    return EntityLayout(
      entity: entity, entry: reference, columnsDictionary: columnsEntry, nextKey: nextKey,
      keysArray: keysEntry, keysStart: keysStart, rowCount: count, position: position,
      columns: columns, plans: plans, indexes: indexes ?? [])
  }

  /// An entity's keys in row order, and the set of them.
  private struct EntityKeys {
    var keys: [Int64]
    var set: StoreKeySet
  }

  /// The keys of the entity at `position` in the model, read and checked (each an integer
  /// from 1 to `nextKey - 1`, none twice) the first time they are asked for.
  private mutating func keys(ofEntityAt position: Int) throws -> EntityKeys {
    if let known = keys[position] { return known }
    let layout = layouts[position]
    func failure(_ row: Int, _ message: String) -> StoreError {
      StoreError.invalidObjects(
        entity: layout.entity.name, attribute: nil, row: row, message: message)
    }
    let depth = traversal.depth
    defer { traversal.leave(toDepth: depth) }
    try traversal.enter(layout.entry.object, at: layout.entry.at)
    try traversal.enter(layout.keysArray.object, at: layout.keysArray.at)
    let (keys, firstStray) = readKeys(
      of: layout.keysArray.object, count: layout.rowCount, refsStart: layout.keysStart,
      below: layout.nextKey)
    var set: StoreKeySet
    if firstStray == nil, EntityTable.ascend(keys) {
      set = StoreKeySet(ascending: keys)
    } else {
      set = StoreKeySet(nextKey: layout.nextKey, count: layout.rowCount)
      for (row, key) in keys.prefix(firstStray ?? layout.rowCount).enumerated() {
        guard set.insert(key) else { throw failure(row, "the key \(key) appears twice") }
      }
    }
    if let row = firstStray {
      let at = layout.keysStart + row * scanner.refSize
      let object = try scanner.reference(at: at, in: layout.keysArray.object)
      throw failure(
        row,
        "a key must be an integer from 1 to nextKey - 1 (\(layout.nextKey - 1)), found "
          + describe(Reference(object: object, at: at)))
    }
    let read = EntityKeys(keys: keys, set: set)
    self.keys[position] = read
    return read
  }

  /// The indexes an entity entry's `indexes` section keeps (``StoreIndexCoding``), checked
  /// as a property list like every other key, each with where its positions are: they are
  /// read when the index is used. Entries that are not well-formed indexes of `entity` are
  /// left out.
  private mutating func keptIndexes(in section: Reference, of entity: Entity) throws
    -> [KeptIndex]
  {
    try traversal.validate(section.object, at: section.at)
    guard isKind(section, 0xA) else { return [] }
    let (count, refsStart, _) = try scanner.container(section.object)
    var kept: [KeptIndex] = []
    for element in 0..<count {
      let at = refsStart + element * scanner.refSize
      let reference = Reference(
        object: try scanner.reference(at: at, in: section.object), at: at)
      guard isKind(reference, 0xD) else { continue }
      let entry = try open(reference.object, at: reference.at)
      defer { traversal.leave() }
      var declaration = PropertyListDictionary()
      var spans: [String: Range<Int>] = [:]
      for (key, value) in zip(entry.keys, entry.values) {
        if key == StoreIndexCoding.rowsKey || key == StoreIndexCoding.groupsKey {
          guard isKind(value, 0x4) else { continue }
          let (start, length) = try scanner.dataPosition(value.object)
          spans[key] = start..<start + length
        } else {
          declaration[key] = try traversal.decode(value.object, at: value.at)
        }
      }
      guard let (definition, objects) = StoreIndexCoding.declaration(of: declaration, of: entity),
        let rows = spans[StoreIndexCoding.rowsKey]
      else { continue }
      let groups = spans[StoreIndexCoding.groupsKey]
      guard (definition.kind == .hash) == (groups != nil) else { continue }
      kept.append(
        KeptIndex(
          definition: definition, objects: objects,
          location: StoreIndexCoding.Location(rows: rows, groups: groups)))
    }
    return kept
  }

  /// The entries of the index whose positions are at `location` in the file.
  func keptEntries(at location: StoreIndexCoding.Location) -> StoredIndex.Entries? {
    func bytes(_ span: Range<Int>) -> UnsafeRawBufferPointer {
      scanner.bytes(at: span.lowerBound, count: span.count)
    }
    return StoreIndexCoding.entries(rows: bytes(location.rows), groups: location.groups.map(bytes))
  }

  /// The value of an integer object ``BinaryPlistScanner/smallInteger(_:)`` does not read
  /// (16 bytes long, or damaged: nil), when it fits in an `Int64`.
  private static func largeInteger(_ object: Int, in scanner: BinaryPlistScanner) -> Int64? {
    guard scanner.marker(of: object) >> 4 == 0x1,
      case let (value, false)? = try? scanner.integer(object)
    else { return nil }
    return value
  }

  /// The rows of a keys array read a stretch at a time.
  private static let keyStretch = 1 << 16
  /// How many stretches of keys are read between two calls of ``releaseInput``: the keys'
  /// references, integers and offsets are not read again, and a million keys' take about
  /// 20 MB.
  private static let keyStretchesBetweenReleases = 4

  /// The `count` keys of the array `array`, whose references start at `refsStart`, up to the
  /// first row that is not an integer from 1 to `nextKey - 1`, and that row if there is one
  /// (the keys from it on are 0). A large array is read a stretch per processor, and the
  /// pages read are let go now and then (``releaseInput``), never by two threads at once.
  private func readKeys(of array: Int, count: Int, refsStart: Int, below nextKey: Int64) -> (
    keys: [Int64], firstStray: Int?
  ) {
    let stretches = (count + Self.keyStretch - 1) / Self.keyStretch
    var firstStray = [Int?](repeating: nil, count: stretches)
    let releasing = NSLock()
    let keys = [Int64](unsafeUninitializedCapacity: count) { keys, initialized in
      firstStray.withUnsafeMutableBufferPointer { firstStray in
        let shared = UncheckedSendable(
          value: (scanner: scanner, keys: keys, stray: firstStray, release: releaseInput))
        DispatchQueue.concurrentPerform(iterations: stretches) { stretch in
          let (scanner, keys) = (shared.value.scanner, shared.value.keys)
          defer {
            if let release = shared.value.release,
              stretch % Self.keyStretchesBetweenReleases == Self.keyStretchesBetweenReleases - 1
            {
              releasing.withLock(release)
            }
          }
          let start = stretch * Self.keyStretch
          let end = min(start + Self.keyStretch, count)
          for row in start..<end {
            guard
              let object = try? scanner.reference(at: refsStart + row * scanner.refSize, in: array),
              let key = scanner.smallInteger(object) ?? Self.largeInteger(object, in: scanner),
              key >= 1, key < nextKey
            else {
              shared.value.stray[stretch] = row
              UnsafeMutableBufferPointer(rebasing: keys[row..<end]).initialize(repeating: 0)
              return
            }
            keys.initializeElement(at: row, to: key)
          }
        }
      }
      initialized = count
    }
    return (keys, firstStray.lazy.compactMap { $0 }.first)
  }

  /// Checks a column's array and null bitmap, and plans how to read its values.
  private mutating func plan(
    _ column: StoreColumn, serial: Int, in columns: Entries, rows: Int, entity: String,
    entityIndex: [String: [Int]]
  ) throws -> ColumnPlan {
    guard let array = columns[column.name], isKind(array, 0xA) else {
      throw column.error(
        entity: entity, row: nil,
        "the column must be an array, found \(describe(columns[column.name]))")
    }
    let (count, refsStart, _) = try scanner.container(array.object)
    guard count == rows else {
      throw column.error(
        entity: entity, row: nil, "the column has \(count) values for \(rows) keys")
    }
    var plan = ColumnPlan(kind: column.kind, serial: serial, array: array, refsStart: refsStart)
    plan.readsReferences = readsReferences && column.allowsExternalStorage
    (plan.low, plan.high) = (column.integerRange.lowerBound, column.integerRange.upperBound)
    if column.isRelationship {
      guard let indexes = entityIndex[column.destination] else {
        throw column.error(
          entity: entity, row: nil, "the model has no entity \(column.destination)")
      }
      plan.destinations = destinationLists.count..<destinationLists.count + indexes.count
      destinationLists.append(contentsOf: indexes)
    }
    if let nulls = columns[column.nullsKey] {
      func failure(_ message: String) -> StoreError {
        column.error(entity: entity, row: nil, key: column.nullsKey, message)
      }
      guard isKind(nulls, 0x4) else {
        throw failure("the null bitmap must be data, found \(kind(nulls.object))")
      }
      let (start, count) = try scanner.dataPosition(nulls.object)
      guard count == (rows + 7) / 8 else {
        throw failure("the null bitmap has \(count) bytes; \(rows) rows need \((rows + 7) / 8)")
      }
      if rows % 8 != 0, scanner.byte(at: start + count - 1) >> UInt8(rows % 8) != 0 {
        throw failure("the null bitmap has bits set past the last row")
      }
      plan.nullsStart = start
    }
    return plan
  }

  // MARK: Rows

  /// Why a value does not fit its column; the caller names the entity, column and row.
  private enum Mismatch: Error {
    /// A value of another kind, by its marker.
    case found(UInt8)
    /// A to-many holding something other than integers, by its marker.
    case memberFound(UInt8)
    /// An integer outside the column's type (`isUnsigned`: above `Int64.max`).
    case outOfRange(Int64, isUnsigned: Bool)
    case message(String)
    /// The external file at `path` of a value kept apart cannot be read.
    case external(path: String, problem: String)

    func message(for column: StoreColumn) -> String {
      switch self {
      case .found(let marker):
        return "expected \(column.expected), found \(BinaryPlistScanner.kindName(marker))"
      case .memberFound(let marker):
        return "expected \(column.expected), found an array holding "
          + BinaryPlistScanner.kindName(marker)
      case .outOfRange(let value, true):
        return "the integer \(UInt64(bitPattern: value)) is outside the range of \(column.typeName)"
      case .outOfRange(let value, false):
        let range = column.integerRange
        return "the integer \(value) is outside the range of \(column.typeName) "
          + "(\(range.lowerBound)...\(range.upperBound))"
      case .message(let message):
        return message
      case .external(let path, let problem):
        return "the external data file \(path) \(problem)"
      }
    }
  }

  /// The rows decoded as one piece of work.
  private static let rowsPerRun = 4_096

  /// The runs each thread decodes between two releases of the file's pages
  /// (``releaseInput``): the pages they touch stay about 20 MB for a million objects of
  /// the benchmark's kind. Releasing four times as often took a tenth more processor time,
  /// faulting back in the pages of the runs under way.
  private static let runsBetweenReleases = 8

  /// `layout`, once the keys its columns need are read: those of the entities its
  /// relationships point to, and its own where errors name an object by its key.
  private mutating func readingKeys(for layout: EntityLayout) throws -> EntityLayout {
    var layout = layout
    for plan in layout.plans {
      for destination in plan.destinations {
        _ = try keys(ofEntityAt: destinationLists[destination])
      }
    }
    if layout.plans.contains(where: \.readsReferences) {
      layout.keysNamingErrors = try keys(ofEntityAt: layout.position).keys
    }
    return layout
  }

  /// Decodes the columns `layout` plans (every column of its entity, or some) for every row.
  private mutating func decodeColumns(of layout: EntityLayout) throws -> [Column] {
    let rowCount = layout.rowCount
    return try decodeRuns(
      of: layout, into: layout.plans.map { ColumnBuilder($0.form, capacity: rowCount) },
      part: { _, columns in columns },
      append: { columns, part in
        for (c, column) in part.enumerated() { columns[c].append(contentsOf: column) }
      }
    ).map { $0.column() }
  }

  /// Decodes the columns `layout` plans run by run, hands each run's rows and columns to
  /// `part` on the thread that decoded them, and joins what it makes of them to `joined`
  /// with `append`, in row order.
  ///
  /// The rows are cut into runs, each decoded into columns of its own (``ColumnBuilder``),
  /// whose parts are joined in row order (``OrderedRunJoin``). One thread per processor,
  /// this one among them, each with its own copy of the decoder (and so its own remembered
  /// values), takes the next run left, decodes it, makes its part and joins it in its turn.
  /// The first failing run in that order gives the error, so it is the one a single thread
  /// would report. A request to stop (``Interrupt``) ends it with ``Interrupted`` before the
  /// next run.
  private mutating func decodeRuns<Part, Joined>(
    of layout: EntityLayout, into joined: Joined,
    part: @escaping (Range<Int>, [ColumnBuilder]) throws -> Part,
    append: @escaping (inout Joined, Part) -> Void
  ) throws -> Joined {
    let layout = try readingKeys(for: layout)
    let depth = traversal.depth
    defer { traversal.leave(toDepth: depth) }
    try traversal.enter(layout.entry.object, at: layout.entry.at)
    try traversal.enter(layout.columnsDictionary.object, at: layout.columnsDictionary.at)
    let rowCount = layout.rowCount
    let runs = stride(from: 0, to: rowCount, by: Self.rowsPerRun).map {
      $0..<min($0 + Self.rowsPerRun, rowCount)
    }
    let threads = min(ProcessEnvironment.activeProcessorCount, runs.count, 4)
    let join = OrderedRunJoin(
      joined, runs: runs.count, releaseEvery: Self.runsBetweenReleases * threads,
      releaseInput: releaseInput, append: append)
    // The keys of the entities no column here points to are not needed, and not read.
    let keySets = keys.map { $0?.set ?? StoreKeySet(ascending: []) }
    // Each thread works on its own copy of the decoder, whose only shared parts are the
    // file's bytes (read, never written) and the values of external files (behind a lock).
    let (shared, planned, names) = (UncheckedSendable(value: self), layout, names)
    let makePart = UncheckedSendable(value: part)
    // Columns are decoded by the statement that first reads them, which Ctrl-C stops.
    let interrupt = Interrupt.token
    interrupt.begin("reading \(layout.entity.name)", steps: rowCount)
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      var decoder = shared.value
      while let run = join.claim() {
        let result = Result { () throws -> Part in
          try interrupt.checkStep(advancing: runs[run].count)
          let columns = try decoder.run(runs[run], of: planned, keySets: keySets, names: names)
          return try makePart.value(runs[run], columns)
        }
        guard join.join(run, result) else { return }
      }
    }
    let result = try join.result()
    if let decodedColumn {
      for column in layout.columns { decodedColumn(layout.entity.name, column.name) }
    }
    return result
  }

  /// Rows `range` of an entity, decoded into columns of their own.
  ///
  /// The rows are read column by column (``decodeByColumn(_:_:into:keySets:names:)``),
  /// which reads the file in the order it was written. When that fails, the rows are read
  /// again row by row (``decodeByRow(_:of:into:keySets:names:)``), so the error reported is
  /// the one in the first row that has one, at the first of its columns that does. Reading
  /// never changes what a later cell decodes to or whether it fails, so the second reading
  /// fails where the first one would have had it read row by row.
  private mutating func run(
    _ range: Range<Int>, of layout: EntityLayout, keySets: [StoreKeySet], names: [String]
  ) throws -> [ColumnBuilder] {
    let plans = layout.plans
    let bytesPerRow = plans.map { plainColumns[$0.serial] }
    func emptyColumns() -> [ColumnBuilder] {
      zip(plans, bytesPerRow).map { plan, bytesPerRow in
        ColumnBuilder(
          plan.form, capacity: range.count, plain: bytesPerRow != nil,
          bytes: (bytesPerRow ?? 0) * range.count)
      }
    }
    var columns = emptyColumns()
    let depth = traversal.depth
    do {
      // The columns' buffer is checked to be unique once for the run, not at every cell.
      try columns.withUnsafeMutableBufferPointer { builders in
        if order == .byColumn {
          try decodeByColumn(range, plans, into: builders, keySets: keySets, names: names)
        } else {
          try decodeByRow(range, of: layout, into: builders, keySets: keySets, names: names)
        }
      }
    } catch {
      guard order == .byColumn else { throw error }
      traversal.leave(toDepth: depth)
      columns = emptyColumns()
      try columns.withUnsafeMutableBufferPointer { builders in
        try decodeByRow(range, of: layout, into: builders, keySets: keySets, names: names)
      }
    }
    for (plan, column) in zip(plans, columns) where column.isPlain {
      plainColumns[plan.serial] = column.bytesPerRow
    }
    return columns
  }

  /// Appends rows `range` to `builders`, one column after another, so that the cells read
  /// one after another are next to each other in the file: a column's references, offsets
  /// and values are each written in row order. The columns whose repeated values are
  /// remembered (``ColumnPlan/remembersRepeats``) are read last, row by row among
  /// themselves, since the order they meet an object in decides which rows share its
  /// storage: the same rows as reading every column row by row.
  private mutating func decodeByColumn(
    _ range: Range<Int>, _ plans: [ColumnPlan],
    into builders: UnsafeMutableBufferPointer<ColumnBuilder>,
    keySets: [StoreKeySet], names: [String]
  ) throws {
    var remembering: [Int] = []
    for (c, plan) in plans.enumerated() {
      if plan.remembersRepeats {
        remembering.append(c)
        continue
      }
      for row in range {
        try append(row: row, plan, to: &builders[c], keySets: keySets, names: names)
      }
    }
    if remembering.isEmpty { return }
    for row in range {
      for c in remembering {
        try append(row: row, plans[c], to: &builders[c], keySets: keySets, names: names)
      }
    }
  }

  /// Appends rows `range` to `builders`, one row after another, each row's cells in column
  /// order; a cell that does not fit its column throws its error, naming the entity, column
  /// and row.
  private mutating func decodeByRow(
    _ range: Range<Int>, of layout: EntityLayout,
    into builders: UnsafeMutableBufferPointer<ColumnBuilder>, keySets: [StoreKeySet],
    names: [String]
  ) throws {
    let plans = layout.plans
    for row in range {
      var column = 0
      do {
        while column < plans.count {
          try append(
            row: row, plans[column], to: &builders[column], keySets: keySets, names: names)
          column += 1
        }
      } catch let mismatch as Mismatch {
        let column = layout.columns[column]
        if case .external(let path, let problem) = mismatch {
          throw StoreError.externalDataUnreadable(
            entity: layout.entity.name, attribute: column.name,
            key: layout.keysNamingErrors[row],
            path: path, problem: problem)
        }
        throw column.error(entity: layout.entity.name, row: row, mismatch.message(for: column))
      }
    }
  }

  /// Appends the value of one row in one column: numbers, Booleans, dates and strings
  /// unboxed (a string's bytes copied from the file), other values boxed.
  @inline(__always)
  private mutating func append(
    row: Int, _ plan: ColumnPlan, to column: inout ColumnBuilder, keySets: [StoreKeySet],
    names: [String]
  ) throws {
    let at = plan.refsStart + row * scanner.refSize
    let object = try scanner.objectNumber(at: at, in: plan.array.object)
    let isNil =
      plan.nullsStart >= 0
      && scanner.byte(at: plan.nullsStart + row >> 3) >> UInt8(row & 7) & 1 != 0
    // Writers share equal strings: an object met before in the run was checked then.
    if !isNil, plan.kind == .string, column.appendString(ofObject: object) { return }
    try scanner.checkOffset(of: object)
    if isNil {
      try checkPlaceholder(object, at: at, in: plan)
      return column.appendNull()
    }
    let marker = scanner.marker(of: object)
    let kind = marker >> 4
    if plan.readsReferences, kind == 0xD {
      // Boxed, so that rows referring to one file share its bytes.
      return column.appendBoxed(try externalValue(object, at: at, in: plan))
    }
    switch plan.kind {
    case .integer:
      guard kind == 0x1 else { throw Mismatch.found(marker) }
      let (value, isUnsigned) = try scanner.integer(object)
      guard !isUnsigned, value >= plan.low, value <= plan.high else {
        throw Mismatch.outOfRange(value, isUnsigned: isUnsigned)
      }
      column.append(integer: value)
    case .real:
      guard kind == 0x2 else { throw Mismatch.found(marker) }
      column.append(real: try scanner.real(object))
    case .bool:
      guard marker == 0x08 || marker == 0x09 else { throw Mismatch.found(marker) }
      column.append(bool: marker == 0x09)
    case .date:
      guard kind == 0x3 else { throw Mismatch.found(marker) }
      column.append(real: try scanner.date(object))
    case .string:
      guard kind == 0x5 || kind == 0x6 else { throw Mismatch.found(marker) }
      try scanner.withUTF8(object, scratch: &scratch) { column.append(utf8: $0, object: object) }
    case .uuid:
      guard kind == 0x4 else { throw Mismatch.found(marker) }
      let bytes = try scanner.data(object)
      column.append(.uuid(try checked { try StoreValueEncoding.uuid(bytes) }))
    case .toOne:
      guard kind == 0x1 else { throw Mismatch.found(marker) }
      column.append(.object(try reference(object, plan, keySets: keySets, names: names)))
    case .decimal:
      guard kind == 0x5 || kind == 0x6 else { throw Mismatch.found(marker) }
      let (known, repeated) = recall(object, plan)
      if let known { return column.append(known) }
      let text = try scanner.string(object)
      let decimal = try checked { try StoreValueEncoding.decimal(text) }
      column.append(keep(.decimal(decimal), object, plan, repeated: repeated))
    case .uri:
      guard kind == 0x5 || kind == 0x6 else { throw Mismatch.found(marker) }
      // A URI in the plain shape most are written in goes in as its bytes, with no `String`.
      let isPlain = try scanner.withUTF8(object, scratch: &scratch) { utf8 in
        guard !utf8.isEmpty, URI.isPlainlyValid(bytes: utf8) else { return false }
        column.append(uriUTF8: utf8)
        return true
      }
      if isPlain { return }
      let text = try scanner.string(object)
      column.append(uri: try checked { try StoreValueEncoding.uri(text) })
    case .binary, .opaque:
      guard kind == 0x4 else { throw Mismatch.found(marker) }
      let (known, repeated) = recall(object, plan)
      if let known { return column.appendBoxed(known) }
      let bytes = try scanner.data(object)
      guard repeated else { return column.append(bytes: bytes.assumingMemoryBound(to: UInt8.self)) }
      // Met again: boxed from now on, its bytes shared by every row that refers to it.
      let data = bytes.isEmpty ? Data() : Data(bytes: bytes.baseAddress!, count: bytes.count)
      column.appendBoxed(keep(.data(data), object, plan, repeated: true))
    case .color:
      guard kind == 0xD else { throw Mismatch.found(marker) }
      column.append(color: try color(object, at: at, in: plan))
    case .toMany:
      guard kind == 0xA else { throw Mismatch.found(marker) }
      let (known, repeated) = recall(object, plan)
      if let known { return column.append(known) }
      let members = try members(object, in: plan, keySets: keySets, names: names)
      column.append(keep(.collection(members), object, plan, repeated: repeated))
    }
  }

  /// Notes that a column meets `object`; when it was met before, whether and how it was
  /// decoded then.
  @inline(__always)
  private mutating func recall(_ object: Int, _ plan: ColumnPlan) -> (
    value: Value?, repeated: Bool
  ) {
    if seen.insert(object) { return (nil, false) }
    return (remembered[MemoKey(object: object, column: plan.serial)], true)
  }

  /// Remembers the value of an object met more than once, and returns it.
  @inline(__always)
  private mutating func keep(_ value: Value, _ object: Int, _ plan: ColumnPlan, repeated: Bool)
    -> Value
  {
    if repeated { remembered[MemoKey(object: object, column: plan.serial)] = value }
    return value
  }

  /// Runs a check of ``StoreValueEncoding``, turning its mismatch into the column's.
  @inline(__always)
  private func checked<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let mismatch as StoreValueEncoding.Mismatch {
      throw Mismatch.message(mismatch.message)
    }
  }

  /// A to-one's or to-many member's key, which must name an object of the destination or of
  /// an entity that inherits from it (keys are unique across a hierarchy).
  @inline(__always)
  private func reference(
    _ object: Int, _ plan: ColumnPlan, keySets: [StoreKeySet], names: [String]
  ) throws -> ObjectID {
    let (key, isUnsigned) = try scanner.integer(object)
    guard !isUnsigned,
      let holder = plan.destinations.lazy.map({ destinationLists[$0] }).first(where: {
        keySets[$0].contains(key)
      })
    else {
      let shown = isUnsigned ? String(UInt64(bitPattern: key)) : String(key)
      let destination = plan.destinations.first.map { names[destinationLists[$0]] }
      throw Mismatch.message("the key \(shown) names no \(destination ?? "object")")
    }
    return ObjectID(entity: names[holder], key: key)
  }

  /// A value kept in an external file: its reference `{external, length}`, checked as a
  /// color's dictionary is, then the file's bytes, checked against it.
  private mutating func externalValue(_ object: Int, at: Int, in plan: ColumnPlan) throws
    -> Value
  {
    try traversal.enter(plan.array.object, at: plan.array.at)
    let dictionary = try traversal.decode(object, at: at)
    traversal.leave()
    let reference = try checked { try ExternalDataReference(dictionary.dictionaryValue ?? [:]) }
    guard let externalData else {
      throw Mismatch.message(
        "the value is kept in the external data file \(reference.hash), which is read only "
          + "with the store file (StoreFile.load)")
    }
    do {
      return try keptApart.value(of: reference) { .data(try externalData.bytes(of: reference)) }
    } catch let problem as ExternalDataFolder.Problem {
      throw Mismatch.external(
        path: externalData.filePath(reference.hash), problem: problem.message)
    }
  }

  /// Checks the placeholder a nil row holds, which readers otherwise ignore.
  private mutating func checkPlaceholder(_ object: Int, at: Int, in plan: ColumnPlan) throws {
    if traversal.isChecked(object) { return }
    // Each nil row of a color column has a placeholder color of its own, checked the way a
    // color is read rather than walked.
    if plan.kind == .color, (try? scanner.rgbColor(object, keys: &colorKeys)) != nil { return }
    guard scanner.isContainer(object) else { return try traversal.validate(object, at: at) }
    try traversal.enter(plan.array.object, at: plan.array.at)
    try traversal.validate(object, at: at)
    traversal.leave()
  }

  /// A color: a dictionary of exactly the integers `red`, `green` and `blue`
  /// (``BinaryPlistScanner/rgbColor(_:)``). Anything else is walked with the column on the
  /// traversal's path and goes through ``StoreValueEncoding/color(_:)`` for its message.
  private mutating func color(_ object: Int, at: Int, in plan: ColumnPlan) throws -> Color {
    guard let packed = try scanner.rgbColor(object, keys: &colorKeys) else {
      try traversal.enter(plan.array.object, at: plan.array.at)
      let dictionary = try traversal.decode(object, at: at)
      traversal.leave()
      return try checked { try StoreValueEncoding.color(dictionary.dictionaryValue ?? [:]) }
    }
    return Column.color(Int64(packed))
  }

  /// The members of a to-many: keys of existing destination objects, each listed once.
  ///
  /// Like a color, the array is not put on the path: it is accepted only when it holds
  /// integers, and a cycle through it would need it to hold a container.
  private func members(
    _ object: Int, in plan: ColumnPlan, keySets: [StoreKeySet], names: [String]
  ) throws -> [Value] {
    let (count, refsStart, _) = try scanner.container(object)
    var members: [Value] = []
    members.reserveCapacity(count)
    var listed = Set<Int64>(minimumCapacity: count)
    for entry in 0..<count {
      let member = try scanner.reference(at: refsStart + entry * scanner.refSize, in: object)
      let marker = scanner.marker(of: member)
      guard marker >> 4 == 0x1 else { throw Mismatch.memberFound(marker) }
      let id = try reference(member, plan, keySets: keySets, names: names)
      guard listed.insert(id.key).inserted else {
        throw Mismatch.message("the key \(id.key) is listed twice")
      }
      members.append(.object(id))
    }
    return members
  }
}

/// The values of external files read so far, by reference, shared by the workers that
/// decode a store's rows (a decoder is copied into each worker).
private final class ExternalValues: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [ExternalDataReference: Value] = [:]

  /// The value `reference` names: read by `read` the first time, remembered after. The
  /// lock is held while reading, so a file is never read twice at once.
  func value(of reference: ExternalDataReference, read: () throws -> Value) throws -> Value {
    lock.lock()
    defer { lock.unlock() }
    if let known = values[reference] { return known }
    let value = try read()
    values[reference] = value
    return value
  }
}
