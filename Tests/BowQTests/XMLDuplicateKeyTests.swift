import Foundation
import XCTest

@testable import BowQ

/// An XML property list with a key twice in one dictionary is refused, naming the key and
/// where it is, instead of keeping the last value as Foundation does.
final class XMLDuplicateKeyTests: XCTestCase {
  private func plist(_ body: String) -> Data {
    Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      \(body)
      </plist>
      """.utf8)
  }

  private func assertDuplicate(
    _ body: String, _ message: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try PropertyListDecoding.decode(plist(body)), file: file, line: line) {
      let error = $0 as? PropertyListError
      XCTAssertEqual(error?.kind, .duplicateKey, "\($0)", file: file, line: line)
      XCTAssertEqual(error?.message, message, file: file, line: line)
    }
  }

  func testADuplicateKeyInARecordNamesTheRecordAndTheLines() {
    assertDuplicate(
      """
      <array>
        <dict><key>name</key><string>a</string></dict>
        <string>not a record</string>
        <dict/>
        <dict>
          <key>name</key><string>b</string>
          <key>tint</key><dict><key>red</key><integer>1</integer></dict>
          <key>name</key><string>c</string>
        </dict>
      </array>
      """,
      #"the key "name" appears twice in the dictionary at [3] (lines 9 and 11); "#
        + "XML readers keep only one of the values, so remove the other")
  }

  func testEntitiesAndNestedDictionaries() {
    assertDuplicate(
      """
      <dict>
        <key>x</key>
        <dict><key>a&amp;b</key><true/><key>a&#38;b</key><false/></dict>
      </dict>
      """,
      #"the key "a&b" appears twice in the dictionary at .x (lines 6 and 6); "#
        + "XML readers keep only one of the values, so remove the other")
  }

  func testTheSameKeyInDifferentDictionariesCommentsAndStringsIsFine() throws {
    let (value, format) = try PropertyListDecoding.decode(
      plist(
        """
        <dict>
          <!-- <key>a</key> -->
          <key>a</key><dict><key>a</key><string>&lt;key&gt;a&lt;/key&gt;</string></dict>
          <key>b</key><array><dict><key>a</key><integer>1</integer></dict><dict><key>a</key><integer>2</integer></dict></array>
          <key>c</key><string><![CDATA[<key>a</key>]]></string>
        </dict>
        """))
    XCTAssertEqual(format, .xml)
    XCTAssertEqual(
      value,
      ["a": ["a": "<key>a</key>"], "b": [["a": 1], ["a": 2]], "c": "<key>a</key>"])
  }
}
