import Foundation
import XCTest

@testable import BowQ

/// Stores for the tests of columns read on demand: ties with an owner, and a store file whose
/// column holds a value of the wrong kind, which only decoding that column finds.
enum DamagedColumnStore {
  /// Ties (`name`, `worn`, `rating`) with an owner, and the people who own them.
  static let model = Model(entities: [
    Entity(
      name: "Tie",
      attributes: [
        Attribute(name: "name", type: .string), Attribute(name: "worn", type: .int16),
        Attribute(name: "rating", type: .double),
      ],
      relationships: [
        Relationship(name: "owner", destination: "Person", isToMany: false, inverse: "ties")
      ]),
    Entity(
      name: "Person", attributes: [Attribute(name: "name", type: .string)],
      relationships: [
        Relationship(name: "ties", destination: "Tie", isToMany: true, inverse: "owner")
      ]),
  ])

  /// Writes `graph` to `path` as a store whose `worn` column holds the string `"many"` in
  /// each of `rows`: a valid property list, which only decoding that column finds damaged.
  static func write(_ graph: ObjectGraph, to path: String, damagingWornOfRows rows: [Int]) throws {
    guard case .dictionary(var root) = try StoreCodec.encode(graph),
      case .dictionary(var entities) = root["entities"],
      case .dictionary(var tie) = entities["Tie"], case .dictionary(var columns) = tie["columns"],
      case .array(var worn) = columns["worn"]
    else { return XCTFail("unexpected store layout") }
    for row in rows { worn[row] = .string("many") }
    columns["worn"] = .array(worn)
    tie["columns"] = .dictionary(columns)
    entities["Tie"] = .dictionary(tie)
    root["entities"] = .dictionary(entities)
    try BinaryPropertyListWriter.encode(.dictionary(root)).write(to: URL(fileURLWithPath: path))
  }
}
