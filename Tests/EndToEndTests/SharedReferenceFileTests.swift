import Foundation
import XCTest

/// Issue 12, item 9, through the binary: a 285-byte binary plist whose arrays refer to one
/// another 16 times over, 12 levels deep, is refused at once by every command that would
/// walk it, with the same clear error, instead of running out of memory.
final class SharedReferenceFileTests: XCTestCase {
  /// 12 arrays of 16 references each to the next, then the string "lol", with 1-byte
  /// offsets and references.
  private static let laughs: Data = {
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for level in 0..<12 {
      offsets.append(UInt8(bytes.count))
      bytes += [0xAF, 0x10, 16] + [UInt8](repeating: UInt8(level + 1), count: 16)
    }
    offsets.append(UInt8(bytes.count))
    bytes += [0x53] + Array("lol".utf8)
    let table = bytes.count
    bytes += offsets + [0, 0, 0, 0, 0, 0, 1, 1]
    for field in [UInt64(offsets.count), 0, UInt64(table)] {
      bytes += (0..<8).map { UInt8(truncatingIfNeeded: field >> UInt64(8 * (7 - $0))) }
    }
    return Data(bytes)
  }()

  private let refusal =
    "the property list expands to more than 1048576 values and bytes of strings and data "
    + "when its shared references are followed (shared references nested too deep or "
    + "repeated too often)"

  func testPlistJSONImportAndReadOnlyRefuseTheFileAtOnce() throws {
    let home = try makeHome()
    let file = home.appendingPathComponent("laughs.plist")
    try Self.laughs.write(to: file)
    XCTAssertEqual(Self.laughs.count, 285)
    let runs: [([String], String)] = [
      (["plist", file.path], "bowq: \(file.path): \(refusal)\n"),
      (["plist", "--format", "json", file.path], "bowq: \(file.path): \(refusal)\n"),
      (
        ["--store", file.path, "--read-only", "-c", "count T"],
        "cannot open the store read-only: \(file.path) is not a valid store file: \(refusal)"
      ),
      (
        ["--memory", "-c", "entity T { s: String }; import \"\(file.path)\" into T"],
        "\(file.path) is not a readable property list: \(refusal)"
      ),
    ]
    for (arguments, message) in runs {
      let start = Date()
      let result = try Bowq.run(arguments, home: home)
      XCTAssertLessThan(Date().timeIntervalSince(start), 10, "\(arguments)")
      XCTAssertEqual(result.status, 1, "\(arguments)")
      XCTAssertEqual(result.stdout.contains("lol"), false, "\(arguments)")
      XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
    XCTAssertEqual(try Data(contentsOf: file), Self.laughs)
  }
}
