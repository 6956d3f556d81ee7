/// An object of an object graph, to evaluate a ``FormatPredicate`` or ``FormatExpression``
/// against with its entity's types: key paths are checked against the entity (with
/// did-you-mean on a misspelt one) and follow its relationships, as in a `fetch`.
///
/// ```swift
/// let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
/// _ = try interpreter.run("entity Hat { name: String }\ninsert Hat name = \"Fez\"")
/// let fez = GraphObject(ObjectID(entity: "Hat", key: 1), in: interpreter.context.graph)
/// try FormatPredicate(format: "name BEGINSWITH %@", "F").evaluate(with: fez)  // true
/// ```
///
/// The graph of a session opened on a store file (``StoreOpening``) holds only the columns
/// its statements have read so far: call ``Interpreter/decodeEveryColumn()`` before taking
/// its ``Context/graph`` for objects evaluated here.
public struct GraphObject: Sendable {
  /// The graph the object belongs to: a snapshot, as graphs are values.
  public var graph: ObjectGraph
  /// Which object of the graph.
  public var id: ObjectID

  /// The object `id` of `graph`.
  public init(_ id: ObjectID, in graph: ObjectGraph) {
    self.graph = graph
    self.id = id
  }
}
