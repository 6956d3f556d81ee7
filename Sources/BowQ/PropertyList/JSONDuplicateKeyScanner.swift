import Foundation

/// Finds an object key that appears twice in JSON text, which `JSONSerialization` accepts
/// silently, keeping only the last value.
///
/// It runs over text Foundation has already parsed, so it only tells structure apart:
/// strings (with their escapes decoded, so `"a"` and `"\u0061"` are the same key), the
/// brackets and braces that open and close containers, and the commas that count array
/// elements for the path it reports (`[2].tint`, as ``FoundationBridge`` names values).
enum JSONDuplicateKeyScanner {
  /// An open container: an object with the line of each key met so far, or an array with
  /// the index of its current element.
  private enum Frame {
    case object(lineByKey: [String: Int], key: String?)
    case array(index: Int)
  }

  /// Throws ``PropertyListError/Kind/duplicateKey`` at the second occurrence of the first
  /// key repeated in one object, naming the key, the object's path and both lines.
  static func check(_ data: Data) throws {
    try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws -> Void in
      var stack: [Frame] = []
      var line = 1
      var i = 0
      while i < bytes.count {
        let byte = bytes[i]
        switch byte {
        case UInt8(ascii: "\n"):
          line += 1
        case UInt8(ascii: "{"):
          stack.append(.object(lineByKey: [:], key: nil))
        case UInt8(ascii: "["):
          stack.append(.array(index: 0))
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          _ = stack.popLast()
        case UInt8(ascii: ","):
          if case .array(let index) = stack.last {
            stack[stack.count - 1] = .array(index: index + 1)
          }
        case UInt8(ascii: "\""):
          let start = i
          let (text, end) = string(in: bytes, from: i + 1)
          i = end
          guard isKey(in: bytes, after: end), case .object(var lineByKey, _) = stack.last else {
            continue
          }
          if let first = lineByKey[text] {
            let place =
              stack.count == 1
              ? "the top-level object" : "the object at \(path(of: stack.dropLast()))"
            throw PropertyListError(
              .duplicateKey, at: start,
              "the key \(Value.quoted(text)) appears twice in \(place) (lines \(first) and "
                + "\(line)); JSON readers keep only one of the values, so remove the other")
          }
          lineByKey[text] = line
          stack[stack.count - 1] = .object(lineByKey: lineByKey, key: text)
          continue
        default:
          break
        }
        i += 1
      }
    }
  }

  /// The path of the innermost of `frames`, as `[2].tint`.
  private static func path(of frames: ArraySlice<Frame>) -> String {
    frames.map { frame in
      switch frame {
      case .array(let index): return "[\(index)]"
      case .object(_, let key): return "." + (key ?? "")
      }
    }.joined()
  }

  /// Whether the next byte after `position` that is not white space is a colon.
  private static func isKey(in bytes: UnsafeRawBufferPointer, after position: Int) -> Bool {
    var i = position
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    return i < bytes.count && bytes[i] == UInt8(ascii: ":")
  }

  /// The string whose text starts at `start` (after its opening quote), with its escapes
  /// decoded, and the position after its closing quote.
  private static func string(in bytes: UnsafeRawBufferPointer, from start: Int) -> (
    String, Int
  ) {
    var utf8: [UInt8] = []
    var units: [UInt16] = []
    func flushUnits() {
      guard !units.isEmpty else { return }
      utf8 += Array(String(decoding: units, as: UTF16.self).utf8)
      units = []
    }
    var i = start
    while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
      guard bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count else {
        flushUnits()
        utf8.append(bytes[i])
        i += 1
        continue
      }
      let escaped = bytes[i + 1]
      i += 2
      if escaped == UInt8(ascii: "u"), i + 4 <= bytes.count,
        let unit = UInt16(
          String(decoding: UnsafeRawBufferPointer(rebasing: bytes[i..<i + 4]), as: UTF8.self),
          radix: 16)
      {
        units.append(unit)
        i += 4
        continue
      }
      flushUnits()
      switch escaped {
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      default: utf8.append(escaped)
      }
    }
    flushUnits()
    return (String(decoding: utf8, as: UTF8.self), min(i + 1, bytes.count))
  }
}
