import CZlib
import Foundation

/// DEFLATE decompression through zlib: raw DEFLATE data (RFC 1951, as Core Data's model
/// cache holds it) or zlib-wrapped data (RFC 1950, a 2-byte header and an Adler-32
/// checksum), told apart by the zlib header.
///
/// The output is bounded: inflating stops with an error as soon as it would pass the limit,
/// so a small hostile input cannot fill the memory. The input must be one complete stream
/// with nothing after it.
enum Inflation {
  /// Inflates `data`, producing at most `limit` bytes.
  static func inflate(_ data: Data, limit: Int) throws(InflationError) -> Data {
    guard !data.isEmpty else { throw .truncated(produced: 0) }
    guard hasZlibHeader(data) else {
      return try inflate(data, windowBits: -MAX_WBITS, limit: limit)
    }
    do {
      return try inflate(data, windowBits: MAX_WBITS, limit: limit)
    } catch .invalid {
      // Raw DEFLATE data can begin with two bytes that read as a zlib header.
      return try inflate(data, windowBits: -MAX_WBITS, limit: limit)
    }
  }

  /// Whether the first two bytes are a zlib header: method 8 (DEFLATE), a window of at most
  /// 32 KiB, no preset dictionary, and a check value that makes them a multiple of 31.
  static func hasZlibHeader(_ data: Data) -> Bool {
    guard data.count >= 2 else { return false }
    let cmf = Int(data[data.startIndex])
    let flg = Int(data[data.startIndex + 1])
    return cmf & 0x0F == 8 && cmf >> 4 <= 7 && flg & 0x20 == 0 && (cmf << 8 | flg) % 31 == 0
  }

  /// Inflates with zlib's `windowBits` (negative for raw DEFLATE).
  private static func inflate(_ data: Data, windowBits: Int32, limit: Int)
    throws(InflationError) -> Data
  {
    var stream = z_stream()
    let status = inflateInit2_(
      &stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw .zlib(code: status, message: "inflateInit2 failed") }
    defer { inflateEnd(&stream) }
    let chunkSize = 64 * 1024
    var output = Data()
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    var input = Array(data)
    let inputCount = input.count
    return try input.withUnsafeMutableBufferPointer { (inputBytes) throws(InflationError) -> Data in
      stream.next_in = inputBytes.baseAddress
      stream.avail_in = uInt(inputCount)
      while true {
        let (code, produced) = chunk.withUnsafeMutableBufferPointer { outputBytes in
          stream.next_out = outputBytes.baseAddress
          stream.avail_out = uInt(chunkSize)
          let code = CZlib.inflate(&stream, Z_NO_FLUSH)
          return (code, chunkSize - Int(stream.avail_out))
        }
        guard output.count + produced <= limit else { throw .tooLarge(limit: limit) }
        output.append(contentsOf: chunk[0..<produced])
        switch code {
        case Z_STREAM_END:
          guard stream.avail_in == 0 else {
            throw .trailingBytes(count: Int(stream.avail_in))
          }
          return output
        case Z_OK:
          continue
        case Z_BUF_ERROR where stream.avail_in == 0:
          throw .truncated(produced: output.count)
        case Z_DATA_ERROR, Z_NEED_DICT:
          throw .invalid(message: stream.msg.map { String(cString: $0) } ?? "invalid data")
        default:
          throw .zlib(code: code, message: stream.msg.map { String(cString: $0) } ?? "error")
        }
      }
    }
  }
}

/// Why DEFLATE data could not be inflated.
enum InflationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The data is not valid DEFLATE (zlib's message says where it went wrong).
  case invalid(message: String)
  /// The data ends before the end of the compressed stream.
  case truncated(produced: Int)
  /// Bytes follow the end of the compressed stream.
  case trailingBytes(count: Int)
  /// The inflated data would be longer than the limit.
  case tooLarge(limit: Int)
  /// Another zlib failure, with its return code.
  case zlib(code: Int32, message: String)

  var description: String {
    switch self {
    case .invalid(let message):
      return "the compressed data is not valid DEFLATE data (\(message))"
    case .truncated(let produced):
      return "the compressed data ends early, after \(produced) inflated bytes"
    case .trailingBytes(let count):
      return "\(count) bytes follow the end of the compressed data"
    case .tooLarge(let limit):
      return "the compressed data inflates to more than \(limit) bytes"
    case .zlib(let code, let message):
      return "zlib failed (code \(code)): \(message)"
    }
  }
}
