import Foundation

/// SQL text with the values bound to its `?`s, in order.
struct SQLFragment: Hashable, Sendable {
  var text: String
  var parameters: [SQLiteConnection.Cell] = []
}

/// A bound predicate over an entity of a Core Data store, split into what SQLite decides
/// and what the engine decides over the rows SQLite returns.
///
/// The predicate is taken conjunct by conjunct, by the planner's one rule (``Conjunct``:
/// nested ANDs flattened): every conjunct that means in SQL exactly what it means in memory
/// is pushed (``pushed``), wherever it stands, and the rest stay (``residual``).
///
/// What is pushed: comparisons of stored attributes (through to-ones as subqueries) with
/// constants, nil tests, IN, BETWEEN, NOT, AND, OR, ANY/ALL/NONE over a to-many as EXISTS on
/// its members' inverse column, and `@count` of a to-many as a counting subquery. Strings are
/// compared by the engine's own code, registered as `bowq_compare` (``SQLiteFunctions``);
/// numbers only where SQLite compares exactly as the engine does. NSPredicate's nil rules
/// hold: `x != 5` is true when x is nil, and a negated comparison is true where SQL's would
/// be NULL (each negated part that may be NULL is written `(…) IS NOT 1`).
struct CoreDataSQLPredicate {
  /// One conjunct of the predicate, with its SQL or why it has none.
  struct Part {
    var predicate: BoundPredicate
    var sql: SQLFragment?
    var refusal: String?
  }

  var parts: [Part]
  /// The AND of the parts that have SQL, over the row alias `t0`; nil for none.
  var pushed: SQLFragment?
  /// The AND of the other parts, for the engine; nil for none.
  var residual: BoundPredicate?

  /// The split of `predicate` over objects of `entity`, whose rows are `t0` in SQL.
  init(_ predicate: BoundPredicate, entity: String, map: CoreDataSQLMap) {
    self.init(conjuncts: Conjunct.split(predicate, nil).map(\.predicate), entity: entity, map: map)
  }

  /// The split of the AND of `conjuncts` over objects of `entity`.
  init(conjuncts: [BoundPredicate], entity: String, map: CoreDataSQLMap) {
    var translator = CoreDataSQLTranslator(map: map)
    parts = conjuncts.map { conjunct in
      do throws(CoreDataSQLTranslator.Refusal) {
        let sql = try translator.condition(conjunct, on: .alias("t0", entity: entity))
        return Part(
          predicate: conjunct, sql: SQLFragment(text: sql.text, parameters: sql.parameters))
      } catch {
        return Part(predicate: conjunct, refusal: error.reason)
      }
    }
    let translated = parts.compactMap(\.sql)
    pushed =
      translated.isEmpty
      ? nil
      : SQLFragment(
        text: translated.map { translated.count == 1 ? $0.text : "(\($0.text))" }.joined(
          separator: " AND "),
        parameters: translated.flatMap(\.parameters))
    residual =
      Conjunct.and(parts.filter { $0.sql == nil }.map { Conjunct(predicate: $0.predicate) })
      .predicate
  }
}

/// Turns bound predicates into SQL conditions over a Core Data store's tables, or refuses
/// with the reason.
struct CoreDataSQLTranslator {
  let map: CoreDataSQLMap
  /// How many subquery aliases are taken.
  private var aliases = 0

  init(map: CoreDataSQLMap) {
    self.map = map
  }

  /// Why a part of a predicate stays in memory.
  struct Refusal: Error {
    var reason: String
  }

  /// An SQL expression and whether it may be NULL (which a WHERE clause takes as false).
  struct SQL {
    var text: String
    var parameters: [SQLiteConnection.Cell] = []
    var nullable = true

    static let never = SQL(text: "0", nullable: false)
  }

  /// The row a key path starts from: a table alias, or the target of a to-one.
  enum Row {
    case alias(String, entity: String)
    case target(Target)

    var entity: String {
      switch self {
      case .alias(_, let entity): return entity
      case .target(let target): return target.toOne.destination
      }
    }
  }

  /// The target of a to-one, as read from the row before: its key and, when the destination
  /// has sub-entities, its entity column (``CoreDataSQLMap/ToOne``).
  struct Target {
    var toOne: CoreDataSQLMap.ToOne
    var key: SQL
    var entity: SQL?

    /// `(SELECT value FROM … WHERE …)`: `value` (over the alias `row`) of the target's row.
    func select(_ value: (String) -> String, as row: String) -> SQL {
      SQL(
        text: "(SELECT \(toOne.read(value(row), of: row)) FROM \(from(row)))",
        parameters: key.parameters + (entity?.parameters ?? []))
    }

    /// `… WHERE …` of the target's row as the alias `row`.
    func from(_ row: String) -> String {
      "\(SQLiteConnection.quoted(toOne.table)) \(row) WHERE "
        + toOne.finds(row, key: key.text, entity: entity?.text)
    }
  }

  /// What a key path reads.
  private enum Operand {
    /// A stored attribute's value.
    case attribute(SQL, AttributeType)
    /// A number that is never NULL (`@count`).
    case count(SQL)
    /// A to-one: its target (which may be missing).
    case toOne(Target)
  }

  /// The condition of `predicate` on `row`, or of its negation when `negated`.
  mutating func condition(_ predicate: BoundPredicate, on row: Row, negated: Bool = false)
    throws(Refusal) -> SQL
  {
    switch predicate {
    case .constant(let value):
      return SQL(text: value != negated ? "1" : "0", nullable: false)
    case .not(let inner):
      return try condition(inner, on: row, negated: !negated)
    case .and(let list):
      return try junction(list, on: row, negated: negated, and: !negated)
    case .or(let list):
      return try junction(list, on: row, negated: negated, and: negated)
    case .comparison(let comparison):
      let positive = try self.comparison(comparison, on: row)
      return negated ? Self.negation(positive) : positive
    }
  }

  private mutating func junction(
    _ list: [BoundPredicate], on row: Row, negated: Bool, and: Bool
  ) throws(Refusal) -> SQL {
    var parts: [SQL] = []
    for operand in list { parts.append(try condition(operand, on: row, negated: negated)) }
    return Self.join(parts, and: and)
  }

  /// `a AND b AND …` or `a OR b OR …`; with no operand, what an empty AND or OR is.
  private static func join(_ parts: [SQL], and: Bool) -> SQL {
    guard parts.count > 1 else {
      return parts.first ?? SQL(text: and ? "1" : "0", nullable: false)
    }
    return SQL(
      text: parts.map { "(\($0.text))" }.joined(separator: and ? " AND " : " OR "),
      parameters: parts.flatMap(\.parameters), nullable: parts.contains { $0.nullable })
  }

  /// The negation of a condition, true where the condition is false or NULL.
  static func negation(_ sql: SQL) -> SQL {
    SQL(
      text: sql.nullable ? "(\(sql.text)) IS NOT 1" : "NOT (\(sql.text))",
      parameters: sql.parameters, nullable: false)
  }

  private mutating func alias() -> String {
    aliases += 1
    return "t\(aliases)"
  }

  private mutating func comparison(_ c: BoundComparison, on row: Row) throws(Refusal) -> SQL {
    guard let constant = c.rhs.constantValue else {
      throw Refusal(reason: "its right side is not a constant")
    }
    if c.lhs.constantValue != nil {
      return try Self.decided(c)
    }
    guard c.modifier != .direct else {
      return try test(try operand(c.lhs, on: row), c.op, c.options, constant)
    }
    if case .property(let base, _, _) = c.lhs.kind, case .slot(let index) = base.kind,
      case .unavailable(let reason)? = map[row.entity]?.slots[index]
    {
      throw Refusal(reason: reason)
    }
    guard case .property(let base, let member, let slot) = c.lhs.kind,
      case .slot(let index) = base.kind, case .alias(let owner, _) = row,
      case .toMany(let toMany)? = map[row.entity]?.slots[index]
    else {
      throw Refusal(reason: "\(c.modifier.rawValue) is pushed only over a to-many's attribute")
    }
    let m = alias()
    let value = try operand(on: .alias(m, entity: member), slot: slot)
    guard case .attribute(let read, _) = value else {
      throw Refusal(reason: "\(c.modifier.rawValue) is pushed only over a to-many's attribute")
    }
    let element = try test(value, c.op, c.options, constant)
    let inner = c.modifier == .all ? Self.negation(element) : element
    // A key path through a to-many leaves nil values out: only the members' values are tested.
    let exists = SQL(
      text: "EXISTS (SELECT 1 FROM \(toMany.from(m)) WHERE "
        + toMany.membership(member: m, owner: owner)
        + " AND \(read.text) IS NOT NULL AND (\(inner.text)))",
      parameters: read.parameters + inner.parameters, nullable: false)
    return c.modifier == .any ? exists : Self.negation(exists)
  }

  /// A comparison of two constants, decided once by the engine: the same for every object.
  /// One that fails is refused, as the engine fails on every object, and on none when there
  /// are none.
  private static func decided(_ c: BoundComparison) throws(Refusal) -> SQL {
    let compiler = PredicateCompiler(
      expressions: ExpressionCompiler(
        now: Date(timeIntervalSinceReferenceDate: 0), graph: ObjectGraph()))
    do throws(EvaluationError) {
      let holds = try compiler.compile(.comparison(c))(EvaluationScope(row: []))
      return SQL(text: holds ? "1" : "0", nullable: false)
    } catch {
      throw Refusal(reason: "comparing its constants fails: \(error.message)")
    }
  }

  /// The value of the key path `e` from `row` (an attribute, or an attribute through
  /// to-ones), with the attribute's type: what a sort key sorts by.
  mutating func attributeValue(_ e: BoundExpression, on row: Row) throws(Refusal) -> (
    SQL, AttributeType
  ) {
    guard case .attribute(let sql, let type) = try operand(e, on: row) else {
      throw Refusal(reason: "it reads something other than an attribute")
    }
    return (sql, type)
  }

  /// What the expression `e` reads from `row`.
  private mutating func operand(_ e: BoundExpression, on row: Row) throws(Refusal) -> Operand {
    switch e.kind {
    case .slot(let slot):
      return try operand(on: row, slot: slot)
    case .property(let base, let entity, let slot):
      guard case .toOne(let target) = try operand(base, on: row), target.toOne.destination == entity
      else {
        throw Refusal(reason: "its key path goes on from a value that is not a to-one")
      }
      return try operand(on: .target(target), slot: slot)
    case .collectionOperator(let op, let base):
      guard op.name == "count", case .slot(let index) = base.kind,
        case .alias(let owner, _) = row, case .toMany(let toMany)? = map[row.entity]?.slots[index]
      else {
        throw Refusal(reason: "only @count of a to-many is pushed")
      }
      let m = alias()
      return .count(
        SQL(
          text: "(SELECT COUNT(*) FROM \(toMany.from(m)) WHERE "
            + toMany.membership(member: m, owner: owner) + ")", nullable: false))
    case .arithmetic(let op, let lhs, let rhs) where op.isBitwise:
      return try bitwise(op, lhs, rhs, on: row)
    default:
      throw Refusal(reason: "it compares something other than a stored property or @count")
    }
  }

  /// `a & k`, `a | k` or `a >> k` of an integer attribute `a` and a whole-number constant
  /// `k`, which SQLite computes as the engine does (its `>>` keeps the sign, as the
  /// engine's does). `<<` is left to the engine, which reports an overflow where SQLite
  /// wraps, and so is `^`, which SQLite lacks.
  private mutating func bitwise(
    _ op: ArithmeticOperator, _ lhs: BoundExpression, _ rhs: BoundExpression, on row: Row
  ) throws(Refusal) -> Operand {
    guard op == .bitwiseAnd || op == .bitwiseOr || op == .rightShift,
      let k = rhs.constantValue.flatMap(Arithmetic.wholeNumber),
      op != .rightShift || (0...63).contains(k)
    else {
      throw Refusal(
        reason: "of the bitwise operators, only & | and >> of an integer attribute by a "
          + "whole-number constant are pushed")
    }
    guard case .attribute(let value, let type) = try operand(lhs, on: row),
      type == .int16 || type == .int32 || type == .int64
    else {
      throw Refusal(reason: "\(op.rawValue) is pushed only on an integer attribute")
    }
    return .attribute(
      SQL(
        text: "(\(value.text) \(op.rawValue) ?)", parameters: value.parameters + [.integer(k)],
        nullable: value.nullable), type)
  }

  /// The slot `slot` of the row `row`.
  private mutating func operand(on row: Row, slot: Int) throws(Refusal) -> Operand {
    guard let place = map[row.entity], place.slots.indices.contains(slot) else {
      throw Refusal(reason: "\(row.entity) is not in the store's tables")
    }
    /// `value` (over a row's alias) of the row.
    func read(_ value: @escaping (String) -> String) -> SQL {
      switch row {
      case .alias(let alias, _): return SQL(text: value(alias))
      case .target(let target): return target.select(value, as: alias())
      }
    }
    switch place.slots[slot] {
    case .attribute(let column, let attribute, let comparable):
      guard comparable else {
        throw Refusal(
          reason: "\(row.entity).\(attribute.name) is stored encoded (an archive or external data)")
      }
      return .attribute(read { "\($0).\(SQLiteConnection.quoted(column))" }, attribute.type)
    case .toOne(let toOne):
      let key = read(toOne.key(of:))
      let entity = toOne.entityColumn.map { _ in read { toOne.entity(of: $0) ?? "NULL" } }
      return .toOne(Target(toOne: toOne, key: key, entity: entity))
    case .toMany:
      throw Refusal(
        reason: "it compares a to-many itself; ANY, ALL or NONE over its elements is pushed")
    case .unavailable(let reason):
      throw Refusal(reason: reason)
    }
  }

  /// The condition that `operand` compares as `op` (with `options`) to `constant`.
  private mutating func test(
    _ operand: Operand, _ op: ComparisonOperator, _ options: StringOptions, _ constant: Value
  ) throws(Refusal) -> SQL {
    switch op {
    case .notEqual:
      return Self.negation(try test(operand, .equal, options, constant))
    case .in:
      if case .collection(let elements) = constant {
        var parts: [SQL] = []
        for element in elements { parts.append(try test(operand, .equal, options, element)) }
        return Self.join(parts, and: false)
      }
    case .between:
      guard case .collection(let bounds) = constant, bounds.count == 2 else {
        throw Refusal(reason: "BETWEEN needs two bounds")
      }
      return Self.join(
        [
          try test(operand, .greaterOrEqual, options, bounds[0]),
          try test(operand, .lessOrEqual, options, bounds[1]),
        ], and: true)
    default:
      break
    }
    if case .collection = constant {
      throw Refusal(reason: "\(op.rawValue) with a collection on its right")
    }
    let value: SQL
    let type: AttributeType?
    switch operand {
    case .toOne(let target):
      guard op == .equal, constant.isNull else {
        throw Refusal(reason: "it compares a to-one with something other than nil")
      }
      return SQL(
        text: "NOT EXISTS (SELECT 1 FROM \(target.from(alias())))",
        parameters: target.key.parameters + (target.entity?.parameters ?? []), nullable: false)
    case .attribute(let sql, let attributeType):
      (value, type) = (sql, attributeType)
    case .count(let sql):
      (value, type) = (sql, nil)
    }
    if constant.isNull {
      guard op == .equal else { return .never }
      return SQL(text: "\(value.text) IS NULL", parameters: value.parameters, nullable: false)
    }
    switch type {
    case .string?:
      let cell: SQLiteConnection.Cell
      switch constant {
      case .string(let text): cell = .text(text)
      case .int(let i): cell = .integer(i)
      case .double(let d) where !d.isNaN: cell = .real(d)
      default: throw Refusal(reason: "it compares a String with \(ValueType(of: constant))")
      }
      return SQL(
        text: "\(SQLiteFunctions.compare)(\(SQLiteFunctions.code(of: op)), \(options.rawValue), "
          + "\(value.text), ?)", parameters: value.parameters + [cell], nullable: false)
    case .int16?, .int32?, .int64?:
      // An integer compared with a string is decided by the engine's own code, as strings are.
      if case .string(let text) = constant {
        return SQL(
          text: "\(SQLiteFunctions.compare)(\(SQLiteFunctions.code(of: op)), \(options.rawValue), "
            + "\(value.text), ?)", parameters: value.parameters + [.text(text)], nullable: false)
      }
      return try integerTest(value, op, constant, nullable: true)
    case nil:
      return try integerTest(value, op, constant, nullable: false)
    case .double?, .float?:
      let bound: Double
      switch constant {
      case .double(let d) where d.isNaN: return .never
      case .double(let d): bound = d
      case .int(let i) where i.magnitude <= NumericOrder.exactDoubleIntegers.magnitude:
        bound = Double(i)
      default: throw Refusal(reason: "it compares a Double with \(ValueType(of: constant))")
      }
      return try ordered(value, op, .real(bound))
    case .date?:
      guard case .date(let date) = constant else {
        throw Refusal(reason: "it compares a Date with \(ValueType(of: constant))")
      }
      return try ordered(value, op, .real(date.timeIntervalSinceReferenceDate))
    case .bool?:
      if op == .equal, case .bool(let flag) = constant {
        return SQL(
          text: "\(value.text) \(flag ? "<> 0" : "= 0")", parameters: value.parameters)
      }
      // The engine orders a Boolean as the number 0 or 1, against numbers and Booleans.
      let number: Value
      switch constant {
      case .bool(let flag): number = .int(flag ? 1 : 0)
      case .int, .double: number = constant
      default: throw Refusal(reason: "it compares a Boolean with \(ValueType(of: constant))")
      }
      return try integerTest(
        SQL(text: "(\(value.text) <> 0)", parameters: value.parameters), op, number,
        nullable: true)
    case .uuid?:
      guard op == .equal, case .uuid(let uuid) = constant else {
        throw Refusal(reason: "a UUID is pushed only in == and != with a UUID")
      }
      // Core Data stores a UUID as 16 bytes; the reader takes text too (a store made by
      // hand), in any case of its hex digits, all of which sort between the upper-case and
      // the lower-case spelling, so that both tests can use an index.
      let upper = uuid.uuidString.uppercased()
      let v = value.text
      return SQL(
        text: "(\(v) = ? OR (\(v) BETWEEN ? AND ? AND upper(\(v)) = ?))",
        parameters: value.parameters + [.blob(withUnsafeBytes(of: uuid.uuid) { Data($0) })]
          + value.parameters + [.text(upper), .text(upper.lowercased())] + value.parameters
          + [.text(upper)])
    case let other?:
      throw Refusal(reason: "\(other.coreDataName) values are compared in memory")
    }
  }

  /// An integer (or `@count`) compared with a number: integers exactly; a Double that holds
  /// an integer as that integer, and any other as the integers around it.
  private func integerTest(
    _ value: SQL, _ op: ComparisonOperator, _ constant: Value, nullable: Bool
  )
    throws(Refusal) -> SQL
  {
    var result: SQL
    switch constant {
    case .int(let i):
      result = try ordered(value, op, .integer(i))
    case .double(let d) where d.isNaN:
      return .never
    case .double(let d) where d.isFinite && d.magnitude < 9.0e18:
      if d.rounded() == d {
        result = try ordered(value, op, .integer(Int64(d)))
      } else {
        switch op {
        case .equal: return .never
        case .less, .lessOrEqual:
          result = try ordered(value, .lessOrEqual, .integer(Int64(d.rounded(.down))))
        case .greater, .greaterOrEqual:
          result = try ordered(value, .greaterOrEqual, .integer(Int64(d.rounded(.up))))
        default: throw Refusal(reason: "\(op.rawValue) on a number")
        }
      }
    default:
      throw Refusal(reason: "it compares an integer with \(ValueType(of: constant))")
    }
    result.nullable = nullable
    return result
  }

  /// `value op ?` for the ordering operators and `==`, with `parameter` bound.
  private func ordered(_ value: SQL, _ op: ComparisonOperator, _ parameter: SQLiteConnection.Cell)
    throws(Refusal) -> SQL
  {
    let sqlOperator: String
    switch op {
    case .equal: sqlOperator = "="
    case .less, .lessOrEqual, .greater, .greaterOrEqual: sqlOperator = op.rawValue
    default: throw Refusal(reason: "\(op.rawValue) on a number or a date")
    }
    return SQL(
      text: "\(value.text) \(sqlOperator) ?", parameters: value.parameters + [parameter])
  }
}
