import Foundation

@testable import BowQ

/// Writes binary property lists whose objects may be shared, which bowq's own writer never
/// produces: a value is laid out as a tree, except that a string equal to a chosen
/// placeholder is replaced by a reference to a prepared object (such as a chain of arrays
/// that refer to one another many times over). A UID's dictionary (``PropertyList/uid(_:)``)
/// is written as a real UID (marker `0x8n`), as `NSKeyedArchiver` writes it. References are
/// 2 bytes (or `referenceSize`), offsets 2 bytes or, in a file past 64 KiB, 4.
struct PlistGraphBuilder {
  private(set) var objects: [[UInt8]] = []
  /// The bytes of each reference to an object.
  let referenceSize: Int

  init(referenceSize: Int = 2) {
    self.referenceSize = referenceSize
  }

  /// Adds `plist` (children first) and answers its object index; a string equal to
  /// `placeholder` becomes a reference to `replacement` instead.
  mutating func add(
    _ plist: PropertyList, replacing placeholder: String? = nil, with replacement: Int? = nil
  ) -> Int {
    switch plist {
    case .string(let s) where s == placeholder && replacement != nil:
      return replacement ?? 0
    case .string(let s):
      if s.utf8.allSatisfy({ $0 < 0x80 }) {
        return append(Self.header(0x5, s.utf8.count) + Array(s.utf8))
      }
      let units = Array(s.utf16)
      return append(
        Self.header(0x6, units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    case .integer(let i):
      return append([0x13] + CraftedPlist.bigEndian(UInt64(bitPattern: i), size: 8))
    case .unsignedInteger(let u):
      return append([0x14] + [UInt8](repeating: 0, count: 8) + CraftedPlist.bigEndian(u, size: 8))
    case .real(let r):
      return append([0x23] + CraftedPlist.bigEndian(r.bitPattern, size: 8))
    case .bool(let b):
      return append([b ? 0x09 : 0x08])
    case .date(let d):
      return append(
        [0x33] + CraftedPlist.bigEndian(d.timeIntervalSinceReferenceDate.bitPattern, size: 8))
    case .data(let d):
      return append(Self.header(0x4, d.count) + Array(d))
    case .array(let elements):
      let refs = elements.map { add($0, replacing: placeholder, with: replacement) }
      return append(Self.header(0xA, refs.count) + refs.flatMap(ref))
    case .dictionary where plist.uidValue != nil:
      return append([0x87] + CraftedPlist.bigEndian(UInt64(plist.uidValue ?? 0), size: 8))
    case .dictionary(let dictionary):
      let keys = dictionary.keys.map { add(.string($0)) }
      let values = dictionary.values.map { add($0, replacing: placeholder, with: replacement) }
      return append(Self.header(0xD, keys.count) + (keys + values).flatMap(ref))
    }
  }

  /// Adds `levels` arrays, each holding `fanOut` references to the next, the last to the
  /// string `leaf`, and answers the index of the outermost: `fanOut^levels` leaves when
  /// expanded.
  mutating func addSharedChain(levels: Int, fanOut: Int, leaf: String = "lol") -> Int {
    var inner = add(.string(leaf))
    for _ in 0..<levels {
      inner = append(Self.header(0xA, fanOut) + (0..<fanOut).flatMap { _ in ref(inner) })
    }
    return inner
  }

  /// The file, with `top` as its root object.
  func data(top: Int) -> Data {
    var crafted = CraftedPlist(objects)
    crafted.offsetSize = 2
    crafted.refSize = referenceSize
    if crafted.tableOffset > 0xFFFF { crafted.offsetSize = 4 }
    crafted.top = UInt64(top)
    return crafted.data
  }

  private mutating func append(_ object: [UInt8]) -> Int {
    objects.append(object)
    return objects.count - 1
  }

  private func ref(_ index: Int) -> [UInt8] {
    CraftedPlist.bigEndian(UInt64(index), size: referenceSize)
  }

  /// A marker with its count: in the low nibble below 15, otherwise as an 8-byte integer.
  private static func header(_ kind: UInt8, _ count: Int) -> [UInt8] {
    count < 15
      ? [kind << 4 | UInt8(count)]
      : [kind << 4 | 0xF, 0x13] + CraftedPlist.bigEndian(UInt64(count), size: 8)
  }
}
