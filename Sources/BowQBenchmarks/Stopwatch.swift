import Foundation

/// Times a piece of work several times and keeps the median, so one slow run (a page
/// fault, the other core busy) does not decide a ratio.
enum Stopwatch {
  /// The median wall-clock seconds of `runs` calls of `body`, and the last result.
  static func median<T>(runs: Int, _ body: () throws -> T) rethrows -> (seconds: Double, result: T)
  {
    var times: [Double] = []
    var result: T?
    for _ in 0..<runs {
      let start = DispatchTime.now().uptimeNanoseconds
      result = try body()
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return (times.sorted()[times.count / 2], result!)
  }
}
