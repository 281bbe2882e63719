/// Exact parsing of decimal numbers into rationals: `"2.5"` is exactly 5/2, never 2.4999….
public enum DecimalText {
  /// At most this many digits after the point (microseconds), so that every product of a time
  /// with a frame or sample rate stays far from overflowing.
  public static let maxFractionDigits = 6
  /// At most this many digits before the point.
  public static let maxIntegerDigits = 9

  /// Parses `[+-]digits[.digits]` (also `.5` and `5.`) exactly; `nil` for anything else,
  /// including exponents and more digits than the limits allow.
  ///
  /// Reads UTF-8 code units, never `Character`s: `"1\u{301}"` (a digit with a combining mark)
  /// is one `Character` that looks like a digit, and must be refused, not trusted.
  public static func rational(_ text: Substring) -> Rational? {
    var bytes = text.utf8[...]
    var sign: Int64 = 1
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      sign = first == UInt8(ascii: "-") ? -1 : 1
      bytes = bytes.dropFirst()
    }
    var whole: Int64 = 0
    var wholeDigits = 0
    var fraction: Int64 = 0
    var scale: Int64 = 1
    var fractionDigits = 0
    var sawPoint = false
    for byte in bytes {
      if byte == UInt8(ascii: ".") {
        guard !sawPoint else { return nil }
        sawPoint = true
        continue
      }
      guard let digit = ASCIIDigit.value(byte) else { return nil }
      if sawPoint {
        fractionDigits += 1
        guard fractionDigits <= maxFractionDigits else { return nil }
        fraction = fraction * 10 + digit
        scale *= 10
      } else {
        wholeDigits += 1
        guard wholeDigits <= maxIntegerDigits else { return nil }
        whole = whole * 10 + digit
      }
    }
    guard wholeDigits + fractionDigits > 0 else { return nil }
    return Rational(sign * (whole * scale + fraction), scale)
  }

  /// Parses a string; see ``rational(_:)-(Substring)``.
  public static func rational(_ text: String) -> Rational? { rational(text[...]) }
}

/// ASCII digits read from code units or scalars, never from `Character`s (a digit followed by
/// a combining mark is one `Character`, and no digit).
public enum ASCIIDigit {
  /// The digit's value, or `nil` when `byte` is not `0`…`9`.
  public static func value(_ byte: UInt8) -> Int64? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int64(byte - UInt8(ascii: "0")) : nil
  }

  /// True when `text` is one or more ASCII digits and nothing else.
  public static func isDigits<S: StringProtocol>(_ text: S) -> Bool {
    !text.utf8.isEmpty && text.utf8.allSatisfy { value($0) != nil }
  }

  /// The value of `text` when it is one to `maxDigits` ASCII digits; `nil` otherwise.
  public static func integer<S: StringProtocol>(_ text: S, maxDigits: Int = 18) -> Int64? {
    guard isDigits(text), text.utf8.count <= maxDigits else { return nil }
    return text.utf8.reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
  }
}
