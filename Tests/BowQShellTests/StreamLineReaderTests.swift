import BowQ
import BowQShell
import Foundation
import XCTest

final class StreamLineReaderTests: XCTestCase {
  private var scratch: URL!

  override func setUpWithError() throws {
    Interrupt.reset()
    scratch = try makeTemporaryFolder("bowq-reader")
  }

  override func tearDownWithError() throws {
    Interrupt.reset()
  }

  /// Every line until the end of input.
  private func lines(_ reader: StreamLineReader) -> [LineInput] {
    var reader = reader
    var result: [LineInput] = []
    while true {
      let input = reader.readLine(prompt: "bowq> ")
      result.append(input)
      if input == .endOfInput || result.count > 100_000 { return result }
    }
  }

  /// The lines read from a file through its descriptor, `chunkSize` bytes at a time.
  private func linesThroughDescriptor(_ bytes: [UInt8], chunkSize: Int) throws -> [LineInput] {
    let path = scratch.appendingPathComponent("input").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    let handle = try XCTUnwrap(FileHandle(forReadingAtPath: path))
    defer { try? handle.close() }
    return lines(StreamLineReader(fileDescriptor: handle.fileDescriptor, chunkSize: chunkSize))
  }

  func testSplitsLinesAndEndsWithEndOfInput() {
    XCTAssertEqual(
      lines(StreamLineReader(text: "fetch BowTie\ncount BowTie\n")),
      [.line("fetch BowTie"), .line("count BowTie"), .endOfInput])
  }

  func testReturnsTheLastLineWithoutALineFeed() {
    XCTAssertEqual(lines(StreamLineReader(text: "a\nb")), [.line("a"), .line("b"), .endOfInput])
  }

  func testKeepsEmptyLines() {
    XCTAssertEqual(
      lines(StreamLineReader(text: "\n\na\n")), [.line(""), .line(""), .line("a"), .endOfInput])
  }

  func testEmptyInput() {
    XCTAssertEqual(lines(StreamLineReader(text: "")), [.endOfInput])
  }

  func testStripsTheCarriageReturnOfCRLF() {
    XCTAssertEqual(
      lines(StreamLineReader(text: "a\r\nb\r\nc\r")),
      [.line("a"), .line("b"), .line("c"), .endOfInput])
  }

  func testKeepsACarriageReturnInsideALine() {
    XCTAssertEqual(lines(StreamLineReader(text: "a\rb\n")), [.line("a\rb"), .endOfInput])
  }

  func testSkipsAByteOrderMarkAtTheVeryStartOnly() {
    XCTAssertEqual(
      lines(StreamLineReader(text: "\u{FEFF}fetch\n\u{FEFF}x\n")),
      [.line("fetch"), .line("\u{FEFF}x"), .endOfInput])
  }

  func testDecodesUTF8AndReplacesInvalidBytes() throws {
    XCTAssertEqual(
      try linesThroughDescriptor(Array("é 领结\n".utf8) + [0x61, 0xFF, 0x62], chunkSize: 3),
      [.line("é 领结"), .line("a\u{FFFD}b"), .endOfInput])
  }

  func testReadsThroughADescriptorWithLinesAcrossChunks() throws {
    let text = "first line\r\nsecond\n\nthird without newline"
    for chunkSize in [1, 2, 5, 11, 64 * 1024] {
      XCTAssertEqual(
        try linesThroughDescriptor(Array(text.utf8), chunkSize: chunkSize),
        [
          .line("first line"), .line("second"), .line(""), .line("third without newline"),
          .endOfInput,
        ],
        "chunk size \(chunkSize)")
    }
  }

  func testByteOrderMarkSplitAcrossChunks() throws {
    XCTAssertEqual(
      try linesThroughDescriptor(Array("\u{FEFF}a\r\n".utf8), chunkSize: 1),
      [.line("a"), .endOfInput])
  }

  func testLongLines() throws {
    let long = String(repeating: "领结 bow tie ", count: 50_000)
    let text = long + "\n" + long + "\r\nshort\n"
    XCTAssertEqual(
      try linesThroughDescriptor(Array(text.utf8), chunkSize: 4096),
      [.line(long), .line(long), .line("short"), .endOfInput])
    XCTAssertEqual(
      lines(StreamLineReader(text: text)), [.line(long), .line(long), .line("short"), .endOfInput])
  }

  func testManyLines() throws {
    let count = 20_000
    let text = (0..<count).map { "insert BowTie name = \"\($0)\"" }.joined(separator: "\n")
    let read = try linesThroughDescriptor(Array(text.utf8), chunkSize: 64 * 1024)
    XCTAssertEqual(read.count, count + 1)
    XCTAssertEqual(read[count - 1], .line("insert BowTie name = \"\(count - 1)\""))
  }

  func testReadsAWholeFile() throws {
    let path = scratch.appendingPathComponent("script.bowq").path
    _ = FileManager.default.createFile(
      atPath: path, contents: Data("#!/usr/bin/env bowq\nsave".utf8))
    XCTAssertEqual(
      lines(try StreamLineReader(contentsOfFile: path)),
      [.line("#!/usr/bin/env bowq"), .line("save"), .endOfInput])
  }

  func testReportsAMissingFile() {
    let path = scratch.appendingPathComponent("missing.bowq").path
    XCTAssertThrowsError(try StreamLineReader(contentsOfFile: path)) { error in
      XCTAssertEqual(error as? FileError, .missing(path: path))
    }
  }

  func testReportsADirectoryADeviceAndAFIFOWithoutReadingThem() throws {
    let fifo = scratch.appendingPathComponent("fifo").path
    guard mkfifo(fifo, 0o600) == 0 else { throw XCTSkip("cannot make a FIFO here") }
    for (path, kind) in [
      (scratch.path, FileKind.directory), ("/dev/zero", .characterDevice), (fifo, .fifo),
    ] {
      XCTAssertThrowsError(try StreamLineReader(contentsOfFile: path)) { error in
        XCTAssertEqual(error as? FileError, .notAFile(path: path, kind: kind))
      }
    }
  }

  func testAScriptFileIsReadAsItRunsNotLoadedWhole() throws {
    let path = scratch.appendingPathComponent("long.bowq").path
    _ = FileManager.default.createFile(atPath: path, contents: Data("a\nb\nc\n".utf8))
    var reader = try StreamLineReader(contentsOfFile: path, chunkSize: 2)
    XCTAssertEqual(reader.readLine(prompt: ""), .line("a"))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("d\n".utf8))
    try handle.close()
    XCTAssertEqual(
      [reader.readLine(prompt: ""), reader.readLine(prompt: ""), reader.readLine(prompt: "")],
      [.line("b"), .line("c"), .line("d")], "lines written after the first was read are read")
    XCTAssertEqual(reader.readLine(prompt: ""), .endOfInput)
  }

  func testCtrlCStopsReading() {
    var reader = StreamLineReader(text: "a\nb\n")
    XCTAssertEqual(reader.readLine(prompt: ""), .line("a"))
    Interrupt.request()
    XCTAssertEqual(reader.readLine(prompt: ""), .interrupted)
    Interrupt.reset()
    XCTAssertEqual(reader.readLine(prompt: ""), .line("b"))
  }

  func testHistoryIsIgnored() {
    var reader = StreamLineReader(text: "a")
    reader.addToHistory("fetch BowTie")
    XCTAssertEqual(reader.readLine(prompt: ""), .line("a"))
  }
}

extension StreamLineReaderTests {
  func testKeepsTheFirstInvalidByteOfEachLine() throws {
    let path = scratch.appendingPathComponent("invalid").path
    let bytes = Array("é 领".utf8) + [0x80, 0x61, 0xFF] + Array("\nok\n".utf8)
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    let handle = try XCTUnwrap(FileHandle(forReadingAtPath: path))
    defer { try? handle.close() }
    var reader = StreamLineReader(fileDescriptor: handle.fileDescriptor, chunkSize: 2)
    XCTAssertEqual(reader.readLine(prompt: ""), .line("é 领\u{FFFD}a\u{FFFD}"))
    XCTAssertEqual(reader.invalidByte, InvalidByte(value: 0x80, column: 4))
    XCTAssertEqual(reader.readLine(prompt: ""), .line("ok"))
    XCTAssertNil(reader.invalidByte)
  }
}
