/// SplitMix64 (Steele, Lea and Flood): a tiny seeded generator whose numbers are the same on
/// every machine and toolchain, unlike the standard library's, for the generated data of
/// benchmarks and property tests that must repeat.
public struct SplitMix64: Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  /// The next number of the sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (`bound` > 0), by remainder: slightly biased, but unlike the
  /// standard library's `random(in:using:)` it cannot change between toolchains.
  public mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}
