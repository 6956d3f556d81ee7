import Foundation

/// Decodes a binary property list (`bplist00`) into a ``PropertyList``, for files that may be
/// damaged or hostile.
///
/// Every malformed input throws a ``PropertyListError`` with the byte offset of the problem;
/// nothing traps and no allocation is larger than the file. The reader checks the header
/// (only `bplist00`), the trailer (sizes 1–8, including libplist's 3, object count, top
/// object, table position) and CoreFoundation's exact length equation; every offset-table
/// entry, including unreferenced ones, must point into the object table. Each count is
/// checked against the bytes that remain before anything is allocated. References must
/// name existing objects; containers may not contain themselves or nest deeper than
/// ``maximumDepth``. Strings must be strict ASCII or strict UTF-16, dictionary keys unique
/// strings, reals 4 or 8 bytes, dates finite, and integers at most 16 bytes (a 16-byte
/// integer only for values that fit in `UInt64`).
///
/// Objects bowq has no value for are errors: the null marker `0x00` (no bplist00 writer
/// emits it, and a store has no use for it), fill bytes, sets, UIDs and the v1-only markers.
/// Unreferenced objects and gaps between objects, as CoreFoundation's writer leaves them,
/// are accepted.
///
/// Each object is decoded once and remembered by index, containers included, so a file that
/// shares sub-objects many times decodes in time and memory linear in its size: the decoded
/// values share storage. Callers that walk a decoded value in full (printing it, comparing
/// it) still see every shared copy.
public enum BinaryPropertyListReader {
  /// The deepest nesting of containers accepted; the top object is at depth 0. This is
  /// CoreFoundation's limit on macOS.
  public static let maximumDepth = 512

  /// Decodes `data`, which must be a complete `bplist00` file.
  public static func decode(_ data: Data) throws -> PropertyList {
    var parser = try BinaryPlistParser(bytes: [UInt8](data))
    return try parser.decodeTop()
  }
}

/// The state of one decoding: the validated trailer and offset table, and the objects
/// decoded so far.
private struct BinaryPlistParser {
  private static let headerSize = 8
  private static let trailerSize = 32
  private let bytes: [UInt8]
  private let refSize: Int
  private let tableOffset: Int
  private let topObject: Int
  private let offsets: [Int]
  private var decoded: [PropertyList?]
  private var onPath: [Bool]

  init(bytes: [UInt8]) throws {
    self.bytes = bytes
    try Self.checkHeader(bytes)
    let length = bytes.count
    guard length >= Self.headerSize + 1 + Self.trailerSize else {
      throw PropertyListError(
        .tooShort, at: length,
        "the file is \(length) bytes long, shorter than the \(Self.headerSize + 1 + Self.trailerSize) "
          + "bytes of a header, one object and a trailer")
    }
    let trailer = length - Self.trailerSize
    let offsetSize = Int(bytes[trailer + 6])
    let refSize = Int(bytes[trailer + 7])
    for (name, size, at) in [
      ("offset size", offsetSize, trailer + 6), ("object reference size", refSize, trailer + 7),
    ] where !(1...8).contains(size) {
      throw PropertyListError(
        .badTrailer, at: at, "the trailer's \(name) is \(size); it must be 1 to 8 bytes")
    }
    let objectCount = Self.unsigned(bytes, at: trailer + 8, size: 8)
    let top = Self.unsigned(bytes, at: trailer + 16, size: 8)
    let tableOffset = Self.unsigned(bytes, at: trailer + 24, size: 8)
    guard objectCount >= 1 else {
      throw PropertyListError(.badTrailer, at: trailer + 8, "the trailer says there are no objects")
    }
    guard top < objectCount else {
      throw PropertyListError(
        .badTrailer, at: trailer + 16,
        "the top object is object \(top), but there are only \(objectCount) objects")
    }
    guard tableOffset >= UInt64(Self.headerSize + 1), tableOffset < UInt64(trailer) else {
      throw PropertyListError(
        .badTrailer, at: trailer + 24,
        "the offset table starts at byte \(tableOffset), outside the file's body "
          + "(bytes \(Self.headerSize + 1) to \(trailer - 1))")
    }
    let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: UInt64(offsetSize))
    let (tableEnd, overflow2) = tableOffset.addingReportingOverflow(tableSize)
    guard !overflow, !overflow2, tableEnd == UInt64(trailer) else {
      let end = overflow || overflow2 ? "past 2^64" : "at byte \(tableEnd)"
      throw PropertyListError(
        .lengthMismatch, at: trailer,
        "the offset table of \(objectCount) entries of \(offsetSize) bytes at byte "
          + "\(tableOffset) ends \(end), but the trailer starts at byte \(trailer) "
          + "(the file is truncated, or has bytes added)")
    }
    // The length equation bounds both numbers by the file's length.
    let count = Int(objectCount)
    let table = Int(tableOffset)
    var offsets: [Int] = []
    offsets.reserveCapacity(count)
    for index in 0..<count {
      let at = table + index * offsetSize
      let offset = Self.unsigned(bytes, at: at, size: offsetSize)
      guard offset >= UInt64(Self.headerSize) else {
        throw PropertyListError(
          .badOffset, at: at,
          "offset table entry \(index) points into the header (offset \(offset))")
      }
      guard offset < tableOffset else {
        throw PropertyListError(
          .badOffset, at: at,
          "offset table entry \(index) points past the object table (offset \(offset), "
            + "table starts at \(tableOffset))")
      }
      offsets.append(Int(offset))
    }
    self.refSize = refSize
    self.tableOffset = table
    self.topObject = Int(top)
    self.offsets = offsets
    self.decoded = Array(repeating: nil, count: count)
    self.onPath = Array(repeating: false, count: count)
  }

  private static func checkHeader(_ bytes: [UInt8]) throws {
    let expected = Array("bplist00".utf8)
    let found = Array(bytes.prefix(Self.headerSize))
    if found.elementsEqual(expected.prefix(found.count)) {
      return
    }
    if found.count < 6 || !found[..<6].elementsEqual(expected[..<6]) {
      throw PropertyListError(
        .badHeader, at: 0,
        "not a binary property list: the file starts with \(describe(found)) "
          + "instead of \"bplist00\"")
    }
    throw PropertyListError(
      .badHeader, at: 6,
      "unsupported binary property list version \(describe(Array(found[6...]))) "
        + "(only \"bplist00\" is read)")
  }

  /// Bytes as text in quotes when printable, as hex otherwise.
  private static func describe(_ bytes: [UInt8]) -> String {
    if bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) {
      return "\"\(String(decoding: bytes, as: UTF8.self))\""
    }
    return bytes.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16, uppercase: true) }
      .joined(separator: " ")
  }

  /// A big-endian unsigned integer of 1 to 8 bytes; the caller checks the bounds.
  private static func unsigned(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
    var value: UInt64 = 0
    for i in offset..<offset + size { value = value << 8 | UInt64(bytes[i]) }
    return value
  }

  // MARK: Objects

  /// An array or dictionary being decoded: its children are decoded one by one, containers
  /// by pushing a new frame, so nesting costs heap, not stack.
  private struct Frame {
    var index: Int
    var refsStart: Int
    var count: Int
    /// The dictionary's keys, decoded when the frame is pushed; nil for an array.
    var keys: [String]?
    var keyIndex: [String: Int]
    var children: [PropertyList]
  }

  mutating func decodeTop() throws -> PropertyList {
    if !isContainer(topObject) { return try scalar(topObject) }
    var stack = [try frame(for: topObject)]
    while true {
      let position = stack[stack.count - 1].children.count
      if position == stack[stack.count - 1].count {
        let done = stack.removeLast()
        let value: PropertyList
        if let keys = done.keys {
          value = .dictionary(
            PropertyListDictionary(
              uniqueKeys: keys, values: done.children, indexByKey: done.keyIndex))
        } else {
          value = .array(done.children)
        }
        decoded[done.index] = value
        onPath[done.index] = false
        if stack.isEmpty { return value }
        stack[stack.count - 1].children.append(value)
        continue
      }
      let last = stack.count - 1
      let skip = stack[last].keys == nil ? 0 : stack[last].count
      let refAt = stack[last].refsStart + (skip + position) * refSize
      let ref = try reference(at: refAt, in: stack[last].index)
      if let value = decoded[ref] {
        stack[stack.count - 1].children.append(value)
      } else if isContainer(ref) {
        if onPath[ref] {
          let path = (stack.map(\.index) + [ref]).map(String.init).joined(separator: " → ")
          throw PropertyListError(
            .cycle, at: refAt, "object \(ref) contains itself (objects \(path))")
        }
        guard stack.count <= BinaryPropertyListReader.maximumDepth else {
          throw PropertyListError(
            .tooDeep, at: refAt,
            "containers nest deeper than \(BinaryPropertyListReader.maximumDepth) levels")
        }
        stack.append(try frame(for: ref))
      } else {
        stack[stack.count - 1].children.append(try scalar(ref))
      }
    }
  }

  private func isContainer(_ index: Int) -> Bool {
    let marker = bytes[offsets[index]] >> 4
    return marker == 0xA || marker == 0xD
  }

  /// Reads a reference and checks that it names an object.
  private func reference(at offset: Int, in container: Int) throws -> Int {
    let ref = Self.unsigned(bytes, at: offset, size: refSize)
    guard ref < UInt64(offsets.count) else {
      throw PropertyListError(
        .badReference, at: offset,
        "object \(container) refers to object \(ref), but there are only \(offsets.count) objects")
    }
    return Int(ref)
  }

  /// Starts decoding an array or dictionary: checks its reference list fits, and decodes
  /// and checks a dictionary's keys.
  private mutating func frame(for index: Int) throws -> Frame {
    let start = offsets[index]
    let isDictionary = bytes[start] >> 4 == 0xD
    let (count, refsStart) = try countAndStart(of: index)
    let perEntry = isDictionary ? 2 * refSize : refSize
    try checkPayload(
      of: index, from: refsStart, count: count, unitSize: perEntry,
      what: isDictionary ? "a dictionary of \(count) entries" : "an array of \(count) elements")
    onPath[index] = true
    var children: [PropertyList] = []
    children.reserveCapacity(count)
    guard isDictionary else {
      return Frame(
        index: index, refsStart: refsStart, count: count, keys: nil, keyIndex: [:],
        children: children)
    }
    var keys: [String] = []
    keys.reserveCapacity(count)
    var keyIndex: [String: Int] = [:]
    keyIndex.reserveCapacity(count)
    for entry in 0..<count {
      let refAt = refsStart + entry * refSize
      let ref = try reference(at: refAt, in: index)
      let marker = bytes[offsets[ref]] >> 4
      guard marker == 0x5 || marker == 0x6 else {
        let found = Self.kindName(bytes[offsets[ref]])
        throw PropertyListError(
          .badKey, at: refAt,
          "key \(entry) of dictionary object \(index) is object \(ref) at byte "
            + "\(offsets[ref]), which is \(found); keys must be strings")
      }
      let key = try scalar(ref).stringValue ?? ""
      if let first = keyIndex[key] {
        throw PropertyListError(
          .duplicateKey, at: refAt,
          "dictionary object \(index) has the key \(Value.quoted(key)) twice "
            + "(entries \(first) and \(entry))")
      }
      keyIndex[key] = entry
      keys.append(key)
    }
    return Frame(
      index: index, refsStart: refsStart, count: count, keys: keys, keyIndex: keyIndex,
      children: children)
  }

  /// Decodes a non-container object, remembering it by index.
  private mutating func scalar(_ index: Int) throws -> PropertyList {
    if let value = decoded[index] { return value }
    let value = try decodeScalar(index)
    decoded[index] = value
    return value
  }

  private func decodeScalar(_ index: Int) throws -> PropertyList {
    let start = offsets[index]
    let marker = bytes[start]
    let low = Int(marker & 0x0F)
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: return .bool(false)
      case 0x09: return .bool(true)
      case 0x00:
        throw PropertyListError(
          .unsupportedObject, at: start,
          "object \(index) is a null (marker 0x00), which binary property lists v0 do not have")
      default:
        throw unsupported(marker, index: index, at: start)
      }
    case 0x1:
      return try integer(index: index, at: start, widthExponent: low)
    case 0x2:
      guard low == 2 || low == 3 else {
        throw PropertyListError(
          .badNumber, at: start,
          "object \(index) is a real of \(1 << low) bytes; reals must be 4 or 8 bytes")
      }
      try checkPayload(
        of: index, from: start + 1, count: 1 << low, unitSize: 1, what: "a real")
      if low == 2 {
        let bits = UInt32(Self.unsigned(bytes, at: start + 1, size: 4))
        return .real(Double(Float(bitPattern: bits)))
      }
      return .real(Double(bitPattern: Self.unsigned(bytes, at: start + 1, size: 8)))
    case 0x3:
      guard marker == 0x33 else {
        throw PropertyListError(
          .badNumber, at: start,
          "object \(index) has the marker 0x\(hex(marker)); dates must be 0x33 (8 bytes)")
      }
      try checkPayload(of: index, from: start + 1, count: 8, unitSize: 1, what: "a date")
      let seconds = Double(bitPattern: Self.unsigned(bytes, at: start + 1, size: 8))
      guard seconds.isFinite else {
        throw PropertyListError(
          .badNumber, at: start + 1, "object \(index) is a date that is not a finite number")
      }
      return .date(Date(timeIntervalSinceReferenceDate: seconds))
    case 0x4:
      let (count, payload) = try countAndStart(of: index)
      try checkPayload(
        of: index, from: payload, count: count, unitSize: 1, what: "data of \(count) bytes")
      return .data(Data(bytes[payload..<payload + count]))
    case 0x5:
      let (count, payload) = try countAndStart(of: index)
      try checkPayload(
        of: index, from: payload, count: count, unitSize: 1,
        what: "an ASCII string of \(count) bytes")
      let text = bytes[payload..<payload + count]
      if let bad = text.firstIndex(where: { $0 >= 0x80 }) {
        throw PropertyListError(
          .badString, at: bad,
          "object \(index) is an ASCII string with the byte 0x\(hex(bytes[bad])); "
            + "ASCII strings hold only bytes below 0x80")
      }
      return .string(String(decoding: text, as: UTF8.self))
    case 0x6:
      let (count, payload) = try countAndStart(of: index)
      try checkPayload(
        of: index, from: payload, count: count, unitSize: 2,
        what: "a UTF-16 string of \(count) units")
      return .string(try utf16(index: index, from: payload, count: count))
    default:
      throw unsupported(marker, index: index, at: start)
    }
  }

  private func integer(index: Int, at start: Int, widthExponent: Int) throws -> PropertyList {
    guard widthExponent <= 4 else {
      throw PropertyListError(
        .badNumber, at: start,
        "object \(index) is an integer of 2^\(widthExponent) bytes; integers are at most 16 bytes")
    }
    let size = 1 << widthExponent
    try checkPayload(of: index, from: start + 1, count: size, unitSize: 1, what: "an integer")
    switch size {
    case 16:
      guard Self.unsigned(bytes, at: start + 1, size: 8) == 0 else {
        throw PropertyListError(
          .badNumber, at: start + 1,
          "object \(index) is a 16-byte integer that does not fit in 64 bits")
      }
      let value = Self.unsigned(bytes, at: start + 9, size: 8)
      return value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
    case 8:
      return .integer(Int64(bitPattern: Self.unsigned(bytes, at: start + 1, size: 8)))
    default:
      return .integer(Int64(Self.unsigned(bytes, at: start + 1, size: size)))
    }
  }

  /// Decodes UTF-16BE strictly: an unpaired surrogate is an error, not a replacement.
  private func utf16(index: Int, from start: Int, count: Int) throws -> String {
    var units: [UInt16] = []
    units.reserveCapacity(count)
    var pendingHigh = false
    for i in 0..<count {
      let at = start + 2 * i
      let unit = UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
      let isHigh = (0xD800...0xDBFF).contains(unit)
      let isLow = (0xDC00...0xDFFF).contains(unit)
      if pendingHigh != isLow {
        let bad = pendingHigh ? at - 2 : at
        throw PropertyListError(
          .badString, at: bad,
          "object \(index) is a UTF-16 string with an unpaired surrogate "
            + "0x\(hex(UInt16(bytes[bad]) << 8 | UInt16(bytes[bad + 1])))")
      }
      pendingHigh = isHigh
      units.append(unit)
    }
    if pendingHigh {
      let bad = start + 2 * (count - 1)
      throw PropertyListError(
        .badString, at: bad,
        "object \(index) is a UTF-16 string that ends with an unpaired surrogate "
          + "0x\(hex(units[count - 1]))")
    }
    return String(decoding: units, as: UTF16.self)
  }

  /// The count of a data, string, array or dictionary object (from its marker's low nibble
  /// or the integer that follows a `0xF`), and where its payload starts.
  private func countAndStart(of index: Int) throws -> (count: Int, start: Int) {
    let start = offsets[index]
    let low = Int(bytes[start] & 0x0F)
    if low < 15 { return (low, start + 1) }
    let intAt = start + 1
    guard intAt < tableOffset else {
      throw PropertyListError(
        .truncated, at: intAt,
        "the count of object \(index) runs past the end of the object table at byte \(tableOffset)")
    }
    let intMarker = bytes[intAt]
    guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 3 else {
      throw PropertyListError(
        .badNumber, at: intAt,
        "the count of object \(index) has the marker 0x\(hex(intMarker)); "
          + "counts must be integers of 1, 2, 4 or 8 bytes (0x10 to 0x13)")
    }
    let size = 1 << Int(intMarker & 0x0F)
    try checkPayload(of: index, from: intAt + 1, count: size, unitSize: 1, what: "a count")
    let count = Self.unsigned(bytes, at: intAt + 1, size: size)
    guard count <= UInt64(Int.max) else {
      throw PropertyListError(
        .badNumber, at: intAt, "the count of object \(index) is negative or too large (\(count))")
    }
    return (Int(count), intAt + 1 + size)
  }

  /// Checks that `count` units of `unitSize` bytes from `start` end within the object table.
  private func checkPayload(
    of index: Int, from start: Int, count: Int, unitSize: Int, what: String
  ) throws {
    let (size, overflow) = count.multipliedReportingOverflow(by: unitSize)
    guard !overflow, start <= tableOffset, size <= tableOffset - start else {
      let bytesText = overflow ? "more than 2^63 bytes" : "\(size) bytes"
      throw PropertyListError(
        .truncated, at: offsets[index],
        "object \(index) is \(what) (\(bytesText) from byte \(start)), which runs past the "
          + "end of the object table at byte \(tableOffset)")
    }
  }

  private func unsupported(_ marker: UInt8, index: Int, at offset: Int) -> PropertyListError {
    let name: String
    switch marker {
    case 0x0C, 0x0D: name = "a URL (binary property lists v1 only)"
    case 0x0E: name = "a UUID (binary property lists v1 only)"
    case 0x0F: name = "a fill byte, not an object"
    default: name = Self.kindName(marker)
    }
    return PropertyListError(
      .unsupportedObject, at: offset, "object \(index) has the marker 0x\(hex(marker)): \(name)")
  }

  /// What kind of object a marker starts, for messages.
  private static func kindName(_ marker: UInt8) -> String {
    switch marker >> 4 {
    case 0x0 where marker == 0x08 || marker == 0x09: return "a Boolean"
    case 0x1: return "an integer"
    case 0x2: return "a real"
    case 0x3: return "a date"
    case 0x4: return "data"
    case 0x5, 0x6: return "a string"
    case 0x7: return "a UTF-8 string (binary property lists v1 only)"
    case 0x8: return "a UID (an NSKeyedArchiver reference)"
    case 0xA: return "an array"
    case 0xB: return "an ordered set"
    case 0xC: return "a set"
    case 0xD: return "a dictionary"
    default: return "an unknown marker"
    }
  }

  private func hex(_ value: some FixedWidthInteger) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, value.bitWidth / 4 - digits.count)) + digits
  }
}
