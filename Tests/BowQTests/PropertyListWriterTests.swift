import Foundation
import XCTest

@testable import BowQ

final class PropertyListWriterTests: XCTestCase {
  private func encode(_ plist: PropertyList) throws -> [UInt8] {
    [UInt8](try BinaryPropertyListWriter.encode(plist))
  }

  /// The trailer fields of an encoded file.
  private func trailer(_ bytes: [UInt8]) -> (
    offsetSize: Int, refSize: Int, count: Int, top: Int, table: Int
  ) {
    func u64(_ at: Int) -> Int {
      bytes[at..<at + 8].reduce(0) { $0 << 8 | Int($1) }
    }
    let t = bytes.count - 32
    return (Int(bytes[t + 6]), Int(bytes[t + 7]), u64(t + 8), u64(t + 16), u64(t + 24))
  }

  /// The bytes of the object the top-level array's element `i` refers to (1-byte refs).
  private func objectBytes(_ bytes: [UInt8], index: Int) -> ArraySlice<UInt8> {
    let info = trailer(bytes)
    let start = bytes[
      info.table + index * info.offsetSize..<info.table + (index + 1) * info.offsetSize
    ]
    .reduce(0) { $0 << 8 | Int($1) }
    return bytes[start...]
  }

  func testSmallDictionaryExactBytes() throws {
    let bytes = try encode(["a": 1])
    XCTAssertEqual(
      bytes,
      Array("bplist00".utf8) + [
        0x51, 0x61,  // obj 1: "a"
        0x10, 0x01,  // obj 2: 1
        0xD1, 0x01, 0x02,  // obj 0: dict, key ref 1, value ref 2
        0x0C, 0x08, 0x0A,  // offset table
        0, 0, 0, 0, 0, 0, 1, 1,
        0, 0, 0, 0, 0, 0, 0, 3,
        0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0x0F,
      ])
  }

  func testScalarsAreSharedButContainersAreNot() throws {
    let bytes = try encode(["s", "s", 1, 1, true, true, 2.5, 2.5, [], []])
    // root, "s", 1, true, 2.5, and two empty arrays.
    XCTAssertEqual(trailer(bytes).count, 7)
  }

  func testATableSizedAheadWritesTheSameBytes() throws {
    func written(distinctScalars: Int) -> Data {
      var builder = BinaryPlistBuilder(capacity: 64, distinctScalars: distinctScalars)
      let top = builder.reserveContainer()
      let children = (0..<3_000).map { i in
        i % 3 == 0 ? builder.string("s\(i % 1_000)") : builder.real(Double(i % 700))
      }
      builder.setArray(top, elements: children.map(UInt32.init))
      return builder.finish(top: top)
    }
    XCTAssertEqual(written(distinctScalars: 5_000), written(distinctScalars: 0))
    XCTAssertEqual(written(distinctScalars: .max), written(distinctScalars: 0))
  }

  func testWarmingTheTableWritesTheSameBytes() throws {
    let strings = ["Red", "Crème", "", String(repeating: "x", count: 40), "Red"]
    let data = [Data(), Data([1, 2, 3]), Data(repeating: 7, count: 20), Data([1, 2, 3])]
    let dates = [0, -1.5, 7e8, 0]
    func written(warming: Bool) throws -> Data {
      var builder = BinaryPlistBuilder(capacity: 64)
      let top = builder.reserveContainer()
      if warming {
        var slots: [Int] = []
        for var string in strings {
          if let slot = string.withUTF8({ builder.warmingSlot(string: $0) }) { slots.append(slot) }
        }
        for bytes in data { slots.append(bytes.withUnsafeBytes { builder.warmingSlot(data: $0) }) }
        for seconds in dates { slots.append(builder.warmingSlot(date: seconds)) }
        XCTAssertEqual(slots.count, strings.count - 1 + data.count + dates.count, "ASCII only")
        slots.withUnsafeBufferPointer { builder.warm($0) }
      }
      var children: [Int] = []
      for var string in strings { children.append(string.withUTF8 { builder.string(utf8: $0) }) }
      for bytes in data { children.append(bytes.withUnsafeBytes { builder.data($0) }) }
      for seconds in dates { children.append(try builder.date(seconds)) }
      builder.setArray(top, elements: children.map(UInt32.init))
      return builder.finish(top: top)
    }
    XCTAssertEqual(try written(warming: true), try written(warming: false))
    let plist = try BinaryPropertyListReader.decode(try written(warming: true))
    XCTAssertEqual(plist.arrayValue?.count, strings.count + data.count + dates.count)
    XCTAssertEqual(trailer([UInt8](try written(warming: true))).count, 11)
  }

  func testSharingIsExact() throws {
    let composed = "\u{E9}"
    let decomposed = "e\u{301}"
    XCTAssertEqual(composed, decomposed, "Swift compares canonically")
    let plist: PropertyList = [.string(composed), .string(decomposed), .real(0.0), .real(-0.0)]
    let bytes = try encode(plist)
    XCTAssertEqual(trailer(bytes).count, 5)
    guard case .array(let back) = try BinaryPropertyListReader.decode(Data(bytes)) else {
      return XCTFail("not an array")
    }
    XCTAssertEqual(back[0].stringValue.map { Array($0.utf8) }, Array(composed.utf8))
    XCTAssertEqual(back[1].stringValue.map { Array($0.utf8) }, Array(decomposed.utf8))
    guard case .real(let negativeZero) = back[3] else { return XCTFail("not a real") }
    XCTAssertEqual(negativeZero.sign, .minus)
  }

  func testIntegerWidths() throws {
    let cases: [(PropertyList, [UInt8])] = [
      (0, [0x10, 0x00]),
      (255, [0x10, 0xFF]),
      (256, [0x11, 0x01, 0x00]),
      (65_536, [0x12, 0x00, 0x01, 0x00, 0x00]),
      (4_294_967_296, [0x13, 0, 0, 0, 1, 0, 0, 0, 0]),
      (-1, [0x13] + [UInt8](repeating: 0xFF, count: 8)),
      (.integer(Int64.min), [0x13, 0x80, 0, 0, 0, 0, 0, 0, 0]),
      (
        .unsignedInteger(UInt64.max),
        [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)
      ),
      (.unsignedInteger(5), [0x10, 0x05]),
    ]
    for (value, expected) in cases {
      let bytes = try encode([value])
      XCTAssertEqual(
        Array(objectBytes(bytes, index: 1).prefix(expected.count)), expected, "\(value)")
    }
  }

  func testRealsDatesDataAndBooleans() throws {
    let date = Date(timeIntervalSinceReferenceDate: -1.5)
    let bytes = try encode([.real(1.0), .date(date), .data(Data([1, 2])), true, false])
    XCTAssertEqual(
      Array(objectBytes(bytes, index: 1).prefix(9)), [0x23, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0])
    XCTAssertEqual(
      Array(objectBytes(bytes, index: 2).prefix(9)), [0x33, 0xBF, 0xF8, 0, 0, 0, 0, 0, 0])
    XCTAssertEqual(Array(objectBytes(bytes, index: 3).prefix(3)), [0x42, 1, 2])
    XCTAssertEqual(objectBytes(bytes, index: 4).first, 0x09)
    XCTAssertEqual(objectBytes(bytes, index: 5).first, 0x08)
  }

  func testStringsAsciiAndUTF16WithUnitCount() throws {
    let bytes = try encode(["abc", "é😀"])
    XCTAssertEqual(Array(objectBytes(bytes, index: 1).prefix(4)), [0x53, 0x61, 0x62, 0x63])
    // "é😀" is 3 UTF-16 units: 00E9 D83D DE00.
    XCTAssertEqual(
      Array(objectBytes(bytes, index: 2).prefix(7)), [0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00])
  }

  func testCountExtensionFromFifteen() throws {
    let bytes = try encode([
      .string(String(repeating: "x", count: 14)), .string(String(repeating: "y", count: 15)),
    ])
    XCTAssertEqual(objectBytes(bytes, index: 1).first, 0x5E)
    XCTAssertEqual(Array(objectBytes(bytes, index: 2).prefix(3)), [0x5F, 0x10, 0x0F])
    let big = try encode(.array((0..<300).map { .integer(Int64($0)) }))
    let info = trailer(big)
    XCTAssertEqual(Array(objectBytes(big, index: info.top).prefix(4)), [0xAF, 0x11, 0x01, 0x2C])
  }

  func testMinimalReferenceAndOffsetSizes() throws {
    let small = trailer(try encode(.array((0..<254).map { .integer(Int64($0)) })))
    XCTAssertEqual(small.count, 255)
    XCTAssertEqual(small.refSize, 1)
    XCTAssertEqual(small.offsetSize, 2, "the table starts past byte 255")
    let large = trailer(try encode(.array((0..<255).map { .integer(Int64($0)) })))
    XCTAssertEqual(large.count, 256)
    XCTAssertEqual(large.refSize, 2, "CoreFoundation needs 2^(8*refSize) > numObjects")
    let tiny = trailer(try encode(["a": 1]))
    XCTAssertEqual(tiny.offsetSize, 1)
    XCTAssertEqual(tiny.top, 0)
  }

  /// Past 0xFFFF objects a container is written as soon as it is given its children, with
  /// 4-byte references, and its children are not kept; one given its children before that
  /// is written at the end with references of the same size.
  func testContainersWrittenAtOnceAndAtTheEndReadBackAlike() throws {
    var pairs = PropertyListDictionary()
    for i in 0..<20 { pairs["key \(i)"] = .integer(Int64(i) << 40) }
    var top = PropertyListDictionary()
    top["before"] = [1, 2, 3]
    top["many"] = .array((0..<70_000).map { .string("value \($0)") })
    top["pairs"] = .dictionary(pairs)
    top["after"] = [[], ["x"], [["y": 2.5]]]
    let plist = PropertyList.dictionary(top)
    let bytes = try encode(plist)
    let info = trailer(bytes)
    XCTAssertEqual(info.refSize, 4)
    XCTAssertEqual(try BinaryPropertyListReader.decode(Data(bytes)), plist)
    // The top dictionary was given its children first, and is written last; the large
    // array, given its children past 0xFFFF objects, was written then, before it.
    let root = objectBytes(bytes, index: info.top)
    let manyIndex = root.dropFirst(1 + 4 * 5).prefix(4).reduce(0) { $0 << 8 | Int($1) }
    let many = objectBytes(bytes, index: manyIndex)
    XCTAssertEqual(many.first, 0xAF)
    XCTAssertLessThan(many.startIndex, root.startIndex)
    XCTAssertGreaterThan(root.startIndex, bytes.count - 32 - info.count * info.offsetSize - 64)
  }

  func testDictionaryKeepsOrderKeysThenValues() throws {
    var dictionary = PropertyListDictionary()
    dictionary["zeta"] = 1
    dictionary["alpha"] = 2
    let bytes = try encode(.dictionary(dictionary))
    let info = trailer(bytes)
    let root = objectBytes(bytes, index: info.top)
    XCTAssertEqual(root.first, 0xD2)
    let refs = Array(root.dropFirst().prefix(4)).map(Int.init)
    XCTAssertEqual(Array(objectBytes(bytes, index: refs[0]).prefix(5)), [0x54] + Array("zeta".utf8))
    XCTAssertEqual(
      Array(objectBytes(bytes, index: refs[1]).prefix(6)), [0x55] + Array("alpha".utf8))
    XCTAssertEqual(Array(objectBytes(bytes, index: refs[2]).prefix(2)), [0x10, 1])
    XCTAssertEqual(Array(objectBytes(bytes, index: refs[3]).prefix(2)), [0x10, 2])
    guard case .dictionary(let back) = try BinaryPropertyListReader.decode(Data(bytes)) else {
      return XCTFail("not a dictionary")
    }
    XCTAssertEqual(back.keys, ["zeta", "alpha"])
  }

  func testNestingLimit() throws {
    func nested(_ depth: Int) -> PropertyList {
      var value: PropertyList = []
      for _ in 0..<depth { value = [value] }
      return value
    }
    let deepest = try encode(nested(BinaryPropertyListReader.maximumDepth))
    XCTAssertNoThrow(try BinaryPropertyListReader.decode(Data(deepest)))
    XCTAssertThrowsError(try encode(nested(BinaryPropertyListReader.maximumDepth + 1))) {
      XCTAssertEqual(($0 as? PropertyListError)?.kind, .tooDeep)
    }
  }

  func testNonFiniteDateIsRefused() {
    XCTAssertThrowsError(try encode(.date(Date(timeIntervalSinceReferenceDate: .infinity)))) {
      XCTAssertEqual(($0 as? PropertyListError)?.kind, .badNumber)
    }
  }

  func testRoundTripOfEveryKind() throws {
    let plist: PropertyList = [
      "string": "hello", "unicode": "naïve 😀 日本", "empty": "",
      "int": 42, "negative": -7, "min": .integer(.min), "max": .integer(.max),
      "huge": .unsignedInteger(.max), "real": 3.25, "nan-free": -0.5,
      "yes": true, "no": false,
      "date": .date(Date(timeIntervalSinceReferenceDate: 123_456.75)),
      "data": .data(Data((0..<100).map { UInt8($0) })),
      "array": [1, "two", [3.0], ["four": 4]],
      "long": .array((0..<1000).map { .string("item \($0 % 37)") }),
    ]
    let data = try BinaryPropertyListWriter.encode(plist)
    XCTAssertEqual(try BinaryPropertyListReader.decode(data), plist)
  }
}
