import Foundation
import XCTest

@testable import BowQ

/// Checks that a predicate finds the same objects through indexes as through a scan: the
/// sample's ties are stored as objects four times — without indexes, with an ordered index
/// on every attribute, with a hash index on every attribute, and with a hash index on every
/// pair of attributes — and a fetch, a count and
/// sorted, limited fetches of the predicate must answer alike in all three wherever the scan answers at all (a
/// predicate naming what a tie does not have is not a tie's to answer). The same ties spread
/// over a hierarchy — the red one a `Tie`, the others of its sub-entity `Bow`, each member
/// with the same indexes or none — must answer alike too.
enum IndexAgreement {
  /// The attributes of the sample's ties, each optional (the polka tie has no `lastWorn`).
  private static let attributes = """
    name: String?, searchKey: String?, rating: Double?, timesWorn: Int64?, isFavorite: Bool?,
    lastWorn: Date?
    """
  private static let names = [
    "name", "searchKey", "rating", "timesWorn", "isFavorite", "lastWorn",
  ]

  /// The ties in a new store whose entity has `indexes`; with `inHierarchy`, every tie but
  /// the first is of the sub-entity `Bow`, which has an attribute of its own and `indexes`.
  private static func store(_ indexes: String, inHierarchy: Bool = false) throws -> Interpreter {
    let interpreter = Interpreter(context: Context(graph: ObjectGraph()), store: .memory)
    _ = try interpreter.run("entity Tie { \(attributes)\n\(indexes) }")
    if inHierarchy { _ = try interpreter.run("entity Bow : Tie { width: Double?\n\(indexes) }") }
    for (place, tie) in [Wardrobe.red, Wardrobe.blue, Wardrobe.polka].enumerated() {
      let row: [Value] = names.map { name in
        switch tie[name] {
        case let s as String: return .string(s)
        case let b as Bool where name == "isFavorite": return .bool(b)
        case let d as Double: return .double(d)
        case let i as Int where name == "rating": return .double(Double(i))
        case let i as Int: return .int(Int64(i))
        case let d as Date: return .date(d)
        default: return .null
        }
      }
      if inHierarchy, place > 0 {
        interpreter.context.insert(row + [.double(Double(place))], into: "Bow")
      } else {
        interpreter.context.insert(row, into: "Tie")
      }
    }
    return interpreter
  }

  static func check(
    _ predicate: FormatPredicate, variables: [String: Any?], file: StaticString, line: UInt
  ) {
    guard variables.isEmpty,
      let plain = try? store(""),
      let ordered = try? store(names.map { "index \($0)" }.joined(separator: "\n")),
      let hashed = try? store(names.map { "index \($0) using hash" }.joined(separator: "\n")),
      let paired = try? store(pairIndexes),
      let members = try? store("", inHierarchy: true),
      let orderedMembers = try? store(
        names.map { "index \($0)" }.joined(separator: "\n"), inHierarchy: true),
      let hashedMembers = try? store(
        names.map { "index \($0) using hash" }.joined(separator: "\n"), inHierarchy: true)
    else { return }
    for (statement, ending) in [
      ("fetch", ""), ("count", ""), ("fetch", " sort by rating desc limit 2"),
      ("fetch", " sort by name limit 2"),
    ] {
      let text = "\(statement) Tie where \(predicate.predicateFormat)\(ending)"
      guard let expected = try? answer(text, plain) else { continue }
      for (kind, indexed) in [
        ("ordered", ordered), ("hash", hashed), ("pair hash", paired), ("hierarchy", members),
        ("hierarchy ordered", orderedMembers), ("hierarchy hash", hashedMembers),
      ] {
        do {
          let found = try answer(text, indexed)
          XCTAssertEqual(found, expected, "\(text) with \(kind) indexes", file: file, line: line)
        } catch {
          XCTFail("\(text) with \(kind) indexes: \(error)", file: file, line: line)
        }
      }
    }
  }

  /// A compound hash index on every two attributes.
  private static var pairIndexes: String {
    names.indices.flatMap { i in
      names[(i + 1)...].map { "index \(names[i])_\($0) (\(names[i]), \($0)) using hash" }
    }.joined(separator: "\n")
  }

  /// The keys a fetch finds, or the number a count counts.
  private static func answer(_ statement: String, _ interpreter: Interpreter) throws -> [Int64] {
    switch try interpreter.run(statement).last {
    case .objects(let result)?: return result.ids.map(\.key)
    case .count(_, let n)?: return [Int64(n)]
    default: return []
    }
  }
}
