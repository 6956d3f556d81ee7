/// The columns a statement reads: what a session whose columns are still in the store file
/// (``Interpreter/storeFile``) decodes before the statement runs, so that a statement that
/// touches two attributes decodes two.
///
/// Only the statements whose reads are known from their bound form read less than every
/// column: `count`, `export` (every column of its entity and of those that inherit from
/// it, and what its predicate names), and `fetch`es — a fetch of objects shows each of them
/// whole, so it reads every column of its entity and of those that inherit from it; one with `select`
/// reads what its predicate, sort keys, columns and grouping name. A fetch limited to at most
/// ``rowsReadAlone`` objects reads only what its predicate and sort keys name, `show` of the
/// objects that match only what its predicate names, and `show` of one object no column: the
/// rows of the objects they show are read from the file (`show` decodes the columns instead
/// when more objects match), as are those of a selection of at most as many that `show`
/// shows. `why` reads only the keys: once its predicate is bound (it may be the last
/// fetch's), it decodes what that compares (``init(comparedBy:on:in:)``) and reads the rows of
/// the objects it explains, up to as many. `explain` reads what the
/// statement's predicate and sort keys name (estimating a plan tries the predicate on a
/// sample of the objects, and takes indexes into use), and none is read by the statements about pending changes (`save`, `rollback`, `undo`,
/// `redo`, `changes`, `validate`), since a session has none while any column is still in the
/// file: every edit decodes every column first. Any other statement reads every column.
///
/// Every statement reads the objects' keys, but a `count` whose predicate reads only values
/// of its entity's own objects: one that compares an object as a whole (`SELF`), follows a
/// relationship to its objects or runs a subquery reads them, and so does one that reads the
/// first attribute of an index in a session that keeps the indexes it builds, since an index
/// lists keys and the session's later statements gain from it.
///
/// A slot named on an entity stands for the property of that name in every entity that
/// inherits from it, whose objects the statement may meet; an index whose first attribute
/// is read is read whole, since the planner may use it.
struct ColumnsRead {
  /// Whether the statement may read any column.
  private(set) var everything = false
  /// The slots read, by entity.
  private(set) var slots: [String: Set<Int>] = [:]
  /// Whether the statement reads the keys of the objects (of every entity, since a
  /// relationship's values name objects by key).
  private(set) var keys = true

  /// Every column of every entity.
  static let everything = ColumnsRead(everything: true)

  /// The keys of every entity, and no column.
  static let keys = ColumnsRead(everything: false)

  private init(everything: Bool) {
    self.everything = everything
  }

  /// Every column of each of `entities`: their objects read whole.
  init(wholeObjectsOf entities: [Entity]) {
    readWhole(entities)
  }

  /// The columns `bound` (the statement `kind`, bound) reads in `model`, in a session that
  /// keeps the indexes it builds or not, and whose selection holds `selected` objects.
  init(
    _ kind: Statement.Kind, bound: BoundStatement, model: Model, keepsIndexes: Bool,
    selected: Int = 0
  ) {
    var explains = false
    if case .explain = kind { explains = true }
    switch bound {
    case .count(let entity, let predicate):
      keys = explains
      predicate.map { read($0, on: entity.name) }
    case .fetch(let fetch):
      let entity = fetch.entity.name
      fetch.predicate.map { read($0, on: entity) }
      if !fetch.sortsRows { for key in fetch.sort { read(key.value, on: entity) } }
      guard let projection = fetch.projection else {
        if explains || Self.readsRowsAlone(fetch) { break }
        readWhole(model.hierarchy(of: entity))
        break
      }
      for column in projection.columns {
        switch column.value {
        case .expression(let value): read(value, on: entity)
        case .aggregate(_, let value): value.map { read($0, on: entity) }
        }
      }
      for key in projection.groupBy { read(key, on: entity) }
    case .update(let entity, let predicate, _), .delete(let entity, let predicate):
      guard explains else {
        everything = true
        break
      }
      predicate.map { read($0, on: entity.name) }
    case .export(let export):
      export.predicate.map { read($0, on: export.entity.name) }
      if !explains { readWhole(model.hierarchy(of: export.entity.name)) }
    case .show(.object):
      // The one object's values are read from the file as a row (``Interpreter/show``).
      break
    case .show(.selection) where selected <= Self.rowsReadAlone:
      break
    case .show(.matching(let entity, let predicate)):
      // The objects' rows are read alone when few match (``Interpreter/show``).
      predicate.map { read($0, on: entity.name) }
    case .save, .rollback, .changes, .undo, .redo, .validate, .why:
      break
    default:
      everything = !explains
    }
    guard !everything else { return }
    let leadsAnIndex = widen(in: model)
    keys = keys || (keepsIndexes && leadsAnIndex)
  }

  /// The columns `predicate`, bound on `entity`, compares in `model` (in every entity that
  /// inherits from it, and those of the indexes they lead), and the keys.
  init(comparedBy predicate: BoundPredicate, on entity: String, in model: Model) {
    read(predicate, on: entity)
    guard !everything else { return }
    _ = widen(in: model)
  }

  /// The most objects a fetch reads from the file row by row rather than decoding their
  /// columns (a row read alone costs about what a thousandth of a million-row column does).
  static let rowsReadAlone = 1_000

  /// Whether `fetch` shows at most ``rowsReadAlone`` objects whole (it has a limit): it
  /// reads the columns its predicate and sort keys name, and the rows of the objects it
  /// shows from the file, each of its own entity (a sub-entity's shown with the properties
  /// of the entity fetched).
  private static func readsRowsAlone(_ fetch: BoundFetch) -> Bool {
    guard let limit = fetch.limit else { return false }
    return limit <= rowsReadAlone
  }

  /// Adds every slot of each of `entities`, whose objects are read whole.
  private mutating func readWhole(_ entities: [Entity]) {
    for entity in entities { slots[entity.name, default: []].formUnion(0..<entity.slotCount) }
  }

  /// Adds the slots `predicate` reads, on objects of `entity`.
  private mutating func read(_ predicate: BoundPredicate, on entity: String) {
    switch predicate {
    case .constant: break
    case .comparison(let comparison):
      read(comparison.lhs, on: entity)
      read(comparison.rhs, on: entity)
    case .not(let inner): read(inner, on: entity)
    case .and(let parts), .or(let parts): for part in parts { read(part, on: entity) }
    }
  }

  /// Adds the slots `expression` reads, on objects of `entity`.
  private mutating func read(_ expression: BoundExpression, on entity: String) {
    switch expression.kind {
    case .constant, .local: break
    case .evaluatedObject: keys = true
    case .slot(let slot): slots[entity, default: []].insert(slot)
    case .property(let base, let destination, let slot):
      keys = true
      read(base, on: entity)
      slots[destination, default: []].insert(slot)
    case .aggregate(let elements):
      for element in elements { read(element, on: entity) }
    case .negate(let inner), .cast(let inner, _), .collectionOperator(_, let inner):
      read(inner, on: entity)
    case .arithmetic(_, let a, let b):
      read(a, on: entity)
      read(b, on: entity)
    case .function(_, let arguments):
      for argument in arguments { read(argument, on: entity) }
    case .index(let base, let index):
      read(base, on: entity)
      if case .at(let position) = index { read(position, on: entity) }
    case .ternary(let condition, let a, let b):
      read(condition, on: entity)
      read(a, on: entity)
      read(b, on: entity)
    case .subquery(let collection, _, let predicate):
      keys = true
      read(collection, on: entity)
      // The predicate reads the elements through the local, by entity and slot.
      read(predicate, on: entity)
    case .dynamic:
      everything = true
    }
  }

  /// The slots of every index of `entity` whose first attribute is one of `slots`.
  private static func indexSlots(of entity: Entity, leadingWith slots: Set<Int>) -> Set<Int> {
    var indexed: Set<Int> = []
    for index in entity.allIndexes {
      guard let first = index.attributes.first.flatMap(entity.index(ofAttribute:)),
        slots.contains(first)
      else { continue }
      indexed.formUnion(index.attributes.compactMap(entity.index(ofAttribute:)))
    }
    return indexed
  }

  /// Adds, for each slot read, the property of the same name in every entity that inherits
  /// from its entity, and every attribute of an index that begins with a slot read; answers
  /// whether some index begins with a slot read.
  private mutating func widen(in model: Model) -> Bool {
    var widened: [String: Set<Int>] = [:]
    for (name, read) in slots {
      guard let entity = model.entity(named: name) else { continue }
      for member in model.hierarchy(of: name) {
        let place = MemberSlots(of: entity, in: member)
        widened[member.name, default: []].formUnion(read.compactMap(place.slot))
      }
    }
    var leadsAnIndex = false
    for (name, read) in widened {
      guard let entity = model.entity(named: name) else { continue }
      let indexed = Self.indexSlots(of: entity, leadingWith: read)
      leadsAnIndex = leadsAnIndex || !indexed.isEmpty
      widened[name]?.formUnion(indexed)
    }
    slots = widened.filter { !$0.value.isEmpty }
    return leadsAnIndex
  }
}
