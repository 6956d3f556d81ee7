import Foundation

/// Finds a key that appears twice in one dictionary of an XML property list, which
/// Foundation's parser accepts silently, keeping only the last value.
///
/// It runs over text Foundation has already parsed, so it only tells apart what matters:
/// comments, processing instructions, the document type and CDATA sections (skipped), the
/// `<dict>` and `<array>` elements that open and close containers, the start of each value
/// (which counts array elements for the path it reports, `[2].tint`, as
/// ``JSONDuplicateKeyScanner`` does), and the text of each `<key>`, with its entities decoded
/// so that `a&amp;b` and `a&#38;b` are the same key.
enum XMLDuplicateKeyScanner {
  /// An open container: a dictionary with the byte offset of each key met so far and the
  /// last key, or an array with the index of its current element.
  private enum Frame {
    case dictionary(offsetByKey: [String: Int], key: String?)
    case array(index: Int)
  }

  /// Throws ``PropertyListError/Kind/duplicateKey`` at the second occurrence of the first
  /// key repeated in one dictionary, naming the key, the dictionary's path and both lines.
  static func check(_ data: Data) throws {
    let bytes = [UInt8](data)
    var stack: [Frame] = []
    var i = 0
    while let open = bytes[i...].firstIndex(of: UInt8(ascii: "<")) {
      if let end = skipped(bytes, at: open) {
        i = end
        continue
      }
      guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { return }
      i = close + 1
      let isEnd = open + 1 < bytes.count && bytes[open + 1] == UInt8(ascii: "/")
      let nameStart = isEnd ? open + 2 : open + 1
      let nameEnd =
        bytes[nameStart..<close].firstIndex {
          $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "/")
        } ?? close
      let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
      if isEnd {
        if name == "dict" || name == "array" { _ = stack.popLast() }
        continue
      }
      if name == "plist" { continue }
      let isEmpty = bytes[close - 1] == UInt8(ascii: "/")
      if name == "key" {
        guard !isEmpty, let textEnd = find(Array("</key>".utf8), in: bytes, from: i) else {
          continue
        }
        let key = decodeEntities(String(decoding: bytes[i..<textEnd], as: UTF8.self))
        i = textEnd
        guard case .dictionary(var offsetByKey, _) = stack.last else { continue }
        if let first = offsetByKey[key] {
          let place =
            stack.count == 1
            ? "the top-level dictionary" : "the dictionary at \(path(of: stack.dropLast()))"
          throw PropertyListError(
            .duplicateKey, at: open,
            "the key \(Value.quoted(key)) appears twice in \(place) (lines "
              + "\(line(of: first, in: bytes)) and \(line(of: open, in: bytes))); XML readers "
              + "keep only one of the values, so remove the other")
        }
        offsetByKey[key] = open
        stack[stack.count - 1] = .dictionary(offsetByKey: offsetByKey, key: key)
        continue
      }
      if case .array(let index) = stack.last { stack[stack.count - 1] = .array(index: index + 1) }
      guard !isEmpty else { continue }
      if name == "dict" { stack.append(.dictionary(offsetByKey: [:], key: nil)) }
      if name == "array" { stack.append(.array(index: -1)) }
    }
  }

  /// The position after a comment, processing instruction, document type or CDATA section
  /// that starts at `open`; nil for an element's tag.
  private static func skipped(_ bytes: [UInt8], at open: Int) -> Int? {
    for (start, end) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">")]
    where bytes[open...].starts(with: Array(start.utf8)) {
      let close = find(Array(end.utf8), in: bytes, from: open + start.utf8.count)
      return close.map { $0 + end.utf8.count } ?? bytes.count
    }
    return nil
  }

  /// The position of the first `needle` in `bytes` at or after `start`.
  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    var i = start
    while i + needle.count <= bytes.count {
      if bytes[i] == needle[0], bytes[i..<i + needle.count].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }

  /// The line, counting from 1, of the byte at `position`.
  private static func line(of position: Int, in bytes: [UInt8]) -> Int {
    1 + bytes[..<position].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
  }

  /// The path of the innermost of `frames`, as `[2].tint`.
  private static func path(of frames: ArraySlice<Frame>) -> String {
    frames.map { frame in
      switch frame {
      case .array(let index): return "[\(index)]"
      case .dictionary(_, let key): return "." + (key ?? "")
      }
    }.joined()
  }

  /// `text` with XML's predefined and numeric character references replaced.
  private static func decodeEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var out = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
      let name = rest[rest.index(after: amp)..<semicolon]
      let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
      if let replacement = named[String(name)] {
        out += replacement
      } else if name.hasPrefix("#x") || name.hasPrefix("#X"),
        let value = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value)
      {
        out.unicodeScalars.append(scalar)
      } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst()),
        let scalar = Unicode.Scalar(value)
      {
        out.unicodeScalars.append(scalar)
      } else {
        out += rest[amp...semicolon]
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return out + rest
  }
}
