import Foundation
import XCTest

@testable import BowQ

final class PropertyListReaderTests: XCTestCase {
  private func decode(_ crafted: CraftedPlist) throws -> PropertyList {
    try BinaryPropertyListReader.decode(crafted.data)
  }

  func testUTF16StringsWithRunsOfASCIIReadBackAsWritten() throws {
    var strings: [String] = []
    for run in 0..<10 {
      for odd in ["é", "😀", "ü𝄞x", "\u{7F}é"] {
        strings.append(
          String(repeating: "a", count: run) + odd + String(repeating: "Z", count: run % 5))
        strings.append(odd + String(repeating: "\u{7F}", count: run))
      }
    }
    let plist = PropertyList.array(strings.map { .string($0) })
    XCTAssertEqual(
      try BinaryPropertyListReader.decode(try BinaryPropertyListWriter.encode(plist)), plist)
  }

  func testCoreFoundationExample() throws {
    // `{"a": 1}` as CoreFoundation writes it (bplist.md §1).
    let bytes: [UInt8] =
      Array("bplist00".utf8) + [
        0xD1, 0x01, 0x02, 0x51, 0x61, 0x10, 0x01, 0x08, 0x0B, 0x0D,
        0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 3,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x0F,
      ]
    XCTAssertEqual(bytes.count, 50)
    XCTAssertEqual(try BinaryPropertyListReader.decode(Data(bytes)), ["a": 1])
  }

  func testIntegerSemantics() throws {
    let objects: [[UInt8]] = [
      CraftedPlist.array([1, 2, 3, 4, 5, 6]),
      [0x10, 0xFF],  // 1-byte ints are unsigned
      [0x12, 0xFF, 0xFF, 0xFF, 0xFF],  // so are 4-byte ones
      [0x13] + [UInt8](repeating: 0xFF, count: 8),  // 8-byte ints are signed
      [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8),
      [0x14] + [UInt8](repeating: 0, count: 15) + [5],  // a 16-byte small value
      [0x13, 0, 0, 0, 0, 0, 0, 0, 1],  // not minimal, still legal
    ]
    XCTAssertEqual(
      try decode(CraftedPlist(objects)),
      [255, 4_294_967_295, -1, .unsignedInteger(.max), 5, 1])
  }

  func testRealsOfFourAndEightBytes() throws {
    let objects: [[UInt8]] = [
      CraftedPlist.array([1, 2]),
      [0x22] + CraftedPlist.bigEndian(UInt64(Float(1.5).bitPattern), size: 4),
      [0x23] + CraftedPlist.bigEndian((-2.25).bitPattern, size: 8),
    ]
    XCTAssertEqual(try decode(CraftedPlist(objects)), [1.5, -2.25])
  }

  func testStringsKeepNULsAndSurrogatePairs() throws {
    let objects: [[UInt8]] = [
      CraftedPlist.array([1, 2]),
      [0x53, 0x61, 0x00, 0x62],
      [0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00],
    ]
    XCTAssertEqual(try decode(CraftedPlist(objects)), ["a\u{0}b", "é😀"])
  }

  func testCountExtensionWithTwoByteCount() throws {
    let text = String(repeating: "z", count: 300)
    let objects: [[UInt8]] = [[0x5F, 0x11, 0x01, 0x2C] + Array(text.utf8)]
    XCTAssertEqual(try decode(CraftedPlist(objects)), .string(text))
  }

  func testLibplistThreeByteSizes() throws {
    var crafted = CraftedPlist([
      [0xA2, 0, 0, 1, 0, 0, 2], CraftedPlist.ascii("x"), [0x10, 9],
    ])
    crafted.refSize = 3
    crafted.offsetSize = 3
    XCTAssertEqual(try decode(crafted), ["x", 9])
  }

  func testGapsUnreferencedObjectsAndAliasesAreAccepted() throws {
    var crafted = CraftedPlist([
      CraftedPlist.ascii("dead"), CraftedPlist.array([2, 3]), CraftedPlist.ascii("a"),
      CraftedPlist.ascii("b"),
    ])
    crafted.gap = [0xFF, 0x00, 0x0F]
    crafted.top = 1
    crafted.offsetOverrides[3] = UInt64(crafted.offsets[2])
    XCTAssertEqual(try decode(crafted), ["a", "a"])
  }

  func testDictionaryKeepsFileOrder() throws {
    let crafted = CraftedPlist([
      [0xD2, 1, 2, 3, 4], CraftedPlist.ascii("zz"), CraftedPlist.ascii("aa"), [0x09], [0x08],
    ])
    guard case .dictionary(let dictionary) = try decode(crafted) else {
      return XCTFail("not a dictionary")
    }
    XCTAssertEqual(dictionary.keys, ["zz", "aa"])
    XCTAssertEqual(dictionary["zz"], true)
    XCTAssertEqual(dictionary["aa"], false)
  }

  func testScalarTopObject() throws {
    XCTAssertEqual(try decode(CraftedPlist([[0x09]])), true)
    let date = CraftedPlist([[0x33] + CraftedPlist.bigEndian((60.0).bitPattern, size: 8)])
    XCTAssertEqual(try decode(date), .date(Date(timeIntervalSinceReferenceDate: 60)))
  }

  func testDictionaryValueSemantics() {
    var a: PropertyListDictionary = ["x": 1, "y": 2]
    let b: PropertyListDictionary = ["y": 2, "x": 1]
    XCTAssertEqual(a, b, "order does not matter for equality")
    XCTAssertEqual(a.hashValue, b.hashValue)
    a["x"] = 3
    XCTAssertEqual(a.keys, ["x", "y"], "replacing keeps the position")
    XCTAssertNotEqual(a, b)
    a["x"] = nil
    XCTAssertEqual(a.keys, ["y"])
    XCTAssertEqual(a["y"], 2)
    a["z"] = "new"
    XCTAssertEqual(a.map(\.key), ["y", "z"])
  }

  /// A dictionary finds its keys in order while small and by a hash table once large, and
  /// gives the same values either way, through additions and removals across the bound.
  func testDictionaryFindsKeysAtEverySize() {
    var dictionary = PropertyListDictionary()
    for i in 0..<40 {
      dictionary["k\(i)"] = .integer(Int64(i))
      XCTAssertEqual(dictionary["k\(i)"], .integer(Int64(i)))
      XCTAssertEqual(dictionary["k0"], .integer(0))
      XCTAssertNil(dictionary["k\(i + 1)"])
    }
    for i in stride(from: 39, through: 0, by: -2) {
      dictionary["k\(i)"] = nil
      XCTAssertNil(dictionary["k\(i)"])
      XCTAssertEqual(dictionary["k\(i - 1)"], i > 0 ? .integer(Int64(i - 1)) : nil)
    }
    XCTAssertEqual(dictionary.keys, stride(from: 0, to: 40, by: 2).map { "k\($0)" })
    dictionary["k38"] = .bool(true)
    XCTAssertEqual(dictionary.keys.last, "k38")
    XCTAssertEqual(dictionary, PropertyListDictionary(dictionary.reversed()))
  }

  func testUTF16StringsOfEveryWidthRoundTrip() throws {
    // One, two, three and four UTF-8 bytes per scalar, surrogate pairs included, in
    // random mixes: the reader transcodes UTF-16 to UTF-8 itself.
    let ranges: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0xA0...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF,
    ]
    var random = SplitMix64(seed: 16)
    var strings: [PropertyList] = []
    for _ in 0..<200 {
      var text = "é"
      for _ in 0..<random.int(in: 0...40) {
        let range = random.pick(ranges)
        let value = range.lowerBound + UInt32(random.next() % UInt64(range.count))
        text.unicodeScalars.append(Unicode.Scalar(value)!)
      }
      strings.append(.string(text))
    }
    let back = try BinaryPropertyListReader.decode(
      BinaryPropertyListWriter.encode(.array(strings)))
    guard case .array(let decoded) = back else { return XCTFail("not an array") }
    for (original, read) in zip(strings, decoded) {
      XCTAssertEqual(
        original.stringValue.map { Array($0.utf8) }, read.stringValue.map { Array($0.utf8) })
    }
  }
}
