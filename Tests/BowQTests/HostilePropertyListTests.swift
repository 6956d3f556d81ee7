import Foundation
import XCTest

@testable import BowQ

/// The hostile-input generator for property lists (issue 12): thousands of seeded mutations
/// of valid binary, XML and JSON files, and files of deep nesting and shared references,
/// through the decoder and every writer. Each must end in a value or a
/// ``PropertyListError`` with a message, quickly; a value must be writable again without
/// a crash, and its binary form must read back.
final class HostilePropertyListTests: XCTestCase {
  /// The slowest any one input may be, in seconds (a debug build on a shared machine).
  private static let bound = 2.0

  private static let sample: PropertyList = [
    "name": "Red Paisley", "unicode": "é 😀 \u{0}", "empty": "", "count": 12,
    "big": .unsignedInteger(.max), "negative": .integer(.min), "rating": 4.5,
    "tiny": .real(.leastNonzeroMagnitude), "yes": true, "no": false,
    "worn": .date(Date(timeIntervalSinceReferenceDate: 700_000_000)),
    "photo": .data(Data((0..<40).map { UInt8($0) })),
    "ties": [["k": "v"], [1, 2, [3, [4, ["deep": []]]]], [:], []],
    "long": .string(String(repeating: "abc", count: 30)),
  ]

  private static let jsonSample: PropertyList = [
    "name": "Red Paisley", "unicode": "é 😀", "count": 12, "rating": 4.5, "yes": true,
    "ties": [["k": "v", "n": 1], [1, 2, [3, [4, ["deep": []]]]], [:], []],
  ]

  /// Decodes `bytes` and writes the value in every format; fails the test for anything but
  /// a value or a described ``PropertyListError``, and for a run slower than ``bound``.
  private func exercise(_ bytes: [UInt8], _ label: @autoclosure () -> String) {
    let start = Date()
    do {
      let (plist, _) = try PropertyListDecoding.decode(Data(bytes))
      for format in PropertyListFormat.allCases {
        guard let written = try? PropertyListEncoding.encode(plist, as: format) else { continue }
        if format == .binary {
          XCTAssertNoThrow(try BinaryPropertyListReader.decode(written), label())
        }
      }
    } catch let error as PropertyListError {
      XCTAssertFalse(error.message.isEmpty, label())
    } catch {
      XCTFail("\(label()): not a PropertyListError: \(error)")
    }
    let elapsed = Date().timeIntervalSince(start)
    XCTAssertLessThan(elapsed, Self.bound, label())
  }

  private func seeds() throws -> [(String, [UInt8])] {
    var shared = PlistGraphBuilder()
    let chain = shared.addSharedChain(levels: 6, fanOut: 4)
    let top = shared.add(["a": "S", "b": ["S", "S"]], replacing: "S", with: chain)
    return [
      ("binary", [UInt8](try PropertyListEncoding.encode(Self.sample, as: .binary))),
      ("xml", [UInt8](try PropertyListEncoding.encode(Self.sample, as: .xml))),
      ("json", [UInt8](try PropertyListEncoding.encode(Self.jsonSample, as: .json))),
      ("shared", [UInt8](shared.data(top: top))),
    ]
  }

  func testMutatedFilesEndInAValueOrAClearError() throws {
    var hostile = HostileBytes(seed: 0xB0_57_1E)
    let counts = ["binary": 4000, "xml": 800, "json": 800, "shared": 1200]
    for (name, seed) in try seeds() {
      for i in 0..<(counts[name] ?? 0) {
        let bytes = hostile.mutate(seed)
        exercise(bytes, "\(name) mutation \(i): \(bytes.prefix(64).map { String($0, radix: 16) })")
      }
    }
  }

  func testDeepNestingAndSharedReferencesEndInAValueOrAClearError() {
    var random = SplitMix64(seed: 12)
    for i in 0..<40 {
      let depth = random.int(in: 400...700)
      var crafted = CraftedPlist(
        (0..<depth).map { level in CraftedPlist.array(level + 1 < depth ? [0, 0] : []) })
      crafted.refSize = 2
      crafted.offsetSize = 2
      for level in 0..<depth - 1 {
        crafted.objects[level] = [0xA1] + CraftedPlist.bigEndian(UInt64(level + 1), size: 2)
      }
      exercise(crafted.bytes, "binary depth \(depth)")
      let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      exercise(Array(json.utf8), "JSON depth \(depth)")
      var shared = PlistGraphBuilder()
      let top = shared.addSharedChain(
        levels: random.int(in: 1...40), fanOut: random.int(in: 2...40),
        leaf: String(repeating: "x", count: random.int(in: 0...2000)))
      exercise([UInt8](shared.data(top: top)), "shared chain \(i)")
    }
  }

  func testJSONWithRepeatedKeysIsRefused() throws {
    var random = SplitMix64(seed: 29)
    let text = String(
      decoding: try PropertyListEncoding.encode(Self.jsonSample, as: .json), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let keyLines = lines.indices.filter {
      lines[$0].contains("\" : ") && !lines[$0].hasSuffix("[") && !lines[$0].hasSuffix("{")
    }
    for _ in 0..<200 {
      var copy = lines
      let line = random.pick(keyLines)
      let repeated = copy[line].hasSuffix(",") ? copy[line] : copy[line] + ","
      copy.insert(repeated, at: line)
      XCTAssertThrowsError(try PropertyListDecoding.decode(Data(copy.joined(separator: "\n").utf8)))
      {
        XCTAssertEqual(($0 as? PropertyListError)?.kind, .duplicateKey, "\($0)")
      }
    }
  }

  /// Found by the generator: an XML file of one string decoded, and writing it as JSON
  /// trapped in Foundation.
  func testJSONOfATopLevelScalarIsAnErrorNotATrap() {
    for scalar: PropertyList in ["text", 1, 1.5, true] {
      XCTAssertThrowsError(try PropertyListEncoding.encode(scalar, as: .json)) {
        XCTAssertEqual(
          ($0 as? PropertyListError)?.message,
          "a JSON property list is an array or a dictionary, not \(scalar.kindDescription)")
      }
    }
  }
}
