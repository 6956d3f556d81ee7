import Foundation
import XCTest

@testable import BowQ

#if canImport(Glibc)
  import Glibc
#endif

final class FileMappingTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-file-mapping")
  }

  /// A file of `megabytes` written in one write, as a save writes a store (which the
  /// kernel may cache in large folios), open for reading.
  private func writtenFile(megabytes: Int) throws -> Int32 {
    let path = folder.appendingPathComponent("file").path
    var bytes = Data(repeating: 0xA5, count: megabytes << 20)
    bytes[bytes.count - 1] = 0x5A
    try bytes.write(to: URL(fileURLWithPath: path))
    let descriptor = open(path, O_RDONLY)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    return descriptor
  }

  /// The resident size of the mapping that starts at `base`, from `/proc/self/smaps`.
  private func residentBytes(ofMappingAt base: UnsafeRawPointer) throws -> Int {
    // A file of /proc has no size to read by: read it to its end.
    let file = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/smaps"))
    defer { try? file.close() }
    let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    let start = String(UInt(bitPattern: base), radix: 16)
    var inMapping = false
    for line in smaps.split(separator: "\n") {
      if let range = line.split(separator: " ").first, range.contains("-") {
        inMapping = range.split(separator: "-").first.map(String.init) == start
      } else if inMapping, line.hasPrefix("Rss:") {
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        return try XCTUnwrap(kilobytes) * 1024
      }
    }
    throw XCTSkip("/proc/self/smaps does not list the mapping")
  }

  func testTheMappingStartsOnePagePastAPageTablesSpan() throws {
    let descriptor = try writtenFile(megabytes: 1)
    defer { close(descriptor) }
    let mapping = try XCTUnwrap(FileMapping(descriptor, length: 1 << 20))
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    XCTAssertEqual(Int(bitPattern: mapping.base) % FileMapping.pageTableSpan, page)
  }

  /// Reading one byte per megabyte makes the pages around each byte resident, not the large
  /// folio of the file cache each lies in (the whole file, on Linux 6.18 and a file system
  /// that caches large writes in large folios).
  func testScatteredReadsMakeOnlyThePagesAroundThemResident() throws {
    let megabytes = 32
    let descriptor = try writtenFile(megabytes: megabytes)
    defer { close(descriptor) }
    let mapping = try XCTUnwrap(FileMapping(descriptor, length: megabytes << 20))
    for megabyte in 0..<megabytes {
      XCTAssertEqual(mapping.base.load(fromByteOffset: megabyte << 20, as: UInt8.self), 0xA5)
    }
    let resident = try residentBytes(ofMappingAt: mapping.base)
    XCTAssertLessThanOrEqual(resident, megabytes << 20 / 4, "\(resident) bytes resident")
    mapping.releaseResidentPages()
    XCTAssertEqual(try residentBytes(ofMappingAt: mapping.base), 0)
  }

  func testAMappingMayReachPastTheFilesEnd() throws {
    let descriptor = try writtenFile(megabytes: 1)
    defer { close(descriptor) }
    let mapping = try XCTUnwrap(FileMapping(descriptor, length: 64 << 20))
    XCTAssertEqual(mapping.length, 64 << 20)
    XCTAssertEqual(mapping.base.load(fromByteOffset: (1 << 20) - 1, as: UInt8.self), 0x5A)
  }
}
