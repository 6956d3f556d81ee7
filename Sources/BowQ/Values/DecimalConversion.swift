import Foundation

extension Decimal {
  /// The Decimal a Double stands for, by its shortest decimal form (`0.1` is 0.1, not
  /// 0.1000000000000000055…), or a message saying why there is none: NaN and the infinities
  /// have no Decimal, and Decimal holds magnitudes from 1e-128 to about 1e165 only, where a
  /// Double reaches 1.8e308 and 5e-324.
  public static func converting(_ double: Double) -> Result<Decimal, DecimalConversionFailure> {
    guard double.isFinite else { return .failure(.notFinite(double)) }
    if double == 0 { return .success(0) }
    // Swift prints the shortest digits that read back as the same Double. Decimal reads an
    // exponent up to 127 only, so the digits are padded with zeros until the exponent fits
    // in 38 digits of significand: 1e+128 is read as 10e+127.
    let text = "\(double.magnitude)"
    let (mantissa, written) = text.split(separator: "e").map(String.init).splitExponent
    let point = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
    let fraction = mantissa[point...].dropFirst()
    var digits = String((mantissa[..<point] + fraction).drop { $0 == "0" })
    var exponent = written - fraction.count
    while exponent > 127, digits.count < 38 {
      digits += "0"
      exponent -= 1
    }
    guard (-128...127).contains(exponent),
      let decimal = Decimal(
        string: "\(digits)e\(exponent)", locale: Locale(identifier: "en_US_POSIX")),
      !decimal.isNaN
    else { return .failure(.outOfRange(double)) }
    return .success(double < 0 ? -decimal : decimal)
  }

  /// The Double nearest to the decimal, as reading its digits gives: 3.3333333333 is the
  /// Double 3.3333333333, so that it reads back as the same digits. Foundation's `doubleValue`
  /// scales by ten a step at a time, and can land a few units away (3.3333333332999997). A
  /// significand of at most 2^53 (exact as a Double) scaled by a power of ten up to 10^22
  /// (exact too) is one rounding, as reading is; any other decimal is read from its digits.
  public var nearestDouble: Double {
    guard !isNaN else { return .nan }
    // The significand is an integer: `doubleValue` is exact for it up to 2^53.
    let significand = NSDecimalNumber(decimal: self.significand).doubleValue
    let exponent = self.exponent
    guard significand <= 0x1p53, exponent.magnitude < Self.exactPowersOfTen.count else {
      return Double(description) ?? .nan
    }
    let power = Self.exactPowersOfTen[Int(exponent.magnitude)]
    let magnitude = exponent < 0 ? significand / power : significand * power
    return sign == .minus ? -magnitude : magnitude
  }

  /// 10^0 through 10^22, each exactly a Double.
  private static let exactPowersOfTen: [Double] = (0...22).map { Double("1e\($0)")! }
}

extension Array where Element == String {
  /// A number's text split at `e`: the part before it, and the exponent after it (0 when
  /// there is none).
  fileprivate var splitExponent: (String, Int) {
    (first ?? "", count > 1 ? Int(self[1]) ?? 0 : 0)
  }
}

/// Why a Double has no Decimal.
public enum DecimalConversionFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// NaN or an infinity.
  case notFinite(Double)
  /// A magnitude beyond Decimal's range.
  case outOfRange(Double)

  /// The Double that has no Decimal, as a message shows it (`NaN`, `inf`, `1e+300`).
  public var number: String {
    switch self {
    case .notFinite(let d), .outOfRange(let d): return d.isNaN ? "NaN" : "\(d)"
    }
  }

  /// Why it has none.
  public var reason: String {
    switch self {
    case .notFinite: return "a Decimal holds only finite numbers"
    case .outOfRange:
      return "it is outside Decimal's range (magnitudes from 1e-128 to about 1e165)"
    }
  }

  public var description: String { "\(number) cannot be a Decimal: \(reason)" }
}
