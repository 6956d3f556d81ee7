import Foundation
import XCTest

/// `show` through the `bowq` binary: in a pipe the card is plain text, whatever `NO_COLOR`
/// says, and reads the day in the locale of `LANG`/`LC_ALL` and the zone of `TZ`; at a
/// terminal (tmux) the tint colour is a true-colour swatch, and `NO_COLOR` takes it away.
final class ShowCardTests: XCTestCase {
  func testACardThroughAPipeIsPlainTextInTheEnvironmentsLocale() throws {
    let home = try makeHome()
    let result = try Bowq.run(
      ["--memory", "--sample"], input: "fetch BowTie where searchKey == \"B\"\nshow\n",
      home: home, environment: ["NO_COLOR": "", "LC_ALL": "de_DE.UTF-8", "TZ": "Asia/Tokyo"])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertFalse(result.stdout.contains("\u{1B}"), result.stdout)
    XCTAssertTrue(
      result.stdout.hasSuffix(
        """
        ╭─ BowTie/p5 ─────────────────────────╮
        │ Blue Bow Tie                        │
        │                                     │
        │ Rating       5.0 / 5  ★★★★★         │
        │ Times worn   12                     │
        │ Last worn    03.05.24               │
        │ Favourite    Yes                    │
        │ Tint colour  #0000FF rgb(0, 0, 255) │
        ╰─────────────────────────────────────╯

        """), result.stdout)
  }

  func testAnUnknownObjectFailsWithItsPlace() throws {
    let home = try makeHome()
    let result = try Bowq.run(["--memory", "--sample", "-c", "show BowTie/p8"], home: home)
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr,
      """
      -c:1:6: error: there is no object BowTie/p8: BowTie's objects have keys p1 to p7 (`fetch BowTie` lists them)
        show BowTie/p8
             ^~~~~~~~~

      """)
  }

  func testAtATerminalTheTintColourIsATrueColourSwatchUnlessNoColorIsSet() throws {
    let home = try makeHome()
    let colored = try startShell(
      ["--memory", "--sample"], home: home, environment: ["NO_COLOR": ""])
    try colored.enter("show BowTie/p7")
    try colored.waitFor("╰──")
    let screen = try colored.screen(escapes: true)
    XCTAssertTrue(screen.contains("\u{1B}[48;2;238;130;238m"), screen)
    XCTAssertTrue(screen.contains("#EE82EE rgb(238, 130, 238)"), screen)

    let plain = try startShell(["--memory", "--sample"], home: home)
    try plain.enter("show BowTie/p7")
    try plain.waitFor("╰──")
    let plainScreen = try plain.screen(escapes: true)
    XCTAssertFalse(plainScreen.contains("48;2;"), plainScreen)
    XCTAssertTrue(plainScreen.contains("│ Tint colour  #EE82EE rgb(238, 130, 238) │"), plainScreen)
  }
}
