import Foundation
import XCTest

@testable import BowQ

/// Issue 12, item 9: binary property lists whose containers share references expand
/// exponentially when walked as trees; every reader that hands a decoded value on to code
/// that walks it in full measures it first and refuses it with a clear error.
final class SharedReferenceExpansionTests: XCTestCase {
  /// The file of the issue: 12 arrays, each of 16 references to the next, and a leaf
  /// string: 285 bytes that expand to 16^12 leaves.
  static let laughs: Data = {
    var objects: [[UInt8]] = (0..<12).map { level in
      [0xAF, 0x10, 16] + [UInt8](repeating: UInt8(level + 1), count: 16)
    }
    objects.append(CraftedPlist.ascii("lol"))
    return CraftedPlist(objects).data
  }()

  private let refusal =
    "the property list expands to more than 1048576 values and bytes of strings and data "
    + "when its shared references are followed (shared references nested too deep or repeated too often)"

  private func assertTooLarge(
    _ body: @autoclosure () throws -> Any, file: StaticString = #filePath, line: UInt = #line
  ) {
    let start = Date()
    XCTAssertThrowsError(try body(), file: file, line: line) {
      XCTAssertEqual(($0 as? PropertyListError)?.kind, .tooLarge, "\($0)", file: file, line: line)
      XCTAssertEqual(($0 as? PropertyListError)?.message, refusal, file: file, line: line)
    }
    XCTAssertLessThan(Date().timeIntervalSince(start), 2, file: file, line: line)
  }

  func testTheFileOfTheIssueStillDecodesSharedButIsRefusedForWalking() throws {
    XCTAssertEqual(Self.laughs.count, 285)
    let decoded = try BinaryPropertyListReader.decode(Self.laughs)
    assertTooLarge(try PropertyListExpansion.check(decoded, budget: 1 << 20))
    assertTooLarge(try PropertyListDecoding.decode(Self.laughs))
  }

  func testThirtyLevelsAreMeasuredInLinearTime() throws {
    var builder = PlistGraphBuilder()
    let top = builder.addSharedChain(levels: 30, fanOut: 16)
    assertTooLarge(try PropertyListDecoding.decode(builder.data(top: top)))
  }

  func testOneLongStringRepeatedCountsItsBytes() throws {
    var builder = PlistGraphBuilder()
    let long = builder.add(.string(String(repeating: "x", count: 10_000)))
    let elements = builder.add(.array((0..<1_000).map { _ in "L" }), replacing: "L", with: long)
    let data = builder.data(top: elements)
    XCTAssertLessThan(data.count, 20_000)
    assertTooLarge(try PropertyListDecoding.decode(data))
  }

  func testValuesWithinTheBudgetAreRead() throws {
    var builder = PlistGraphBuilder()
    let chain = builder.addSharedChain(levels: 4, fanOut: 16)
    let top = builder.add(["a": "X", "b": "X"], replacing: "X", with: chain)
    let (plist, format) = try PropertyListDecoding.decode(builder.data(top: top))
    XCTAssertEqual(format, .binary)
    XCTAssertEqual(plist.dictionaryValue?["a"], plist.dictionaryValue?["b"])
    XCTAssertEqual(PropertyListExpansion.budget(forLength: 100), 1 << 20)
    XCTAssertEqual(PropertyListExpansion.budget(forLength: 1 << 20), 16 << 20)
  }

  // MARK: Stores

  private static let model = Model(entities: [
    Entity(name: "T", attributes: [Attribute(name: "s", type: .string)])
  ])

  /// A store of one object, with the value `placeholder` stands for in its layout replaced
  /// by 16-ary shared arrays 12 levels deep.
  private func store(sharing placeholder: (inout PropertyListDictionary) -> Void) throws -> URL {
    var graph = ObjectGraph(model: Self.model)
    graph.insert([.string("kept")], into: "T")
    guard case .dictionary(var root) = try StoreCodec.encode(graph) else {
      throw XCTSkip("unexpected layout")
    }
    placeholder(&root)
    var builder = PlistGraphBuilder()
    let chain = builder.addSharedChain(levels: 12, fanOut: 16)
    let top = builder.add(.dictionary(root), replacing: "SHARED", with: chain)
    let folder = try makeTemporaryFolder("bowq-shared")
    let file = folder.appendingPathComponent("shared.bowq")
    try builder.data(top: top).write(to: file)
    return file
  }

  func testAStoreWithASharedValueIsRefusedFastForReadingAndWriting() throws {
    let file = try store { root in
      root["entities"] = ["T": ["nextKey": 2, "keys": [1], "columns": ["s": ["SHARED"]]]]
    }
    let before = try Data(contentsOf: file)
    var start = Date()
    XCTAssertThrowsError(try StoreFile.load(from: file.path)) {
      guard
        case .invalidFile(_, .invalidObjects(let entity, let attribute, let row, _)) =
          $0 as? StoreError
      else { return XCTFail("\($0)") }
      XCTAssertEqual([entity, attribute, row.map(String.init)], ["T", "s", "0"])
    }
    XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    start = Date()
    XCTAssertThrowsError(try StoreFile.salvage(from: file.path)) {
      XCTAssertEqual(
        $0 as? StoreError,
        .corrupt(path: file.path, PropertyListError(.tooLarge, at: nil, refusal)))
    }
    XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    XCTAssertEqual(try Data(contentsOf: file), before)
  }

  func testAStoreWithASharedValueWhereReadersIgnoreItOpensEitherWay() throws {
    let file = try store { root in root["extra"] = "SHARED" }
    XCTAssertEqual(try StoreFile.load(from: file.path).table("T").count, 1)
    let (graph, skipped) = try StoreFile.salvage(from: file.path)
    XCTAssertEqual(graph.table("T").count, 1)
    XCTAssertEqual(skipped, [])
  }
}
