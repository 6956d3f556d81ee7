import Foundation
import XCTest

@testable import BowQ

/// A hand-built binary plist: raw object bytes laid out after the header, then an offset
/// table and trailer computed from them (or overridden to craft broken files).
struct CraftedPlist {
  var objects: [[UInt8]]
  var offsetSize = 1
  var refSize = 1
  var top: UInt64 = 0
  /// Bytes placed between the header and the first object (a gap, legal in the format).
  var gap: [UInt8] = []
  /// Replaces the computed offset of an object.
  var offsetOverrides: [Int: UInt64] = [:]

  init(_ objects: [[UInt8]]) { self.objects = objects }

  /// The byte offset of each object.
  var offsets: [Int] {
    var result: [Int] = []
    var at = 8 + gap.count
    for object in objects {
      result.append(at)
      at += object.count
    }
    return result
  }

  var tableOffset: Int { 8 + gap.count + objects.reduce(0) { $0 + $1.count } }

  var bytes: [UInt8] {
    var out = Array("bplist00".utf8) + gap
    for object in objects { out += object }
    for (i, offset) in offsets.enumerated() {
      out += CraftedPlist.bigEndian(offsetOverrides[i] ?? UInt64(offset), size: offsetSize)
    }
    out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
    out += CraftedPlist.bigEndian(UInt64(objects.count), size: 8)
    out += CraftedPlist.bigEndian(top, size: 8)
    out += CraftedPlist.bigEndian(UInt64(tableOffset), size: 8)
    return out
  }

  var data: Data { Data(bytes) }

  static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * (size - 1 - $0))) }
  }

  /// An array marker with its count, for counts below 15.
  static func array(_ refs: [UInt8]) -> [UInt8] { [0xA0 | UInt8(refs.count)] + refs }
  static func ascii(_ s: String) -> [UInt8] { [0x50 | UInt8(s.utf8.count)] + Array(s.utf8) }
}

/// Files broken in every way the reader checks, each asserting the error kind and offset.
final class PropertyListMalformedFileTests: XCTestCase {
  private func assertFails(
    _ bytes: [UInt8], _ kind: PropertyListError.Kind, at offset: Int?, _ fragment: String = "",
    file: StaticString = #filePath, line: UInt = #line
  ) {
    var treeError: PropertyListError?
    XCTAssertThrowsError(try BinaryPropertyListReader.decode(Data(bytes)), file: file, line: line) {
      guard let error = $0 as? PropertyListError else {
        return XCTFail("not a PropertyListError: \($0)", file: file, line: line)
      }
      treeError = error
      XCTAssertEqual(error.kind, kind, error.description, file: file, line: line)
      XCTAssertEqual(error.offset, offset, error.description, file: file, line: line)
      if !fragment.isEmpty {
        XCTAssertTrue(
          error.description.contains(fragment), "\(error) lacks \(fragment)", file: file,
          line: line)
      }
    }
    // The store decoder reads the same bytes without the tree and must fail the same way.
    XCTAssertThrowsError(try StoreCodec.decodeData(Data(bytes)), file: file, line: line) {
      XCTAssertEqual($0 as? PropertyListError, treeError, "\($0)", file: file, line: line)
    }
  }

  /// `["a"]`: a valid file to break.
  private var valid: CraftedPlist {
    CraftedPlist([CraftedPlist.array([1]), CraftedPlist.ascii("a")])
  }

  private func withTrailerByte(_ index: Int, _ value: UInt8) -> [UInt8] {
    var bytes = valid.bytes
    bytes[bytes.count - 32 + index] = value
    return bytes
  }

  private func withTrailerField(_ index: Int, _ value: UInt64) -> [UInt8] {
    var bytes = valid.bytes
    let at = bytes.count - 32 + index
    bytes.replaceSubrange(at..<at + 8, with: CraftedPlist.bigEndian(value, size: 8))
    return bytes
  }

  func testValidBaseDecodes() throws {
    XCTAssertEqual(try BinaryPropertyListReader.decode(valid.data), ["a"])
  }

  // MARK: Header and trailer

  func testEmptyFile() {
    assertFails([], .tooShort, at: 0, "0 bytes long")
  }

  func testNotABinaryPlist() {
    assertFails(Array("<?xml version=\"1.0\"?>".utf8), .badHeader, at: 0, "\"<?xml ve\"")
  }

  func testUnsupportedVersions() {
    var v15 = valid.bytes
    v15.replaceSubrange(6..<8, with: Array("15".utf8))
    assertFails(v15, .badHeader, at: 6, "version \"15\"")
    var v01 = valid.bytes
    v01[7] = UInt8(ascii: "1")
    assertFails(v01, .badHeader, at: 6, "\"01\"")
  }

  func testHeaderOnly() {
    assertFails(Array("bplist00".utf8), .tooShort, at: 8, "shorter than the 41 bytes")
  }

  func testOffsetSizeZero() {
    let bytes = withTrailerByte(6, 0)
    assertFails(bytes, .badTrailer, at: bytes.count - 26, "offset size is 0")
  }

  func testReferenceSizeNine() {
    let bytes = withTrailerByte(7, 9)
    assertFails(bytes, .badTrailer, at: bytes.count - 25, "object reference size is 9")
  }

  func testNoObjects() {
    let bytes = withTrailerField(8, 0)
    assertFails(bytes, .badTrailer, at: bytes.count - 24, "no objects")
  }

  func testTopObjectOutOfRange() {
    let bytes = withTrailerField(16, 2)
    assertFails(bytes, .badTrailer, at: bytes.count - 16, "top object is object 2")
  }

  func testTableOffsetInHeader() {
    let bytes = withTrailerField(24, 4)
    assertFails(bytes, .badTrailer, at: bytes.count - 8, "starts at byte 4")
  }

  func testTableOffsetPastTrailer() {
    let bytes = withTrailerField(24, 1 << 40)
    assertFails(bytes, .badTrailer, at: bytes.count - 8)
  }

  func testTrailingGarbage() {
    var bytes = valid.bytes
    let trailer = bytes.suffix(32)
    bytes.removeLast(32)
    bytes.append(0)
    bytes += trailer
    assertFails(
      bytes, .lengthMismatch, at: bytes.count - 32, "ends at byte \(valid.tableOffset + 2)")
  }

  func testTruncatedObjectTable() {
    var bytes = valid.bytes
    bytes.remove(at: 9)
    assertFails(bytes, .lengthMismatch, at: bytes.count - 32)
  }

  func testObjectCountOverflow() {
    var crafted = valid
    crafted.offsetSize = 8
    var bytes = crafted.bytes
    let at = bytes.count - 24
    bytes.replaceSubrange(at..<at + 8, with: CraftedPlist.bigEndian(1 << 62, size: 8))
    assertFails(bytes, .lengthMismatch, at: bytes.count - 32, "past 2^64")
  }

  // MARK: Offsets and payload bounds

  func testOffsetIntoHeader() {
    var crafted = valid
    crafted.offsetOverrides[1] = 3
    assertFails(
      crafted.bytes, .badOffset, at: crafted.tableOffset + 1, "points into the header (offset 3)")
  }

  func testUnreferencedOffsetPastTable() {
    var crafted = valid
    crafted.objects.append(CraftedPlist.ascii("unused"))
    crafted.offsetSize = 4
    crafted.offsetOverrides[2] = 99_999
    let table = crafted.tableOffset
    assertFails(
      crafted.bytes, .badOffset, at: table + 8,
      "offset table entry 2 points past the object table (offset 99999, table starts at \(table))")
  }

  /// Each width of offset-table entry (1, 2, 4 and 8 bytes are read at their own width, 3 and
  /// the others byte by byte) finds an entry past the table and one into the header.
  func testStrayOffsetsOfEveryWidth() {
    for size in 2...8 {
      for (stray, message) in [
        (UInt64(60_000), "points past the object table"), (3, "points into the header"),
      ] {
        var crafted = valid
        crafted.objects.append(CraftedPlist.ascii("unused"))
        crafted.offsetSize = size
        crafted.offsetOverrides[2] = stray
        assertFails(
          crafted.bytes, .badOffset, at: crafted.tableOffset + 2 * size,
          "offset table entry 2 \(message) (offset \(stray)")
      }
    }
  }

  /// A table of millions of entries is checked a stretch at a time on several threads: the
  /// error names the first stray entry in table order, whichever stretch holds it.
  func testTheFirstStrayOffsetOfAHugeTableIsReported() {
    let count = 2_500_000
    func plist(stray: Set<Int>) -> (bytes: [UInt8], table: Int) {
      // `true` objects, one byte each, then a table of 4-byte offsets.
      var bytes = Array("bplist00".utf8) + [UInt8](repeating: 0x09, count: count)
      let table = bytes.count
      bytes.reserveCapacity(table + 4 * count + 32)
      for index in 0..<count {
        let offset = stray.contains(index) ? 3 : 8 + index
        for shift in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: offset >> shift)) }
      }
      bytes += [UInt8](repeating: 0, count: 6) + [4, 1]
      bytes += CraftedPlist.bigEndian(UInt64(count), size: 8) + CraftedPlist.bigEndian(0, size: 8)
      bytes += CraftedPlist.bigEndian(UInt64(table), size: 8)
      return (bytes, table)
    }
    for stray in [[2_400_000, 1_500_000, 2_000], [2_400_000, 1_048_576]] {
      let (bytes, table) = plist(stray: Set(stray))
      let first = stray.min() ?? 0
      assertFails(
        bytes, .badOffset, at: table + 4 * first,
        "offset table entry \(first) points into the header (offset 3)")
    }
    XCTAssertEqual(try BinaryPropertyListReader.decode(Data(plist(stray: []).bytes)), true)
  }

  func testStringCountPastEnd() {
    let crafted = CraftedPlist([[0x5F, 0x13] + CraftedPlist.bigEndian(1 << 40, size: 8) + [0x61]])
    assertFails(crafted.bytes, .truncated, at: 8, "1099511627776 bytes")
  }

  func testArrayCountOverflowsByteCount() {
    var crafted = CraftedPlist([[0xAF, 0x13] + CraftedPlist.bigEndian(1 << 62, size: 8)])
    crafted.refSize = 8
    assertFails(crafted.bytes, .truncated, at: 8, "more than 2^63 bytes")
  }

  func testDictionaryCountPastEnd() {
    let crafted = CraftedPlist([[0xDF, 0x12, 0x40, 0, 0, 0, 1, 1]])
    assertFails(crafted.bytes, .truncated, at: 8, "a dictionary of 1073741824 entries")
  }

  func testUTF16CountCountsBytesNotUnits() {
    // 4 units need 8 bytes; only 4 are there.
    let crafted = CraftedPlist([[0x64, 0, 0x61, 0, 0x62]])
    assertFails(crafted.bytes, .truncated, at: 8, "8 bytes from byte 9")
  }

  func testDataCountPastEnd() {
    let crafted = CraftedPlist([[0x45, 1, 2]])
    assertFails(crafted.bytes, .truncated, at: 8, "data of 5 bytes")
  }

  func testIntegerRunsIntoOffsetTable() {
    let crafted = CraftedPlist([[0x13, 0, 0, 0]])
    assertFails(crafted.bytes, .truncated, at: 8, "an integer")
  }

  func testCountMarkerIsNotAnInteger() {
    let crafted = CraftedPlist([[0x5F, 0x51, 0x61]])
    assertFails(crafted.bytes, .badNumber, at: 9, "marker 0x51")
  }

  func testNegativeCount() {
    let crafted = CraftedPlist([[0x4F, 0x13] + [UInt8](repeating: 0xFF, count: 8)])
    assertFails(crafted.bytes, .badNumber, at: 9, "negative or too large")
  }

  // MARK: References and graph shape

  func testReferenceOutOfRange() {
    let crafted = CraftedPlist([CraftedPlist.array([1, 7]), CraftedPlist.ascii("a")])
    assertFails(crafted.bytes, .badReference, at: 10, "refers to object 7, but there are only 2")
  }

  func testSelfCycle() {
    let crafted = CraftedPlist([CraftedPlist.array([0])])
    assertFails(crafted.bytes, .cycle, at: 9, "object 0 contains itself (objects 0 → 0)")
  }

  func testCycleThroughDictionary() {
    let crafted = CraftedPlist([
      [0xD1, 1, 2], CraftedPlist.ascii("k"), CraftedPlist.array([3]), CraftedPlist.array([0]),
    ])
    let arrayAt = crafted.offsets[3]
    assertFails(crafted.bytes, .cycle, at: arrayAt + 1, "objects 0 → 2 → 3 → 0")
  }

  func testSharedObjectsAreNotACycle() throws {
    let crafted = CraftedPlist([
      CraftedPlist.array([1, 1, 2]), CraftedPlist.array([2]), CraftedPlist.ascii("x"),
    ])
    XCTAssertEqual(try BinaryPropertyListReader.decode(crafted.data), [["x"], ["x"], "x"])
  }

  private func chain(depth: Int) -> CraftedPlist {
    // Object i is an array holding object i + 1; the last is an empty array.
    var objects: [[UInt8]] = []
    for i in 0..<depth { objects.append([0xA1] + CraftedPlist.bigEndian(UInt64(i + 1), size: 4)) }
    objects.append([0xA0])
    var crafted = CraftedPlist(objects)
    crafted.refSize = 4
    crafted.offsetSize = 4
    return crafted
  }

  func testDepthLimit() throws {
    XCTAssertNoThrow(try BinaryPropertyListReader.decode(chain(depth: 512).data))
    let crafted = chain(depth: 513)
    assertFails(crafted.bytes, .tooDeep, at: crafted.offsets[512] + 1, "deeper than 512")
  }

  func testHundredThousandDeepChainFailsCleanly() {
    let crafted = chain(depth: 100_000)
    assertFails(crafted.bytes, .tooDeep, at: crafted.offsets[512] + 1)
  }

  // MARK: Strings and keys

  func testNonASCIIByteInASCIIString() {
    let crafted = CraftedPlist([[0x54] + Array("caf".utf8) + [0xE9]])
    assertFails(crafted.bytes, .badString, at: 12, "byte 0xE9")
  }

  func testLoneLowSurrogate() {
    let crafted = CraftedPlist([[0x62, 0, 0x61, 0xDC, 0x00]])
    assertFails(crafted.bytes, .badString, at: 11, "unpaired surrogate 0xDC00")
  }

  func testHighSurrogateFollowedByLetter() {
    let crafted = CraftedPlist([[0x62, 0xD8, 0x3D, 0, 0x61]])
    assertFails(crafted.bytes, .badString, at: 9, "0xD83D")
  }

  func testTrailingHighSurrogate() {
    let crafted = CraftedPlist([[0x62, 0, 0x61, 0xD8, 0x3D]])
    assertFails(crafted.bytes, .badString, at: 11, "ends with an unpaired surrogate 0xD83D")
  }

  func testIntegerKey() {
    let crafted = CraftedPlist([[0xD1, 1, 1], [0x10, 5]])
    assertFails(crafted.bytes, .badKey, at: 9, "is an integer; keys must be strings")
  }

  func testArrayKey() {
    let crafted = CraftedPlist([[0xD1, 1, 2], [0xA0], [0x10, 5]])
    assertFails(crafted.bytes, .badKey, at: 9, "is an array")
  }

  func testDuplicateKeysAcrossEncodings() {
    let crafted = CraftedPlist([
      [0xD2, 1, 2, 3, 3], CraftedPlist.ascii("k"), [0x61, 0, 0x6B], [0x10, 1],
    ])
    assertFails(crafted.bytes, .duplicateKey, at: 10, "the key \"k\" twice (entries 0 and 1)")
  }

  // MARK: Markers and numbers

  func testUnsupportedMarkers() {
    let cases: [(UInt8, String)] = [
      (0x00, "null"), (0x0F, "fill byte"), (0x0C, "URL"), (0x0E, "UUID"), (0x71, "UTF-8"),
      (0x80, "UID"), (0xB0, "ordered set"), (0xC0, "a set"), (0x90, "unknown"), (0xE0, "unknown"),
      (0xF0, "unknown"), (0x05, "unknown"),
    ]
    for (marker, fragment) in cases {
      let crafted = CraftedPlist([CraftedPlist.array([1]), [marker, 0x61]])
      assertFails(crafted.bytes, .unsupportedObject, at: 10, fragment)
    }
  }

  func testRealOfTwoBytes() {
    assertFails(CraftedPlist([[0x21, 0, 0]]).bytes, .badNumber, at: 8, "real of 2 bytes")
  }

  func testIntegerWiderThanSixteenBytes() {
    let crafted = CraftedPlist([[0x15] + [UInt8](repeating: 0, count: 32)])
    assertFails(crafted.bytes, .badNumber, at: 8, "2^5 bytes")
  }

  func testSixteenByteIntegerBeyondUInt64() {
    let crafted = CraftedPlist([
      [0x14] + [UInt8](repeating: 0, count: 7) + [1] + [UInt8](repeating: 0, count: 8)
    ])
    assertFails(crafted.bytes, .badNumber, at: 9, "does not fit in 64 bits")
  }

  func testBadDateMarkerAndNaNDate() {
    assertFails(CraftedPlist([[0x32, 0, 0, 0, 0]]).bytes, .badNumber, at: 8, "0x32")
    let nan = CraftedPlist([[0x33] + CraftedPlist.bigEndian(Double.nan.bitPattern, size: 8)])
    assertFails(nan.bytes, .badNumber, at: 9, "not a finite number")
  }

  // MARK: Billion laughs

  func testSharedReferencesDecodeInLinearTime() throws {
    // Level i is an array of 16 references to level i + 1: 16^30 leaves when expanded.
    let levels = 30
    var objects: [[UInt8]] = (0..<levels).map { i in
      [0xAF, 0x10, 16] + [UInt8](repeating: UInt8(i + 1), count: 16)
    }
    objects.append(CraftedPlist.ascii("lol"))
    var crafted = CraftedPlist(objects)
    crafted.offsetSize = 2
    let start = Date()
    let decoded = try BinaryPropertyListReader.decode(crafted.data)
    XCTAssertLessThan(Date().timeIntervalSince(start), 2, "shared objects must not be expanded")
    var level = decoded
    for _ in 0..<levels {
      guard case .array(let elements) = level else { return XCTFail("expected an array") }
      XCTAssertEqual(elements.count, 16)
      level = elements[15]
    }
    XCTAssertEqual(level, "lol")
  }
}
