/// Core Data's R-tree indexes (`Z_RT_…`: Photos keeps its assets' locations in one) are
/// SQLite virtual tables that the entity's triggers keep up to date. SQLite lets a trigger
/// write a virtual table only when the schema is trusted, and bowq opens every connection
/// untrusted, so a save that touches such an entity would fail. A save trusts the schema
/// only when everything the trust would let run is what Core Data writes for its R-trees:
///
/// - every virtual table is an R-tree named `Z_RT_…`;
/// - every `Z_RT_` trigger has one of the shapes Core Data gives them — after an insert,
///   update or delete of a row, delete the row's entry from its R-tree (`WHERE Z_PK =
///   OLD.Z_PK` or `NEW.Z_PK`) and insert the new row's key and columns (`VALUES (NEW.Z_PK,
///   NEW.ZLATITUDE, …)`) — and touches only those R-trees.
///
/// A `Z_RT_` trigger of any other shape is refused as a trigger Core Data does not write.
struct CoreDataRTreeTriggers {
  /// The R-tree tables of the store.
  let trees: Set<String>
  /// Whether every virtual table of the store is one of ``trees``.
  let onlyRTrees: Bool

  /// The virtual tables of the schema `tables` (each table's name and SQL).
  init(tables: [(name: String, sql: String)]) {
    var trees: Set<String> = []
    var onlyRTrees = true
    for table in tables {
      let sql = Self.normalized(table.sql)
      guard sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE") else { continue }
      if table.name.hasPrefix("Z_RT_"), sql.firstMatch(of: Self.rtree) != nil {
        trees.insert(table.name.uppercased())
      } else {
        onlyRTrees = false
      }
    }
    self.trees = trees
    self.onlyRTrees = onlyRTrees
  }

  /// Whether the schema must be trusted for the save's triggers to write the R-trees, and may
  /// be.
  var needsTrust: Bool { !trees.isEmpty && onlyRTrees }

  /// Whether the trigger `sql` is of a shape Core Data gives an R-tree's triggers, writing
  /// only into ``trees``.
  func isCoreDataRTreeTrigger(_ sql: String) -> Bool {
    guard let match = Self.normalized(sql).wholeMatch(of: Self.trigger) else { return false }
    let statements = match.output.body.split(separator: ";").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    return !statements.isEmpty && statements.allSatisfy(isTreeWrite)
  }

  /// Whether `statement` deletes a row's entry from one of ``trees``, or inserts the new row's
  /// key and columns into one.
  private func isTreeWrite(_ statement: String) -> Bool {
    if let delete = statement.wholeMatch(of: Self.delete) {
      return trees.contains(String(delete.output.1).uppercased())
    }
    guard let insert = statement.wholeMatch(of: Self.insert),
      trees.contains(String(insert.output.1).uppercased())
    else { return false }
    let values = insert.output.2.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    return values.allSatisfy { $0.wholeMatch(of: Self.newColumn) != nil }
  }

  /// `sql` with every run of white space one space.
  private static func normalized(_ sql: String) -> String {
    sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  private static var rtree: Regex<Substring> {
    /^CREATE VIRTUAL TABLE "?\w+"? USING RTREE ?\(/.ignoresCase()
  }
  private static var trigger: Regex<(Substring, body: Substring)> {
    /CREATE TRIGGER "?\w+"? AFTER (?:INSERT|UPDATE|DELETE) ON "?\w+"? FOR EACH ROW BEGIN (?<body>.*) END;?/
      .ignoresCase()
  }
  private static var delete: Regex<(Substring, Substring)> {
    /DELETE FROM "?(\w+)"? WHERE Z_PK = (?:NEW|OLD)\.Z_PK/.ignoresCase()
  }
  private static var insert: Regex<(Substring, Substring, Substring)> {
    /INSERT (?:OR REPLACE )?INTO "?(\w+)"? \([\w ,]+\) VALUES \(([\w .,]+)\)/.ignoresCase()
  }
  private static var newColumn: Regex<Substring> { /NEW\.\w+/.ignoresCase() }
}
