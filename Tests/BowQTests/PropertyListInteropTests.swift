import Foundation
import XCTest

@testable import BowQ

/// Files written by other tools read correctly, and files bowq writes read correctly in
/// other tools: Python's plistlib, swift-corelibs-foundation's plutil, libplist's plistutil.
/// Also the XML and JSON paths through Foundation.
final class PropertyListInteropTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-interop")
  }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  @discardableResult
  private func python(_ script: String, _ arguments: [String] = []) throws -> String {
    try runCommand(["python3", "-c", script] + arguments).output
  }

  private func read(_ file: String) throws -> PropertyList {
    try BinaryPropertyListReader.decode(Data(contentsOf: URL(fileURLWithPath: file)))
  }

  /// The same content as `pythonSample`, as a PropertyList.
  private let sample: PropertyList = [
    "str": "hello", "uni": "héllo 😀 日本", "int": 42, "neg": -5,
    "big": .unsignedInteger(.max), "real": 1.5, "t": true, "f": false,
    "date": .date(Date(timeIntervalSince1970: 1_577_934_245)),
    "data": .data(Data([0, 1, 255])), "arr": [1, "a", [2.5]], "nested": ["x": [["y": 1]]],
    "long": .string(String(repeating: "x", count: 300)),
    "many": .array((0..<300).map { .integer(Int64($0)) }),
  ]

  private let pythonSample = """
    import datetime
    sample = {
        "str": "hello", "uni": "héllo 😀 日本", "int": 42, "neg": -5, "big": 2**64 - 1,
        "real": 1.5, "t": True, "f": False, "date": datetime.datetime(2020, 1, 2, 3, 4, 5),
        "data": b"\\x00\\x01\\xff", "arr": [1, "a", [2.5]], "nested": {"x": [{"y": 1}]},
        "long": "x" * 300, "many": list(range(300)),
    }
    def canon(v):
        if isinstance(v, dict):
            return ("dict", sorted((k, canon(x)) for k, x in v.items()))
        if isinstance(v, list):
            return ("list", [canon(x) for x in v])
        return (type(v).__name__, v)
    """

  func testReadsPlistlibBinary() throws {
    let file = path("python.plist")
    try python(
      pythonSample + "\n" + """
        import plistlib, sys
        shared = ["shared"]
        sample["shared"] = [shared, shared]
        with open(sys.argv[1], "wb") as f:
            plistlib.dump(sample, f, fmt=plistlib.FMT_BINARY)
        """, [file])
    guard case .dictionary(var decoded) = try read(file) else { return XCTFail("not a dictionary") }
    XCTAssertEqual(decoded["shared"], [["shared"], ["shared"]])
    decoded["shared"] = nil
    XCTAssertEqual(PropertyList.dictionary(decoded), sample)
  }

  func testReadsPlutilBinary() throws {
    let xml = path("in.xml")
    let binary = path("out.plist")
    try """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>flag</key><true/>
      <key>one</key><integer>1</integer>
      <key>real</key><real>1</real>
      <key>neg</key><integer>-12</integer>
      <key>name</key><string>Bow tie — “Paisley”</string>
      <key>when</key><date>2020-01-02T03:04:05Z</date>
      <key>bytes</key><data>AAEC</data>
      <key>list</key><array><string>a</string><string>a</string><dict/></array>
    </dict>
    </plist>
    """.write(toFile: xml, atomically: true, encoding: .utf8)
    try runCommand(["plutil", "-convert", "binary1", "-o", binary, xml])
    XCTAssertEqual(
      try read(binary),
      [
        "flag": true, "one": 1, "real": 1.0, "neg": -12, "name": "Bow tie — “Paisley”",
        "when": .date(Date(timeIntervalSince1970: 1_577_934_245)), "bytes": .data(Data([0, 1, 2])),
        "list": ["a", "a", [:]],
      ])
  }

  func testReadsCoreFoundationBinaryWithUnreferencedObjects() throws {
    // CF writes the `true` singleton and a repeated array once per use but references only
    // the first copy (bplist.md §8), so the file holds objects nothing refers to.
    let shared = NSArray(array: [NSString(string: "in")])
    let object = NSArray(array: [
      NSNumber(value: true), NSNumber(value: true), NSNumber(value: true), shared, shared,
      NSDictionary(dictionary: ["k": NSNumber(value: 2.5)]),
    ])
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    let bytes = [UInt8](data)
    let objectCount = bytes[(bytes.count - 24)..<(bytes.count - 16)].reduce(0) { $0 << 8 | Int($1) }
    XCTAssertGreaterThan(objectCount, 8, "CF wrote the repeated objects again")
    XCTAssertEqual(
      try BinaryPropertyListReader.decode(data), [true, true, true, ["in"], ["in"], ["k": 2.5]])
  }

  func testReadsLibplistBinaryWithThreeByteSizes() throws {
    guard isInstalled("plistutil") else {
      throw XCTSkip("libplist's plistutil is not installed (apt package libplist-utils)")
    }
    let xml = path("big.xml")
    let binary = path("big.plist")
    try python(
      """
      import plistlib, sys
      with open(sys.argv[1], "wb") as f:
          plistlib.dump({"numbers": list(range(70000)), "name": "café"}, f, fmt=plistlib.FMT_XML)
      """, [xml])
    try runCommand(["plistutil", "-i", xml, "-o", binary, "-f", "bin"])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: binary)))
    XCTAssertEqual(bytes[bytes.count - 26], 3, "libplist writes 3-byte offsets")
    XCTAssertEqual(bytes[bytes.count - 25], 3, "and 3-byte references")
    XCTAssertEqual(
      try read(binary),
      ["numbers": .array((0..<70000).map { .integer(Int64($0)) }), "name": "café"])
  }

  func testOurFilesPassPlutilLintAndReadBack() throws {
    let file = path("ours.plist")
    try BinaryPropertyListWriter.encode(sample).write(to: URL(fileURLWithPath: file))
    XCTAssertTrue(try runCommand(["plutil", "-lint", file]).output.contains("OK"))
    let xml = path("ours.xml")
    try runCommand(["plutil", "-convert", "xml1", "-o", xml, file])
    let (back, format) = try PropertyListDecoding.decode(
      Data(contentsOf: URL(fileURLWithPath: xml)))
    XCTAssertEqual(format, .xml)
    XCTAssertEqual(back, sample)
  }

  func testOurFilesLoadInPlistlibWithEqualContent() throws {
    let file = path("ours.plist")
    try BinaryPropertyListWriter.encode(sample).write(to: URL(fileURLWithPath: file))
    let output = try python(
      pythonSample + "\n" + """
        import plistlib, sys
        with open(sys.argv[1], "rb") as f:
            loaded = plistlib.load(f)
        if canon(loaded) != canon(sample):
            print("DIFFERENT", loaded)
            sys.exit(1)
        print("EQUAL")
        """, [file])
    XCTAssertEqual(output.trimmingCharacters(in: .whitespacesAndNewlines), "EQUAL")
  }

  // MARK: Format detection and Foundation conversion

  func testXMLKeepsBooleansIntegersAndRealsApart() throws {
    let xml = """
      \u{FEFF}
        <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><array>
        <true/><false/><integer>1</integer><integer>0</integer><real>1</real><real>0.5</real>
        <integer>18446744073709551615</integer><integer>-9223372036854775808</integer>
      </array></plist>
      """
    let (plist, format) = try PropertyListDecoding.decode(Data(xml.utf8))
    XCTAssertEqual(format, .xml)
    XCTAssertEqual(
      plist, [true, false, 1, 0, 1.0, 0.5, .unsignedInteger(.max), .integer(.min)])
  }

  func testJSONKeepsBooleansIntegersAndRealsApart() throws {
    let (plist, format) = try PropertyListDecoding.decode(
      Data(#"{"b": [true, false, 1, 0, 1.0, 2.5, -3], "s": "x"}"#.utf8))
    XCTAssertEqual(format, .json)
    XCTAssertEqual(plist, ["b": [true, false, 1, 0, 1.0, 2.5, -3], "s": "x"])
  }

  func testJSONNullIsAnErrorNamingItsPlace() {
    XCTAssertThrowsError(
      try PropertyListDecoding.decode(Data(#"{"rows": [{"a": 1}, {"a": null}]}"#.utf8))
    ) {
      let error = $0 as? PropertyListError
      XCTAssertEqual(error?.kind, .badText)
      XCTAssertEqual(
        error?.description,
        "JSON value at .rows[1].a: null has no property-list value; leave the key out instead")
    }
  }

  func testUnknownAndBrokenFormats() {
    XCTAssertThrowsError(try PropertyListDecoding.decode(Data())) {
      XCTAssertEqual(($0 as? PropertyListError)?.description, "the file is empty")
    }
    XCTAssertThrowsError(try PropertyListDecoding.decode(Data("hello".utf8))) {
      XCTAssertEqual(($0 as? PropertyListError)?.kind, .unknownFormat)
      XCTAssertTrue("\($0)".contains("found \"hello\""), "\($0)")
    }
    // A truncated binary file is never read as another format (CF would call it a string).
    XCTAssertThrowsError(try PropertyListDecoding.decode(Data("bplist00Uhello".utf8))) {
      XCTAssertEqual(($0 as? PropertyListError)?.kind, .tooShort)
    }
    XCTAssertThrowsError(
      try PropertyListDecoding.decode(Data("<plist><dict><key>a</key></plist>".utf8))
    ) {
      XCTAssertEqual(($0 as? PropertyListError)?.kind, .badText)
    }
    XCTAssertThrowsError(try PropertyListDecoding.decode(Data("[1, 2".utf8))) {
      XCTAssertEqual(($0 as? PropertyListError)?.kind, .badText)
    }
  }

  func testEncodingInEveryFormat() throws {
    let plist: PropertyList = [
      "a": [1, 2.5, true, "x"], "big": .unsignedInteger(.max),
      "when": .date(Date(timeIntervalSince1970: 1_600_000_000)), "raw": .data(Data([9])),
    ]
    for format in [PropertyListFormat.binary, .xml] {
      let data = try PropertyListEncoding.encode(plist, as: format)
      let (back, detected) = try PropertyListDecoding.decode(data)
      XCTAssertEqual(detected, format)
      XCTAssertEqual(back, plist, "\(format)")
    }
    let jsonSafe: PropertyList = ["a": [1, 2.5, true, "x"], "n": -4]
    let json = try PropertyListEncoding.encode(jsonSafe, as: .json)
    XCTAssertEqual(try PropertyListDecoding.decode(json).0, jsonSafe)
    XCTAssertThrowsError(try PropertyListEncoding.encode(plist, as: .json)) {
      XCTAssertTrue("\($0)".contains("JSON has no form for"), "\($0)")
    }
  }
}
