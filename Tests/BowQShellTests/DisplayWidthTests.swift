import BowQShell
import XCTest

final class DisplayWidthTests: XCTestCase {
  func testASCIITakesOneColumnEach() {
    XCTAssertEqual(DisplayWidth.of("bow tie"), 7)
    XCTAssertEqual(DisplayWidth.of(""), 0)
    XCTAssertEqual(DisplayWidth.of("a\tb\u{7F}"), 4)
    XCTAssertEqual(DisplayWidth.of("no. 12345678 of many"[...]), 20)
  }

  func testCarriageReturnAndLineFeedAreOneCharacter() {
    XCTAssertEqual(DisplayWidth.of("a\r\nb"), 3)
    XCTAssertEqual(DisplayWidth.of("a\rb"), 3)
  }

  func testEastAsianWideAndFullwidthTakeTwo() {
    XCTAssertEqual(DisplayWidth.of("领结"), 4)
    XCTAssertEqual(DisplayWidth.of("ちょう"), 6)
    XCTAssertEqual(DisplayWidth.of("나비"), 4)
    XCTAssertEqual(DisplayWidth.of("Ａ"), 2)
    XCTAssertEqual(DisplayWidth.of("\u{3000}"), 2)
  }

  func testHalfwidthKatakanaTakesOne() {
    XCTAssertEqual(DisplayWidth.of("ｱｲ"), 2)
  }

  func testCombiningMarksTakeNone() {
    XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
    XCTAssertEqual(DisplayWidth.of("é"), 1)
    XCTAssertEqual(DisplayWidth.of("a\u{200B}b"), 2)
  }

  func testEmojiTakeTwo() {
    XCTAssertEqual(DisplayWidth.of("😀"), 2)
    XCTAssertEqual(DisplayWidth.of("❤️"), 2)
    XCTAssertEqual(DisplayWidth.of("🇫🇷"), 2)
    XCTAssertEqual(DisplayWidth.of("👨‍👩‍👧"), 2)
  }

  func testColourEscapesTakeNoColumns() {
    let style = Style(isEnabled: true)
    XCTAssertEqual(DisplayWidth.ofStyled(style.bold("name") + "  " + style.dim("nil")), 9)
    XCTAssertEqual(DisplayWidth.ofStyled("\u{1B}[1;31m蝴蝶\u{1B}[0m"), 4)
    XCTAssertEqual(DisplayWidth.ofStyled("plain"), 5)
  }
}
