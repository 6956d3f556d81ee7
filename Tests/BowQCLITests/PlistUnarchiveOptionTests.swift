import BowQShell
import XCTest

@testable import BowQCLI

/// `bowq plist FILE --unarchive`, and `--unarchive` refused outside `plist`.
final class PlistUnarchiveOptionTests: XCTestCase {
  func testUnarchiveIsAnOptionOfPlist() throws {
    XCTAssertEqual(
      try CommandLineOptions.parse(["plist", "Users.mom", "--unarchive"]),
      .plist(PlistOptions(path: "Users.mom", unarchives: true)))
    XCTAssertEqual(
      try CommandLineOptions.parse(["--unarchive", "--json", "plist", "Users.mom"]),
      .plist(PlistOptions(path: "Users.mom", format: .json, unarchives: true)))
  }

  func testUnarchiveWithoutPlistIsABadCommandLine() {
    XCTAssertThrowsError(try CommandLineOptions.parse(["--memory", "--unarchive"])) { error in
      XCTAssertEqual(
        (error as? CommandLineError)?.description,
        "bowq: '--unarchive' is an option of 'bowq plist FILE'")
    }
  }

  func testHelpNamesUnarchive() {
    let help = CommandLineOptions.helpText(defaultStorePath: "/d")
    XCTAssertTrue(help.contains("bowq plist FILE [--unarchive] [--format json]"))
    XCTAssertTrue(help.contains("--unarchive      with plist"))
  }
}
