import Foundation
import XCTest

@testable import BowQ

#if canImport(Glibc)
  import Glibc
#endif

/// `SystemCall.writeAll` of a string, which the shell writes all its output with: every
/// UTF-8 byte of any string, and the `errno` of a write that failed instead of a trap.
final class SystemCallTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-system-call").path
  }

  /// What `texts`, written one after another to a new file, leave in it.
  private func written(_ texts: [String]) throws -> Data {
    let path = folder + "/out"
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    XCTAssertGreaterThanOrEqual(file, 0)
    for text in texts { XCTAssertEqual(SystemCall.writeAll(text, to: file), 0) }
    close(file)
    return try Data(contentsOf: URL(fileURLWithPath: path))
  }

  func testEveryByteOfEveryKindOfStringIsWritten() throws {
    let large = String(repeating: "Blue Polka Dot – 🎀\n", count: 50_000)
    let bridged = NSString(string: "Ünïcödé from Foundation").description
    let texts = ["", "R", large, bridged, "café\u{301}", String(large.prefix(7))]
    XCTAssertEqual(try written(texts), Data(texts.joined().utf8))
    XCTAssertGreaterThan(large.utf8.count, 1 << 20)
  }

  func testAClosedDescriptorIsReportedNotTrapped() {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    close(ends[1])
    XCTAssertEqual(SystemCall.writeAll("lost", to: ends[1]), EBADF)
    close(ends[0])
  }

  func testAPipeWhoseReaderLeftIsReportedAsEPIPE() {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    close(ends[0])
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    XCTAssertEqual(SystemCall.writeAll("nobody reads this", to: ends[1]), EPIPE)
    close(ends[1])
  }
}
