import Foundation
import XCTest

@testable import BowQ

/// Column-at-a-time filters and top-k heaps give exactly the answers of the compiled
/// closures: random tables (nils, integers near 2^53, NaN, mixed numeric kinds in one
/// column, non-ASCII and "\r\n" strings, dictionary and plain string columns) and random
/// predicates are run both ways and compared.
final class ColumnScanTests: XCTestCase {
  private static let date0 = Date(timeIntervalSinceReferenceDate: 0)

  /// Slots: 0 integers, 1 reals, 2 few strings, 3 many strings, 4 mixed numbers, 5 Booleans,
  /// 6 dates, 7 always nil.
  private func randomTable(_ random: inout SplitMix64, objects: Int) -> EntityTable {
    let few = ["R", "g", "Blue", "BLUE", "bleu", "Crème", "e\u{301}", "\u{E9}", "a\r\nb", ""]
    let words = [
      "blue", "Blue", "BLÜE", "Paisley", "silk", "Ärger", "straße", "X\r\nY", "ß", "K",
      "\u{212A}elvin", "\u{130}stanbul", "Café", "Semi\u{37E}colon",
    ]
    var table = EntityTable()
    for i in 0..<objects {
      let nil4 = random.int(in: 0...4) == 0
      let near = Int64(1 << 53) + Int64(random.int(in: -2...2))
      let integer: Value =
        nil4 ? .null : .int(random.pick([Int64(random.int(in: -5...5)), near, -near, .max, .min]))
      let real: Value =
        random.int(in: 0...4) == 0
        ? .null
        : .double(
          random.pick([
            Double(random.int(in: -5...5)) / 2, .nan, -0.0, 9_007_199_254_740_992, .infinity,
          ])
        )
      let name = (0..<random.int(in: 0...3)).map { _ in random.pick(words) }.joined(separator: " ")
      let mixed: Value = random.pick([
        .int(Int64(random.int(in: 0...4))), .double(Double(random.int(in: 0...8)) / 2),
        .decimal(Decimal(random.int(in: 0...4))), .bool(random.int(in: 0...1) == 1), .null,
      ])
      table.insert([
        integer, real,
        random.int(in: 0...5) == 0 ? .null : .string(random.pick(few)),
        random.int(in: 0...5) == 0 ? .null : .string("\(name) \(i)"),
        mixed,
        random.int(in: 0...3) == 0 ? .null : .bool(random.int(in: 0...1) == 1),
        random.int(in: 0...3) == 0
          ? .null : .date(Self.date0.addingTimeInterval(Double(random.int(in: 0...5)))),
        .null,
      ])
    }
    return table
  }

  private func expression(_ kind: BoundExpression.Kind) -> BoundExpression {
    BoundExpression(kind: kind, type: .unknown, range: .nowhere)
  }

  private func randomConstant(_ random: inout SplitMix64) -> Value {
    let strings = [
      "blue", "BLUE", "b", "e", "\u{E9}", "Crème", "R", "", "ß", "\n", "?lue*", "ss", "k", "i",
      "af", "semi;COLON",
    ]
    switch random.int(in: 0...9) {
    case 0: return .int(Int64(random.int(in: -3...3)))
    case 1: return .int(Int64(1 << 53) + Int64(random.int(in: -2...2)))
    case 2: return .double(random.pick([0.5, -0.0, .nan, 9007199254740992, 2]))
    case 3: return .null
    case 4: return .bool(random.int(in: 0...1) == 1)
    case 5: return .date(Self.date0.addingTimeInterval(Double(random.int(in: 0...5))))
    case 6: return .collection([.int(1), .string("R"), .double(2.5)])
    case 7: return .collection([.int(Int64(random.int(in: 0...2))), .int(3)])
    case 8: return .decimal(Decimal(random.int(in: 0...3)))
    default: return .string(random.pick(strings))
    }
  }

  private func randomPredicate(_ random: inout SplitMix64, depth: Int) -> BoundPredicate {
    switch depth > 0 ? random.int(in: 0...5) : 5 {
    case 0: return .not(randomPredicate(&random, depth: depth - 1))
    case 1, 2:
      return .and(
        (0..<random.int(in: 1...3)).map { _ in randomPredicate(&random, depth: depth - 1) })
    case 3:
      return .or(
        (0..<random.int(in: 1...3)).map { _ in randomPredicate(&random, depth: depth - 1) })
    case 4 where random.int(in: 0...3) == 0: return .constant(random.int(in: 0...1) == 1)
    default:
      let op = random.pick(ComparisonOperator.allCases.filter { $0 != .matches })
      let options = random.pick([
        StringOptions(), [.caseInsensitive], [.diacriticInsensitive],
        [.caseInsensitive, .diacriticInsensitive],
      ])
      return .comparison(
        BoundComparison(
          modifier: .direct, lhs: expression(.slot(random.int(in: 0...7))), op: op,
          options: options, rhs: expression(.constant(randomConstant(&random))), range: .nowhere))
    }
  }

  private func run(_ plan: QueryPlan, on table: EntityTable, scansColumns: Bool) -> String {
    run(
      plan, on: PlanSource(entity: Entity(name: "", attributes: []), table: table),
      scansColumns: scansColumns)
  }

  private let entity = Entity(name: "E", attributes: [])

  /// The objects of `table` that `predicate` selects, column at a time and through the
  /// closures.
  private func filtered(_ table: EntityTable, by predicate: BoundPredicate) -> (
    scanned: String, closures: String
  ) {
    let plan = QueryPlan(
      entity: entity,
      steps: [
        PlanStep(operation: .scan(objects: table.count)),
        PlanStep(operation: .filter(predicate)),
      ], output: .targets)
    return (
      run(plan, on: table, scansColumns: true), run(plan, on: table, scansColumns: false)
    )
  }

  func testFiltersGiveTheClosuresAnswers() {
    var random = SplitMix64(seed: 13)
    for round in 0..<40 {
      let table = randomTable(&random, objects: random.int(in: 0...300))
      for _ in 0..<50 {
        let predicate = randomPredicate(&random, depth: 3)
        let (scanned, closures) = filtered(table, by: predicate)
        XCTAssertEqual(scanned, closures, "round \(round): \(predicate)")
      }
    }
  }

  /// Asserts that the first `count` objects of `table` by `slot`, read column at a time,
  /// are those the closures give.
  private func assertTopAgrees(
    _ table: EntityTable, slot: Int, ascending: Bool, count: Int, _ message: String,
    line: UInt = #line
  ) {
    let key = BoundSortKey(
      value: expression(.slot(slot)), ascending: ascending, comparison: .compare)
    let plan = QueryPlan(
      entity: entity,
      steps: [
        PlanStep(operation: .scan(objects: table.count)),
        PlanStep(operation: .topObjects([key], count: count)),
      ], output: .objects)
    XCTAssertEqual(
      run(plan, on: table, scansColumns: true), run(plan, on: table, scansColumns: false),
      message, line: line)
  }

  func testTopObjectsGiveTheClosuresAnswers() {
    var random = SplitMix64(seed: 5)
    for _ in 0..<60 {
      let table = randomTable(&random, objects: random.int(in: 0...400))
      for slot in [0, 1, 5, 6, 7] {
        let ascending = random.int(in: 0...1) == 1
        assertTopAgrees(
          table, slot: slot, ascending: ascending, count: random.int(in: 0...30),
          "slot \(slot) ascending \(ascending)")
      }
    }
  }

  /// The random table's objects spread over a hierarchy in place: `E`, whose slot 7 is a
  /// relationship, and its sub-entity `S`, which holds an attribute of its own at slot 7 and
  /// the relationship at slot 8, so that every predicate and key on slot 7 is read at a
  /// different slot in each member. The first objects are `E`'s, the others `S`'s, in order.
  private func hierarchy(of table: EntityTable, split: Int) -> PlanSource {
    let attributes = (0..<7).map { Attribute(name: "a\($0)", type: .string, isOptional: true) }
    let relation = Relationship(name: "r", destination: "E", isToMany: false)
    let parent = Entity(name: "E", attributes: attributes, relationships: [relation])
    let child = Entity(
      name: "S",
      attributes: attributes + [Attribute(name: "x", type: .int64, isOptional: true)],
      relationships: [relation], parent: "E")
    var own = EntityTable()
    var sub = EntityTable()
    for position in 0..<table.count {
      let row = table.row(at: position)
      if position < split {
        own.insert(row, key: table.keys[position])
      } else {
        sub.insert(
          Array(row[0..<7]) + [.int(Int64(position))] + [row[7]], key: table.keys[position])
      }
    }
    return PlanSource(entity: parent, members: [(parent, own, []), (child, sub, [])])
  }

  private func run(_ plan: QueryPlan, on source: PlanSource, scansColumns: Bool) -> String {
    var executor = PlanExecutor(
      source: source, compiler: PredicateCompiler(expressions: ExpressionCompiler(now: Self.date0)))
    executor.scansColumns = scansColumns
    do {
      guard case .objects(let positions) = try executor.run(plan).0 else { return "no objects" }
      return "\(positions)"
    } catch {
      return "error: \(error)"
    }
  }

  /// Filters, heaps and sorts over a hierarchy read in place give the answers of the same
  /// objects in one table, column at a time or through closures compiled per member.
  func testAHierarchyInPlaceGivesTheAnswersOfOneTable() {
    var random = SplitMix64(seed: 29)
    for round in 0..<30 {
      let table = randomTable(&random, objects: random.int(in: 0...300))
      let source = hierarchy(of: table, split: random.int(in: 0...table.count))
      for _ in 0..<20 {
        let predicate = randomPredicate(&random, depth: 3)
        let key = BoundSortKey(
          value: expression(.slot(random.pick([0, 1, 5, 6, 7]))),
          ascending: random.int(in: 0...1) == 1, comparison: .compare)
        let second = BoundSortKey(
          value: expression(.slot(random.int(in: 0...7))), ascending: true, comparison: .compare)
        let scan = PlanStep(operation: .scan(objects: table.count))
        for steps in [
          [scan, PlanStep(operation: .filter(predicate))],
          [
            scan,
            PlanStep(operation: .topObjects([key], count: random.int(in: 0...30))),
          ],
          [
            scan, PlanStep(operation: .filter(predicate)),
            PlanStep(operation: .topObjects([key, second], count: 7)),
          ],
          [scan, PlanStep(operation: .sortObjects([key, second]))],
        ] {
          let plan = QueryPlan(entity: entity, steps: steps, output: .objects)
          let expected = run(plan, on: table, scansColumns: false)
          for scansColumns in [true, false] {
            XCTAssertEqual(
              run(plan, on: source, scansColumns: scansColumns), expected,
              "round \(round), columns \(scansColumns): \(steps.map(\.operation))")
          }
        }
      }
    }
  }

  /// Over a whole column with no nil, blocks of objects none of which goes before the last
  /// kept are passed by whole: the objects kept, ties in table order, are still the
  /// closures', whichever block holds the best, and a NaN in a block passed by still sends
  /// the statement the closures' way.
  func testTopObjectsOverWholeColumnsPassBlocksByAsTheClosuresAnswer() {
    var random = SplitMix64(seed: 41)
    for round in 0..<24 {
      let objects = random.int(in: 1_000...9_000)
      let reals = round % 2 == 0
      let spread = random.int(in: 1...50)
      var table = EntityTable()
      for _ in 0..<objects {
        let n = random.int(in: 0...spread)
        table.insert([reals ? .double(Double(n) / 2) : .int(Int64(n))])
      }
      if round % 6 == 4 { table.update(key: Int64(objects - 3), attribute: 0, to: .double(.nan)) }
      for ascending in [false, true] {
        assertTopAgrees(
          table, slot: 0, ascending: ascending, count: random.int(in: 0...30),
          "round \(round), ascending \(ascending)")
      }
    }
  }

  func testRealsWithoutNaNGoThroughTheColumn() {
    var table = EntityTable()
    for i in 0..<2000 { table.insert([i % 7 == 0 ? .null : .double(Double(i % 13))]) }
    let key = BoundSortKey(value: expression(.slot(0)), ascending: false, comparison: .compare)
    let plan = QueryPlan(
      entity: entity,
      steps: [
        PlanStep(operation: .scan(objects: table.count)),
        PlanStep(operation: .topObjects([key], count: 5)),
      ], output: .objects)
    XCTAssertEqual(run(plan, on: table, scansColumns: true), "[12, 25, 38, 51, 64]")
  }

  /// `==` and `!=` with `[c]` and `[d]` over a column of many strings (held as spans) decide
  /// ASCII strings on their bytes and leave the others to the closures' folding: the
  /// answers are the closures', canonical equivalents (`;` and U+037E) included.
  func testEqualityWithOptionsOverManyStringsGivesTheClosuresAnswers() {
    var table = EntityTable()
    let forms = ["blue", "BLUE", "Blue", "blué", "BLUÉ", "semi;colon", "Semi\u{37E}colon", "ß"]
    for i in 0..<900 {
      table.insert([i % 11 == 0 ? .null : .string("\(forms[i % forms.count]) \(i % 300)")])
    }
    XCTAssertEqual(table.column(0).strings.encoding, .plain)
    for op in [ComparisonOperator.equal, .notEqual] {
      for options: StringOptions in [
        [], [.caseInsensitive], [.diacriticInsensitive], [.caseInsensitive, .diacriticInsensitive],
      ] {
        for constant in [
          "blue 8", "BLUE 9", "blue 12", "Blue 11", "semi;colon 5", "SEMI;COLON 6", "ss 7", "x",
        ] {
          let predicate = BoundPredicate.comparison(
            BoundComparison(
              modifier: .direct, lhs: expression(.slot(0)), op: op, options: options,
              rhs: expression(.constant(.string(constant))), range: .nowhere))
          let (scanned, closures) = filtered(table, by: predicate)
          XCTAssertEqual(scanned, closures, "\(predicate)")
          if op == .equal, options == [.caseInsensitive], constant == "blue 8" {
            XCTAssertNotEqual(scanned, "[]", "the test finds something")
          }
        }
      }
    }
  }

  func testAnInterruptStopsAScan() {
    var table = EntityTable()
    for i in 0..<5000 { table.insert([.string("tie \(i)")]) }
    let predicate = BoundPredicate.comparison(
      BoundComparison(
        modifier: .direct, lhs: expression(.slot(0)), op: .contains, options: [.caseInsensitive],
        rhs: expression(.constant(.string("9"))), range: .nowhere))
    Interrupt.request()
    defer { Interrupt.reset() }
    XCTAssertThrowsError(try ColumnScan(predicate, over: table)?.selection()) {
      XCTAssertTrue($0 is Interrupted)
    }
  }
}
