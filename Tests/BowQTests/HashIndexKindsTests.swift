import Foundation
import XCTest

@testable import BowQ

/// Hash indexes of the attributes apps key objects by — UUIDs, URIs, binary data and
/// Decimals — answer `==` and `IN`, agree with a scan, and stay right through edits.
final class HashIndexKindsTests: XCTestCase {
  private static let model = """
    entity Thing {
      id: UUID unique
      link: URI?
      blob: Binary?
      price: Decimal?
      index link using hash
      index blob using hash
      index byPrice (price) using hash
    }
    """

  private static let links = ["https://a.example/1", "https://a.example/2", "file:///tmp/x"]
  private static let prices = [
    "2", "2.0", "2.5", "0.1", "-3", "9007199254740992", "9007199254740993",
  ]

  /// The UUID of the thing made `i`th, in the form CAST reads.
  private static func uuid(_ i: Int) -> String {
    String(format: "6E8B2A14-1C7A-4C35-9C55-%012X", i)
  }

  /// An interpreter on `count` random things, with the indexes of ``model`` or none; `$b0`,
  /// `$b1` and `$b2` are binary values, `$l0`, `$l1` and `$l2` URIs.
  private func makeInterpreter(seed: UInt64, indexed: Bool, count: Int = 40) throws
    -> Interpreter
  {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    for i in 0..<3 {
      interpreter.variables["b\(i)"] = .data(Data(repeating: UInt8(i), count: i))
      interpreter.variables["l\(i)"] = URI(Self.links[i]).map(Value.uri) ?? .null
    }
    let model =
      indexed
      ? Self.model
      : Interpreter.withoutIndexes(Self.model)
    var script = model + "\n"
    var random = SplitMix64(seed: seed)
    for i in 0..<count {
      script += "insert Thing " + values(&random, id: i) + "\n"
    }
    _ = try interpreter.run(script + "save")
    return interpreter
  }

  /// The values of a new thing with the UUID numbered `id`.
  private func values(_ random: inout SplitMix64, id: Int) -> String {
    let link = random.chance(20) ? "nil" : "$l\(random.int(in: 0...2))"
    let blob = random.chance(20) ? "nil" : "$b\(random.int(in: 0...2))"
    let price = random.chance(20) ? "nil" : random.pick(Self.prices)
    return #"id = CAST("\#(Self.uuid(id))", "NSUUID"), "#
      + "link = \(link), blob = \(blob), price = \(price)"
  }

  private static let predicates = [
    #"id == CAST("\#(uuid(1))", "NSUUID")"#,
    #"id IN {CAST("\#(uuid(2))", "NSUUID"), CAST("\#(uuid(3))", "NSUUID"), "x"}"#,
    #"id == "\#(uuid(1))""#,
    "link == $l0", "link IN {$l1, $l2, nil}", "link == nil",
    "blob == $b1", "blob IN {$b0, $b2}", "blob == nil",
    "price == 2", "price == 2.0", "price == 2.5", "price == 0.1", "price == -3",
    "price == 9007199254740993", "price == 9007199254740992", "price == 9007199254740992.0",
    "price IN {2, 0.1, YES, nil}", "price == nil", "price == 7",
  ]

  func testEachKindIsSearchedInItsIndex() throws {
    let interpreter = try makeInterpreter(seed: 1, indexed: true)
    let plans: [(String, String)] = [
      (Self.predicates[0], "indexLookup(unique(id))"),
      (Self.predicates[1], "indexLookup(unique(id))"),
      (Self.predicates[3], "indexLookup(link)"),
      (Self.predicates[4], "indexLookup(link)"),
      (Self.predicates[6], "indexLookup(blob)"),
      (Self.predicates[7], "indexLookup(blob)"),
      (Self.predicates[9], "indexLookup(byPrice)"),
      (Self.predicates[11], "indexLookup(byPrice)"),
      (Self.predicates[14], "indexLookup(byPrice)"),
      (Self.predicates[17], "indexLookup(byPrice)"),
    ]
    for (predicate, step) in plans {
      let plan = try interpreter.shape("fetch Thing where " + predicate)
      XCTAssertEqual(plan.first, step, predicate)
      XCTAssertFalse(plan.contains { $0.hasPrefix("scan") }, "\(predicate): \(plan)")
    }
    XCTAssertEqual(
      try interpreter.shape("count Thing where " + Self.predicates[0]),
      ["indexCount(unique(id))"])
    XCTAssertEqual(
      try interpreter.shape("fetch Thing where price == 2"), ["indexLookup(byPrice)", "filter"],
      "a Decimal's group is checked")
  }

  func testIndexedAndScannedAnswersAgree() throws {
    for seed in UInt64(1)...4 {
      let indexed = try makeInterpreter(seed: seed, indexed: true)
      let scanned = try makeInterpreter(seed: seed, indexed: false)
      for predicate in Self.predicates {
        XCTAssertEqual(
          try indexed.count(of: "Thing", where: predicate),
          try scanned.count(of: "Thing", where: predicate), "\(predicate), seed \(seed)"
        )
      }
    }
  }

  func testTheDecimalKeyIsCanonical() {
    let two = BuiltIndex.hashed(.decimal(Decimal(string: "2.0") ?? 0), as: .decimal)
    XCTAssertEqual(two, BuiltIndex.hashed(.decimal(2), as: .decimal))
    guard case .value(let fromInteger) = HashProbe(.int(2), for: .decimal),
      case .value(let fromDouble) = HashProbe(.double(2), for: .decimal),
      case .value(let fromBool) = HashProbe(.bool(true), for: .decimal)
    else { return XCTFail("a number probes a Decimal index") }
    XCTAssertEqual(fromInteger, two)
    XCTAssertEqual(fromDouble, two)
    XCTAssertEqual(fromBool, BuiltIndex.hashed(.decimal(1), as: .decimal))
    guard case .nothing = HashProbe(.string("x"), for: .uuid) else {
      return XCTFail("a string is never equal to a UUID")
    }
  }

  /// A compound hash index with a Decimal attribute — what `unique (code, price)` makes — is
  /// built, searched for equality on all its attributes, and its groups are checked, so
  /// that Decimals a Double cannot tell apart are not confused; through edits and undo too.
  func testACompoundIndexWithADecimalIsSearchedAndChecked() throws {
    let model = """
      entity Item {
        code: String?, price: Decimal?, n: Int16
        unique (code, price)
      }

      """
    let predicates = [
      "code == 'a' AND price == 2", "price == 2.0 AND code == 'b'", "code == 'a' AND price == nil",
      "code == nil AND price == 2.5", "code == 'b' AND price == 9007199254740993",
      "price == 9007199254740992 AND code == 'b'", "code == 'a' AND price == 0.1 AND n > 1",
      "code == 'c' AND price == YES",
    ]
    var random = SplitMix64(seed: 21)
    var script = ""
    for i in 0..<80 {
      let code = random.chance(15) ? "nil" : "'\(random.pick(["a", "b", "c"]))'"
      let price = random.chance(15) ? "nil" : random.pick(Self.prices + ["1"])
      script += "insert Item code = \(code), price = \(price), n = \(i % 4)\n"
    }
    let indexed = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    let scanned = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try indexed.run(model + script)
    _ = try scanned.run(model.replacingOccurrences(of: "unique (code, price)", with: "") + script)
    indexed.context.prepareIndexes(for: "Item")
    XCTAssertEqual(
      indexed.context.graph.builtIndexes(of: "Item").map(\.definition.name), ["unique(code, price)"]
    )
    XCTAssertEqual(
      try indexed.shape("fetch Item where code == 'a' AND price == 2"),
      ["indexLookup(unique(code, price))", "filter"], "the group is checked")
    let edits = [
      "update Item where code == 'a' set price = 9007199254740993", "delete Item where n == 1",
      "undo", "update Item where price == nil set code = 'c'", "insert Item code = 'b', price = 2",
      "undo", "redo",
    ]
    for round in 0...edits.count {
      for predicate in predicates {
        XCTAssertEqual(
          try indexed.count(of: "Item", where: predicate),
          try scanned.count(of: "Item", where: predicate), "\(predicate), round \(round)")
      }
      guard round < edits.count else { break }
      _ = try indexed.run(edits[round])
      _ = try scanned.run(edits[round])
      IndexMaintenanceTests.assertIndexesMatchTheObjects(
        indexed.context.graph, "Item", edits[round])
    }
  }

  func testRandomEditsKeepTheIndexesRight() throws {
    var random = SplitMix64(seed: 9)
    let interpreter = try makeInterpreter(seed: 9, indexed: true, count: 20)
    interpreter.context.prepareIndexes(for: "Thing")
    XCTAssertEqual(interpreter.context.graph.builtIndexes(of: "Thing").count, 4)
    var next = 100
    for step in 0..<150 {
      let statement: String
      switch random.int(in: 0...7) {
      case 0:
        next += 1
        statement = "insert Thing " + values(&random, id: next)
      case 1, 2:
        statement =
          "update Thing where price == \(random.pick(Self.prices)) set "
          + "price = \(random.pick(Self.prices)), link = $l\(random.int(in: 0...2)), "
          + "blob = $b\(random.int(in: 0...2))"
      case 3: statement = "delete Thing where " + random.pick(Self.predicates)
      case 4: statement = "undo"
      case 5: statement = "redo"
      default: statement = random.chance(50) ? "rollback" : "save"
      }
      _ = try interpreter.run(statement)
      if random.chance(60) { interpreter.context.prepareIndexes(for: "Thing") }
      let context = "step \(step) (\(statement))"
      IndexMaintenanceTests.assertIndexesMatchTheObjects(
        interpreter.context.graph, "Thing", context)
      IndexMaintenanceTests.assertIndexesMatchTheObjects(
        interpreter.context.committed, "Thing", "committed, " + context)
    }
  }
}
