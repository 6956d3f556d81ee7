/// The SHA-256 hash of FIPS 180-4, which names the files of external values
/// (``ExternalDataFolder``): Foundation on Linux has no CryptoKit, and bowq depends on no
/// other package.
///
/// One call hashes a whole buffer; there is no streaming, since every value hashed is in
/// memory.
enum SHA256 {
  /// The 32-byte digest of `bytes`.
  static func digest(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
    var state = State()
    let wholeBlocks = bytes.count / 64
    // The padding: a 1 bit, zeros, and the message's length in bits, to a multiple of 64 bytes.
    let rest = bytes.count - wholeBlocks * 64
    var tail = [UInt8](repeating: 0, count: rest < 56 ? 64 : 128)
    for i in 0..<rest { tail[i] = bytes[wholeBlocks * 64 + i] }
    tail[rest] = 0x80
    let bitCount = UInt64(bytes.count) &* 8
    for i in 0..<8 { tail[tail.count - 1 - i] = UInt8(truncatingIfNeeded: bitCount >> (8 * i)) }
    roundConstants.withUnsafeBufferPointer { k in
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
        if let base = bytes.baseAddress {
          for block in 0..<wholeBlocks {
            state.compress(base + block * 64, k.baseAddress!, w.baseAddress!)
          }
        }
        tail.withUnsafeBytes { padded in
          for start in stride(from: 0, to: padded.count, by: 64) {
            state.compress(padded.baseAddress! + start, k.baseAddress!, w.baseAddress!)
          }
        }
      }
    }
    return [state.a, state.b, state.c, state.d, state.e, state.f, state.g, state.h].flatMap {
      word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) }
    }
  }

  /// The digest of `bytes` in lowercase hexadecimal: 64 characters.
  static func hexDigest(_ bytes: UnsafeRawBufferPointer) -> String {
    Hexadecimal.lowercase(digest(bytes))
  }

  /// The eight working words, starting from the initial hash value.
  private struct State {
    var a: UInt32 = 0x6a09_e667
    var b: UInt32 = 0xbb67_ae85
    var c: UInt32 = 0x3c6e_f372
    var d: UInt32 = 0xa54f_f53a
    var e: UInt32 = 0x510e_527f
    var f: UInt32 = 0x9b05_688c
    var g: UInt32 = 0x1f83_d9ab
    var h: UInt32 = 0x5be0_cd19

    /// Mixes in the 64-byte block at `block`, with the round constants `k` and the message
    /// schedule's storage `w` (64 words).
    @inline(__always)
    mutating func compress(
      _ block: UnsafeRawPointer, _ k: UnsafePointer<UInt32>, _ w: UnsafeMutablePointer<UInt32>
    ) {
      for t in 0..<16 {
        w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
      }
      for t in 16..<64 {
        let s0 = rotate(w[t - 15], 7) ^ rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
        let s1 = rotate(w[t - 2], 17) ^ rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
      }
      var (a, b, c, d, e, f, g, h) = (
        self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h
      )
      for t in 0..<64 {
        let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
        let choice = (e & f) ^ (~e & g)
        let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
        let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        (h, g, f, e) = (g, f, e, d &+ t1)
        (d, c, b, a) = (c, b, a, t1 &+ s0 &+ majority)
      }
      self.a &+= a
      self.b &+= b
      self.c &+= c
      self.d &+= d
      self.e &+= e
      self.f &+= f
      self.g &+= g
      self.h &+= h
    }

    @inline(__always)
    private func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 {
      (x >> n) | (x << (32 - n))
    }
  }

  /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}
