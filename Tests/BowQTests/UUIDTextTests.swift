import Foundation
import XCTest

@testable import BowQ

/// `UUIDText` reads every text as `UUID(uuidString:)` does, and the canonical form from its
/// bytes alone.
final class UUIDTextTests: XCTestCase {
  func testEveryTextReadsAsFoundationReadsIt() {
    var generator = SplitMix64(seed: 27)
    var texts = [
      "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
      "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
      "E621E1F8C36C495A93FC0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5",
      "E621E1F8-C36C-495A-93FC-0C247A3E6E5G", "E621E1F8+C36C-495A-93FC-0C247A3E6E5F",
      "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}", " E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
      "É621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F ", "",
    ]
    for _ in 0..<200 {
      let bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      let uuid = UUID(
        uuid: (
          bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
          bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
      texts += [uuid.uuidString, uuid.uuidString.lowercased()]
    }
    for text in texts {
      XCTAssertEqual(UUIDText.uuid(text), UUID(uuidString: text), text)
    }
  }

  func testTheCanonicalFormIsReadFromItsBytesInEitherCase() throws {
    let upper = "6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01"
    for text in [upper, upper.lowercased()] {
      let read = Array(text.utf8).withUnsafeBufferPointer(UUIDText.uuid(canonical:))
      XCTAssertEqual(try XCTUnwrap(read, text).uuidString, upper)
    }
    XCTAssertNil(Array("{\(upper)}".utf8).withUnsafeBufferPointer(UUIDText.uuid(canonical:)))
  }
}
