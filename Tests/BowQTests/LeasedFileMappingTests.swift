import Foundation
import XCTest

@testable import BowQ

#if canImport(Glibc)
  import Glibc
#endif

final class LeasedFileMappingTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = try makeTemporaryFolder("bowq-mapping")
  }

  /// Leases are a file system's to grant (NFS and FUSE file systems often refuse them); where
  /// they are refused, bowq reads stores instead of mapping them, and the mapping cannot be
  /// tested.
  private func skipUnlessLeasesAreGranted() throws {
    let (_, descriptor) = try write(Data(count: 1))
    defer { close(descriptor) }
    let setLease: Int32 = 1024
    guard fcntl(descriptor, setLease, Int32(F_RDLCK)) == 0 else {
      throw XCTSkip("the temporary folder's file system grants no read leases")
    }
    _ = fcntl(descriptor, setLease, Int32(F_UNLCK))
  }

  private func write(_ bytes: Data) throws -> (path: String, descriptor: Int32) {
    let path = folder.appendingPathComponent("file").path
    try bytes.write(to: URL(fileURLWithPath: path))
    let descriptor = open(path, O_RDONLY)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    return (path, descriptor)
  }

  func testMapsALargeFileAndKeepsItReadableAfterReleasingPages() throws {
    try skipUnlessLeasesAreGranted()
    let bytes = Data((0..<LeasedFileMapping.minimumSize).map { UInt8(truncatingIfNeeded: $0 * 7) })
    let (_, descriptor) = try write(bytes)
    defer { close(descriptor) }
    let mapping = try XCTUnwrap(LeasedFileMapping.map(descriptor, size: bytes.count))
    let data = mapping.data
    XCTAssertEqual(data, bytes)
    mapping.releaseResidentPages()
    XCTAssertEqual(data, bytes, "released pages are mapped again from the file")
  }

  /// A mapping read long after it was made (columns decoded on demand) checks it still
  /// holds its lease, and its bytes are the file's in place.
  func testAMappingHoldsItsLeaseAndGivesItsBytesInPlace() throws {
    try skipUnlessLeasesAreGranted()
    let bytes = Data((0..<LeasedFileMapping.minimumSize).map { UInt8(truncatingIfNeeded: $0 * 3) })
    let (_, descriptor) = try write(bytes)
    defer { close(descriptor) }
    let mapping = try XCTUnwrap(LeasedFileMapping.map(descriptor, size: bytes.count))
    XCTAssertTrue(mapping.holdsLease())
    XCTAssertEqual(Data(mapping.bytes), bytes)
    XCTAssertTrue(mapping.holdsLease(), "asking again keeps the lease")
  }

  func testSmallFilesAreRead() throws {
    let (_, descriptor) = try write(Data(count: 4096))
    defer { close(descriptor) }
    XCTAssertNil(LeasedFileMapping.map(descriptor, size: 4096))
  }

  func testAFileThatChangedSizeIsNotMapped() throws {
    let size = LeasedFileMapping.minimumSize
    let (_, descriptor) = try write(Data(count: size))
    defer { close(descriptor) }
    XCTAssertNil(LeasedFileMapping.map(descriptor, size: size + 1))
  }

  func testAFileOpenForWritingIsNotMapped() throws {
    let size = LeasedFileMapping.minimumSize
    let (path, descriptor) = try write(Data(count: size))
    defer { close(descriptor) }
    let writer = open(path, O_WRONLY)
    defer { close(writer) }
    XCTAssertNil(LeasedFileMapping.map(descriptor, size: size), "a read lease needs no writers")
  }

  /// While the mapping lives, truncating the file waits for the lease to be given up
  /// instead of pulling pages from under the reader (which would end it with SIGBUS).
  func testTruncationWaitsUntilTheMappingIsGone() throws {
    try skipUnlessLeasesAreGranted()
    let size = LeasedFileMapping.minimumSize
    let bytes = Data(repeating: 0xAB, count: size)
    let (path, descriptor) = try write(bytes)
    var mapping = LeasedFileMapping.map(descriptor, size: size)
    close(descriptor)
    XCTAssertNotNil(mapping)
    let truncated = expectation(description: "truncated")
    let started = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      started.signal()
      truncate(path, 0)
      truncated.fulfill()
    }
    started.wait()
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertEqual(mapping?.data.last, 0xAB, "the file is still whole")
    mapping = nil
    wait(for: [truncated], timeout: 10)
  }
}
