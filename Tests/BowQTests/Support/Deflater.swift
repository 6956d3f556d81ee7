import CZlib
import Foundation

/// Compresses bytes with zlib, as raw DEFLATE (as Core Data's model cache is) or wrapped in a
/// zlib header and checksum, for tests of the reading side.
enum Deflater {
  /// `data` compressed; `raw` leaves out the zlib header and checksum.
  static func deflate(_ data: Data, raw: Bool) -> Data {
    var stream = z_stream()
    let windowBits = raw ? -MAX_WBITS : MAX_WBITS
    guard
      deflateInit2_(
        &stream, Z_BEST_COMPRESSION, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
        Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return Data() }
    defer { deflateEnd(&stream) }
    var input = Array(data)
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 16)
    let outputCount = output.count
    let written = input.withUnsafeMutableBufferPointer { inputBytes in
      output.withUnsafeMutableBufferPointer { outputBytes in
        stream.next_in = inputBytes.baseAddress
        stream.avail_in = uInt(inputBytes.count)
        stream.next_out = outputBytes.baseAddress
        stream.avail_out = uInt(outputCount)
        CZlib.deflate(&stream, Z_FINISH)
        return outputCount - Int(stream.avail_out)
      }
    }
    return Data(output[0..<written])
  }
}
