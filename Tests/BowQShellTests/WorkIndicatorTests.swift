import XCTest

@testable import BowQ
@testable import BowQShell

final class WorkIndicatorTests: XCTestCase {
  func testTheLineSaysTheTimeAndWhatTheWorkSaidOfItself() {
    XCTAssertEqual(
      WorkIndicator.line(seconds: 3, progress: nil), "… still running, 3 s (Ctrl-C stops it)")
    XCTAssertEqual(
      WorkIndicator.line(seconds: 4, progress: .init(work: "saving", fraction: 0.426)),
      "… still running, 4 s: saving, 42% (Ctrl-C stops it)")
    XCTAssertEqual(
      WorkIndicator.line(seconds: 9, progress: .init(work: "exporting Tie", fraction: 1)),
      "… still running, 9 s: exporting Tie, 99% (Ctrl-C stops it)",
      "work that said it is done but still runs is not shown done")
  }
}
