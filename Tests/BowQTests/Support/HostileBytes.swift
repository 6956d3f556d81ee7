import Foundation

@testable import BowQ

/// Seeded mutations of a valid file, for the hostile-input generators: each call damages a
/// copy of the bytes in one of the ways a broken disk, a truncated download or an attacker
/// would, chosen by the generator.
struct HostileBytes {
  var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// `bytes` with one to three damages: bit flips, bytes set to boundary values, a cut
  /// anywhere, bytes inserted or removed, a trailer field or offset-table entry of a binary
  /// plist rewritten, or a run of bytes copied elsewhere.
  mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    for _ in 0..<random.int(in: 1...3) where !out.isEmpty {
      switch random.int(in: 0...8) {
      case 0:
        let at = random.int(in: 0...(out.count - 1))
        out[at] ^= UInt8(1 << random.int(in: 0...7))
      case 1:
        let at = random.int(in: 0...(out.count - 1))
        out[at] = random.pick([0x00, 0x0F, 0x10, 0x7F, 0x80, 0xAF, 0xDF, 0xFF])
      case 2:
        out.removeLast(random.int(in: 1...max(1, min(out.count - 1, 64))))
      case 3:
        out = Array(out.prefix(random.int(in: 0...(out.count - 1))))
      case 4:
        let at = random.int(in: 0...out.count)
        out.insert(
          contentsOf: (0..<random.int(in: 1...8)).map { _ in UInt8(random.int(in: 0...255)) },
          at: at)
      case 5:
        let at = random.int(in: 0...(out.count - 1))
        out.removeSubrange(at..<min(out.count, at + random.int(in: 1...8)))
      case 6:
        trailer(&out)
      case 7:
        offsetTable(&out)
      default:
        let from = random.int(in: 0...(out.count - 1))
        let to = random.int(in: 0...(out.count - 1))
        let length = min(random.int(in: 1...16), out.count - max(from, to))
        if length > 0 { out.replaceSubrange(to..<to + length, with: out[from..<from + length]) }
      }
    }
    return out
  }

  /// Rewrites one field of a binary plist's trailer: a size, the object count, the top
  /// object or the table's offset, with a boundary value or a small change.
  private mutating func trailer(_ out: inout [UInt8]) {
    guard out.count >= 32 else { return }
    let trailer = out.count - 32
    switch random.int(in: 0...4) {
    case 0: out[trailer + 6] = UInt8(random.int(in: 0...9))
    case 1: out[trailer + 7] = UInt8(random.int(in: 0...9))
    default:
      let field = trailer + 8 * random.int(in: 1...3)
      let old = out[field..<field + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      let new = random.pick([
        0, 1, old &+ 1, old &- 1, old &* 2, UInt64.max, UInt64(Int64.max), 1 << 32,
      ])
      out.replaceSubrange(field..<field + 8, with: CraftedPlist.bigEndian(new, size: 8))
    }
  }

  /// Points one entry of a binary plist's offset table somewhere else.
  private mutating func offsetTable(_ out: inout [UInt8]) {
    guard out.count >= 40 else { return }
    let trailer = out.count - 32
    let size = Int(out[trailer + 6])
    let table = Int(
      out[trailer + 24..<trailer + 32].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } & 0xFFFF_FFFF)
    guard (1...8).contains(size), table > 8, table < trailer else { return }
    let entries = (trailer - table) / size
    guard entries > 0 else { return }
    let at = table + size * random.int(in: 0...(entries - 1))
    let target = random.pick([
      0, 7, 8, UInt64(table - 1), UInt64(table), UInt64(random.int(in: 8...max(8, table))),
    ])
    out.replaceSubrange(at..<at + size, with: CraftedPlist.bigEndian(target, size: size))
  }
}
