import Foundation
import XCTest

@testable import BowQ

/// An XML property list's top array read an element at a time gives what Foundation's
/// parser gives for the whole file, and every form the reader leaves to Foundation is read
/// by Foundation as before.
final class XMLPropertyListElementsTests: XCTestCase {
  private let tie = TextRecordTie.entity

  /// The elements the reader gives for `text`, or nil when it leaves the text to Foundation.
  private func elements(_ text: String) -> [PropertyList]? {
    Data(text.utf8).withUnsafeBytes { bytes in
      var read: [PropertyList] = []
      guard var reader = try? XMLPropertyListElements(bytes) else { return nil }
      while true {
        switch Result(catching: { () throws(XMLPropertyListElements.Unsupported) in
          try reader.next()
        }) {
        case .success(let element?): read.append(element)
        case .success(nil): return read
        case .failure: return nil
        }
      }
    }
  }

  /// What Foundation's parser makes of `text`'s top array.
  private func foundation(_ text: String) throws -> [PropertyList] {
    guard case .array(let elements) = try PropertyListDecoding.decode(Data(text.utf8)).0 else {
      throw XCTSkip("not an array")
    }
    return elements
  }

  private func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    \(body)
    </plist>

    """
  }

  func testEveryFormReadsAsFoundationReadsIt() throws {
    let text = plist(
      """
      <array>
        <!-- a comment between elements -->
        <dict>
          <key>name</key><string>Red &amp; &lt;Blue&gt; &quot;é&quot; &apos;&#233;&#x1F600;</string>
          <key>b</key><integer>-9223372036854775808</integer>
          <key>a</key><real>4.2000000000000002</real>
          <key>when</key><date>2024-05-01T12:00:00Z</date>
          <key>yes</key><true/><key>no</key><false/>
          <key>photo</key><data>
            AAEC
            /w==
          </data>
          <key>empty</key><string/><key>none</key><dict/><key>list</key><array/>
          <key>nested</key><array><dict><key>k</key><string> spaced  </string></dict><integer>0</integer></array>
          <key>line</key><string>one
      two</string>
        </dict>
        <string></string>
        <real>-1e-5</real>
      </array>
      """)
    let read = try XCTUnwrap(elements(text))
    XCTAssertEqual(read, try foundation(text))
    XCTAssertEqual(read.count, 3)
    XCTAssertEqual(elements(plist("<array/>")), [])
    XCTAssertEqual(elements("<plist><array><integer>1</integer></array></plist>"), [.integer(1)])
  }

  /// What the reader does not take is read by Foundation, to the same table or the same
  /// error as before.
  func testWhatTheReaderLeavesIsReadAsBefore() throws {
    let left = [
      "<array><string><![CDATA[a<b]]></string></array>",
      "<array><string>a\r\nb</string></array>",
      "<array><integer>0x10</integer></array>",
      "<array><real>nan</real></array>",
      "<array><true></true></array>",
      "<array><dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict></array>",
      "<array><dict ><key>a</key><integer>1</integer></dict></array>",
      "<array><string>&unknown;</string></array>",
      "<array><date>2024-05-01T12:00:00.5Z</date></array>",
      "<dict><key>a</key><integer>1</integer></dict>",
      "<array><string>cut",
    ].map { plist($0) }
    for text in left {
      XCTAssertNil(elements(text), text)
      let data = Data(text.utf8)
      let asBefore = Result {
        try PlistImport.table(from: PropertyListDecoding.decode(data).0, into: tie)
      }
      let now = Result { try PlistImport.table(reading: data, into: tie) }
      switch (asBefore, now) {
      case (.success(let a), .success(let b)): XCTAssertEqual(a, b, text)
      case (.failure(let a), .failure(let b)): XCTAssertEqual("\(a)", "\(b)", text)
      default: XCTFail("read differently: \(text)")
      }
    }
    XCTAssertNil(
      elements(#"<?xml version="1.0" encoding="UTF-16"?><plist><array/></plist>"#))
  }

  /// An XML export of every attribute type imports, element by element, to the table the
  /// whole file's tree makes.
  func testAnXMLExportImportsAsItsTreeDoes() throws {
    var rows: [[Value]] = []
    for i in 0..<300 {
      rows.append([
        .string("Tie <\(i)> & \"co\" é"), i % 7 == 0 ? .null : .double(Double(i) / 7),
        .int(Int64(i) - 150), i % 3 == 0 ? .null : .bool(i % 2 == 0),
      ])
    }
    let data = try ObjectExport.data(rows, of: tie, as: .xml)
    XCTAssertNotNil(
      data.withUnsafeBytes { try? XMLPropertyListElements($0) }, "the export is read in place")
    XCTAssertEqual(
      try PlistImport.table(reading: data, into: tie),
      try PlistImport.table(from: PropertyListDecoding.decode(data).0, into: tie))
    XCTAssertEqual(try PlistImport.table(reading: data, into: tie).count, 300)
  }
}
