import BowQ

/// The choices property tests make with ``SplitMix64``, so that they run the same cases on
/// every machine and toolchain.
extension SplitMix64 {
  /// A number in `range`, by remainder.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.count)
  }

  /// True with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool {
    int(in: 0...99) < percent
  }

  mutating func pick<T>(_ choices: [T]) -> T {
    choices[int(in: 0...(choices.count - 1))]
  }
}
