import BowQShell
import XCTest

@testable import BowQCLI

final class ArgumentTextTests: XCTestCase {
  func testUTF8ArgumentsDecodeAsTheyAre() throws {
    let arguments = ["--memory", "-c", "count BowTie where name == \"Café ☕\""]
    XCTAssertEqual(try ArgumentText.decode(arguments.map { Array($0.utf8) }), arguments)
  }

  func testAnArgumentWithAByteThatIsNotUTF8IsRefusedWithItsPlace() {
    let statement = Array("count BowTie where name == \"".utf8) + [0xFF] + Array("\"".utf8)
    XCTAssertThrowsError(try ArgumentText.decode([Array("-c".utf8), statement])) { error in
      XCTAssertEqual(
        (error as? CommandLineError)?.description,
        "bowq: argument 2 is not UTF-8: byte 0xFF at column 29 of 'count BowTie where name == "
          + "\"\u{FFFD}\"'; bowq reads statements, paths and options as UTF-8")
    }
  }

  func testATruncatedCharacterIsRefusedToo() {
    XCTAssertThrowsError(try ArgumentText.decode([[0x61, 0xC3]])) { error in
      guard case .notUTF8(let position, _, let byte) = error as? CommandLineError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(position, 1)
      XCTAssertEqual(byte, InvalidByte(value: 0xC3, column: 2))
    }
  }

  func testARefusedCommandLineExitsWithTheUsageStatus() {
    XCTAssertEqual(
      Program.main(rawArguments: [Array("-c".utf8), [0x80]], environment: [:]),
      CommandLineError.exitStatus)
  }
}
