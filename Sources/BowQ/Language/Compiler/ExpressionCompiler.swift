import Foundation

/// The compiled form of an expression: reads the values it needs from the scope.
typealias CompiledExpression = (EvaluationScope) throws(EvaluationError) -> Value

/// Turns bound expressions into closures, specialised by kind so evaluation does no name
/// lookup and no dispatch on the syntax tree.
struct ExpressionCompiler {
  /// The statement's clock reading: `now()` gives the same instant for every object.
  var now: Date
  /// The graph that key paths through relationships read from.
  var graph: ObjectGraph = ObjectGraph()

  func compile(_ e: BoundExpression) -> CompiledExpression {
    let range = e.range
    switch e.kind {
    case .constant(let value):
      return { _ in value }
    case .slot(let index):
      return { scope in scope.slot(index) }
    case .evaluatedObject(let entity):
      let own = graph.table(entity)
      let members = graph.model.hierarchy(of: entity).dropFirst()
        .map { (name: $0.name, table: graph.table($0.name)) }.filter { $0.table.count > 0 }
      guard !members.isEmpty else {
        return { scope in .object(ObjectID(entity: entity, key: scope.key)) }
      }
      // Keys are unique across a hierarchy: the object is of the entity whose table has it.
      return { scope in
        guard own.position(of: scope.key) == nil,
          let member = members.first(where: { $0.table.position(of: scope.key) != nil })
        else { return .object(ObjectID(entity: entity, key: scope.key)) }
        return .object(ObjectID(entity: member.name, key: scope.key))
      }
    case .local(let slot):
      return { scope in scope.locals[slot] }
    case .property(let base, let entity, let slot):
      let source = compile(base)
      let place = PropertyPlace(table: graph.table(entity), slot: slot)
      let elsewhere = placesElsewhere(slot, of: entity)
      let isRelationship = graph.model.entity(named: entity).map { slot >= $0.attributes.count }
      return { scope throws(EvaluationError) in
        try Self.property(
          of: try source(scope), at: place, in: entity, elsewhere: elsewhere,
          distinct: isRelationship ?? false, range: range)
      }
    case .aggregate(let elements):
      let compiled = elements.map(compile)
      return { scope throws(EvaluationError) in
        var values: [Value] = []
        values.reserveCapacity(compiled.count)
        for element in compiled { values.append(try element(scope)) }
        return .collection(values)
      }
    case .negate(let operand):
      let value = compile(operand)
      return { scope throws(EvaluationError) in
        try Arithmetic.negate(try value(scope), range: range)
      }
    case .arithmetic(let op, let l, let r):
      let lhs = compile(l)
      let rhs = compile(r)
      return { scope throws(EvaluationError) in
        try Arithmetic.apply(op, try lhs(scope), try rhs(scope), range: range)
      }
    case .function(let function, let arguments):
      let compiled = arguments.map(compile)
      let now = self.now
      return { scope throws(EvaluationError) in
        var values: [Value] = []
        for argument in compiled { values.append(try argument(scope)) }
        return try function.apply(values, now: now, range: range)
      }
    case .cast(let operand, let target):
      let value = compile(operand)
      return { scope throws(EvaluationError) in try target.apply(try value(scope), range: range) }
    case .collectionOperator(let op, let operand):
      let value = compile(operand)
      return { scope throws(EvaluationError) in
        try op.applyAsCollectionOperator(to: try value(scope), range: range)
      }
    case .index(let base, let selector):
      return compileIndex(base, selector, range: range)
    case .ternary(let condition, let whenTrue, let whenFalse):
      let test = PredicateCompiler(expressions: self).compile(condition)
      let (a, b) = (compile(whenTrue), compile(whenFalse))
      return { scope throws(EvaluationError) in try test(scope) ? try a(scope) : try b(scope) }
    case .subquery(let collection, let slot, let predicate):
      let source = compile(collection)
      let test = PredicateCompiler(expressions: self).compile(predicate)
      return { scope throws(EvaluationError) in
        guard case .collection(let elements) = try source(scope) else { return .collection([]) }
        var inner = scope
        if inner.locals.count <= slot {
          inner.locals += Array(repeating: .null, count: slot + 1 - inner.locals.count)
        }
        var kept: [Value] = []
        for element in elements {
          inner.locals[slot] = element
          if try test(inner) { kept.append(element) }
        }
        return .collection(kept)
      }
    case .dynamic(let lookup):
      return compile(lookup, range: range)
    }
  }

  /// Where a property's values are: an entity's table and the property's slot in it.
  struct PropertyPlace {
    var table: EntityTable
    var slot: Int
  }

  /// The places of the property at `slot` of `entity` in the other entities that have a
  /// property of its name, by entity: an object a relationship points to may be of a
  /// sub-entity of its destination, whose slots differ.
  private func placesElsewhere(_ slot: Int, of entity: String) -> [String: PropertyPlace] {
    guard let names = graph.model.entity(named: entity)?.propertyNames, slot < names.count
    else { return [:] }
    let name = names[slot]
    var places: [String: PropertyPlace] = [:]
    for other in graph.model.entities where other.name != entity {
      if let index = other.propertyNames.firstIndex(of: name) {
        places[other.name] = PropertyPlace(table: graph.table(other.name), slot: index)
      }
    }
    return places
  }

  /// A property of an object, or of every object of a collection (flattening to-manys),
  /// read at `place` for objects of `entity` and at their own entity's place for others;
  /// nil for nil and for objects that no longer exist.
  ///
  /// A relationship (`distinct`) read through a collection gives each object once, in the
  /// order first met, as Foundation's `valueForKey:` of an `NSSet` gives a set and of an
  /// `NSOrderedSet` an ordered set: `pages.book` is the one book of many pages, and a chain
  /// `book.pages.book.pages…` stays as large as the objects it reaches. A long expansion
  /// stops when Ctrl-C is pressed (``Interrupt``), with an error the statement reports as
  /// interrupted.
  static func property(
    of value: Value, at place: PropertyPlace, in entity: String,
    elsewhere: [String: PropertyPlace], distinct: Bool, range: SourceRange
  ) throws(EvaluationError) -> Value {
    func read(_ element: Value) -> Value {
      guard case .object(let id) = element,
        let place = id.entity == entity ? place : elsewhere[id.entity]
      else { return .null }
      return place.table.value(for: id.key, slot: place.slot) ?? .null
    }
    guard case .collection = value else { return read(value) }
    var step = 0
    let values = try collecting(value) { element throws(EvaluationError) in
      defer { step += 1 }
      do {
        try Interrupt.check(every: step)
      } catch {
        throw EvaluationError("interrupted while reading a key path", at: range)
      }
      return read(element)
    }
    guard distinct, case .collection(let elements) = values else { return values }
    var seen: Set<ObjectID> = []
    return .collection(
      elements.filter { element in
        guard case .object(let id) = element else { return true }
        return seen.insert(id).inserted
      })
  }

  /// `read` applied to a value, or to every element of a collection with the results
  /// flattened one level and nils left out: how a key path reads through a to-many.
  static func collecting<E: Error>(_ value: Value, _ read: (Value) throws(E) -> Value) throws(E)
    -> Value
  {
    guard case .collection(let elements) = value else { return try read(value) }
    var values: [Value] = []
    for element in elements {
      switch try collecting(element, read) {
      case .collection(let inner): values += inner
      case .null: continue
      case let single: values.append(single)
      }
    }
    return .collection(values)
  }

  private func compileIndex(_ base: BoundExpression, _ selector: BoundIndex, range: SourceRange)
    -> CompiledExpression
  {
    let collection = compile(base)
    let index: CompiledExpression? = if case .at(let i) = selector { compile(i) } else { nil }
    return { scope throws(EvaluationError) in
      let base = try collection(scope)
      if let index, let dictionary = scope.dynamic?.dictionary(base) {
        guard case .string(let key) = try index(scope) else {
          throw EvaluationError(
            "a dictionary is indexed by a key string, as in d[\"key\"]", at: range)
        }
        return dictionary[key] ?? .null
      }
      return try selector.selector(position: try index?(scope)).select(from: base, range: range)
    }
  }
}
