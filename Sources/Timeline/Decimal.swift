/// Exact parsing of decimal numbers into rationals: `"2.5"` is exactly 5/2, never 2.4999….
public enum DecimalText {
  /// At most this many digits after the point (microseconds), so that every product of a time
  /// with a frame or sample rate stays far from overflowing 64 bits.
  public static let maxFractionDigits = 6
  /// At most this many digits before the point.
  public static let maxIntegerDigits = 9

  /// Parses `[+-]digits[.digits]` (also `.5` and `5.`) exactly; `nil` for anything else,
  /// including exponents and more digits than the limits allow.
  public static func rational(_ text: Substring) -> Rational? {
    var rest = text[...]
    var sign: Int64 = 1
    if let first = rest.first, first == "+" || first == "-" {
      sign = first == "-" ? -1 : 1
      rest = rest.dropFirst()
    }
    let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let whole = parts[0]
    let fraction = parts.count == 2 ? parts[1] : ""
    guard !(whole.isEmpty && fraction.isEmpty),
      whole.count <= maxIntegerDigits, fraction.count <= maxFractionDigits,
      whole.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit)
    else { return nil }
    let wholeValue = whole.isEmpty ? 0 : Int64(whole)!
    let fractionValue = fraction.isEmpty ? 0 : Int64(fraction)!
    var scale: Int64 = 1
    for _ in 0..<fraction.count { scale *= 10 }
    return Rational(sign * (wholeValue * scale + fractionValue), scale)
  }

  /// Parses a string; see ``rational(_:)-(Substring)``.
  public static func rational(_ text: String) -> Rational? { rational(text[...]) }
}

extension Character {
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
