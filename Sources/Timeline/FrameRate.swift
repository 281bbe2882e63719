/// Reads output frame rates: `30`, `29.97`, `"30000/1001"`.
public enum FrameRate {
  /// The NTSC family: a decimal written for one of these (`23.976`, `29.97`, `59.94`…) means
  /// the exact `n·1000/1001` rate, as every editor and camera means it.
  static let ntscBases: [Int64] = [24, 30, 48, 60, 120, 240]

  /// Parses a rate; `nil` when it is not a positive integer, decimal or ratio.
  public static func parse(_ text: String) -> Rational? {
    let trimmed = text.trimmingWhitespace()
    if let slash = trimmed.firstIndex(of: "/") {
      let n = trimmed[..<slash].trimmingWhitespace()
      let d = trimmed[trimmed.index(after: slash)...].trimmingWhitespace()
      guard n.count <= 9, d.count <= 9, let num = Int64(n), let den = Int64(d), num > 0, den > 0
      else { return nil }
      return Rational(num, den)
    }
    guard let value = DecimalText.rational(trimmed), value > .zero else { return nil }
    if value.denominator != 1, let ntsc = ntscRate(near: value) { return ntsc }
    return value
  }

  /// The NTSC rate that `value` is a 2- or 3-decimal rounding of, if any.
  static func ntscRate(near value: Rational) -> Rational? {
    for base in ntscBases {
      let exact = Rational(base * 1000, 1001)
      for digits: Int64 in [100, 1000] {
        let rounded = Rational((exact * Rational(digits)).rounded, digits)
        if rounded == value { return exact }
      }
    }
    return nil
  }

  /// `30`, `29.97` or `30000/1001 (29.97)` for messages and plans.
  public static func describe(_ rate: Rational) -> String {
    if rate.denominator == 1 { return "\(rate.numerator)" }
    return "\(rate) (\(TimeFormat.decimal(rate, digits: 3)))"
  }
}
