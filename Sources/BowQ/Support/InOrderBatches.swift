import Dispatch
import Foundation

/// Consecutive batches of a long sequence worked on by every processor and handed on in
/// order: how an export or a csv result formats a million rows on all the processors while
/// its text is still written out a batch at a time, in row order.
package enum InOrderBatches {
  /// The elements of each batch of the first round: few, so that the first rows come out
  /// at once. Each round's batches are up to twice as long as the last's, up to
  /// ``largest``, and made shorter when what they made was larger than ``pieceBytes``.
  static let smallest = 64
  static let largest = 4096
  /// About the most one batch makes: so that text made ahead of its writing takes a few
  /// times this on each processor, however large the elements (rows holding megabytes of
  /// data come a few at a time).
  package static let pieceBytes = 1 << 15

  /// Reads `elements` a round at a time, a batch for each processor, calling `check` with
  /// the place of each element read (``Interrupt/check(every:)``, say); calls `make` with
  /// each batch of the round and the place of its first element in `elements`, on as many
  /// threads as there are processors; then calls `take` with what each made, in order of
  /// the batches, on the calling thread, before the next round is read. `bytes` tells how
  /// large what a batch made is, which sets the length of the next round's batches. An
  /// error `make` throws is thrown once the batches before it are taken; one `take` or
  /// `check` throws, at once.
  package static func run<Element: Sendable, Piece, Failure: Error>(
    _ elements: some Sequence<Element>,
    check: (Int) throws(Failure) -> Void,
    make: @escaping @Sendable (_ batch: ArraySlice<Element>, _ first: Int) throws(Failure) -> Piece,
    take: (Piece) throws(Failure) -> Void, bytes: (Piece) -> Int
  ) throws(Failure) {
    let threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
    var iterator = elements.makeIterator()
    var round: [Element] = []
    var size = smallest
    var read = 0
    while true {
      round.removeAll(keepingCapacity: true)
      while round.count < threads * size, let element = iterator.next() {
        try check(read + round.count)
        round.append(element)
      }
      if round.isEmpty { return }
      let batches = stride(from: 0, to: round.count, by: size).map {
        $0..<min($0 + size, round.count)
      }
      var made = [Result<Piece, Failure>?](repeating: nil, count: batches.count)
      made.withUnsafeMutableBufferPointer { made in
        let shared = UncheckedSendable(value: (round: round, made: made, first: read))
        DispatchQueue.concurrentPerform(iterations: batches.count) { batch in
          let range = batches[batch]
          shared.value.made[batch] = Result { () throws(Failure) -> Piece in
            try make(shared.value.round[range], shared.value.first + range.lowerBound)
          }
        }
      }
      var largestPiece = 0
      for case let piece? in made {
        let piece = try piece.get()
        largestPiece = max(largestPiece, bytes(piece))
        try take(piece)
      }
      read += round.count
      size = max(1, min(size * 2, largest, size * pieceBytes / max(largestPiece, 1)))
    }
  }
}
