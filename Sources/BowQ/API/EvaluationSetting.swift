import Foundation

/// What the Swift API evaluates a predicate or expression in: plain Swift values, read
/// through a ``DynamicScope`` by a format bound dynamically once, or an object of a graph,
/// against whose entity the format is bound for each evaluation.
struct EvaluationSetting {
  var compiler: ExpressionCompiler
  var scope: EvaluationScope
  /// Binds a format in the setting: dynamically for plain values; against the object's
  /// entity, with the substitution variables as constants, for an object of a graph.
  var binder: Binder
  /// The evaluated object's entity, for an object of a graph.
  var entity: Entity?
  /// The plain values evaluated against, which turn results back into Swift values.
  var values = PlainValues(keepsDictionaries: true)

  /// A binder for plain values, with no model: key paths and variables are looked up
  /// during evaluation.
  static func dynamicBinder(now: Date = Date()) -> Binder {
    var binder = Binder(model: Model(), variables: [:], now: now)
    binder.isDynamic = true
    binder.defersFoldingErrors = true
    return binder
  }

  /// Binds a format for plain values, as a format is checked when it is made.
  static func bindDynamically<T>(_ body: (Binder) throws(LanguageError) -> T)
    throws(PredicateFormatError) -> T
  {
    do {
      return try body(dynamicBinder())
    } catch {
      throw .language(error)
    }
  }

  /// Plain Swift values: `object` is what `SELF` and key paths read.
  init(plain object: Any?, variables: [String: Any?]) throws(PredicateEvaluationError) {
    let now = Date()
    do {
      let root = try values.value(object, path: "the object")
      let variables = try values.values(of: variables)
      scope = EvaluationScope(
        row: [], key: 0, locals: [],
        dynamic: DynamicScope(root: root, dictionaries: values.dictionaries, variables: variables))
    } catch {
      throw PredicateEvaluationError(error.message)
    }
    compiler = ExpressionCompiler(now: now)
    binder = Self.dynamicBinder(now: now)
  }

  /// An object of a graph, with the substitution variables as constants.
  init(object: GraphObject, variables: [String: Any?]) throws(PredicateEvaluationError) {
    let graph = object.graph
    guard let entity = graph.model.entity(named: object.id.entity),
      let row = graph.table(object.id.entity).row(for: object.id.key)
    else {
      throw PredicateEvaluationError("the graph has no object \(object.id)")
    }
    let now = Date()
    do {
      binder = Binder(model: graph.model, variables: try PlainValues.constants(variables), now: now)
    } catch {
      throw PredicateEvaluationError(error.message)
    }
    binder.isDynamic = true
    binder.defersFoldingErrors = true
    self.entity = entity
    compiler = ExpressionCompiler(now: now, graph: graph)
    scope = EvaluationScope(row: row, key: object.id.key, locals: [])
  }

  /// Binds a format in the setting (see ``binder``).
  func bind<T>(_ body: (Binder, Entity?) throws(LanguageError) -> T)
    throws(PredicateEvaluationError) -> T
  {
    do {
      return try body(binder, entity)
    } catch {
      throw PredicateEvaluationError(error)
    }
  }

  /// Runs a compiled predicate or expression in the setting.
  func run<T>(_ compiled: (EvaluationScope) throws(EvaluationError) -> T)
    throws(PredicateEvaluationError) -> T
  {
    do {
      return try compiled(scope)
    } catch {
      throw PredicateEvaluationError(error)
    }
  }

  /// A result as a Swift value (see ``PlainValues/swiftValue(_:graph:)``).
  func swiftValue(_ value: Value) -> Any? {
    values.swiftValue(value, graph: entity == nil ? nil : compiler.graph)
  }
}
