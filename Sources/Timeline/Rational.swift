/// An exact rational number, always in lowest terms with a positive denominator.
///
/// Time inside chromake is never a `Double`: a frame rate of 30000/1001 or an offset of 2.5 s
/// must give the same frame and sample indices on every machine, so every time is a `Rational`
/// and every index is derived from one by explicit rounding.
///
/// The terms are 128-bit. Every value a project can hold is bounded (times under 100,000 s with
/// at most nine decimals, frame rates 1 to 240 with terms of at most nine digits, sample rates
/// of media files): a sum or product of a few of them stays below 10³⁰, far inside 128 bits
/// (1.7·10³⁸), where 64-bit terms overflowed on sums such as a keyframe at 99999.999999 s plus
/// a frame time at 100.000001 fps. An operation whose exact result would still not fit stops
/// the program with a message; code that takes values straight from media files uses the
/// `reportingOverflow` forms, which return nil instead.
public struct Rational: Hashable, Comparable, Sendable {
  /// The numerator; carries the sign.
  public let numerator: Int128
  /// The denominator; always greater than zero.
  public let denominator: Int128

  /// Creates `numerator / denominator` in lowest terms. The denominator must not be zero.
  public init(_ numerator: Int64, _ denominator: Int64 = 1) {
    self.init(wide: Int128(numerator), Int128(denominator))
  }

  /// Creates `numerator / denominator` from 128-bit terms, in lowest terms. The denominator
  /// must not be zero, and neither term may be `Int128.min`.
  public init(wide numerator: Int128, _ denominator: Int128) {
    precondition(denominator != 0, "Rational with a zero denominator")
    precondition(numerator != .min && denominator != .min, "Rational term out of range")
    let divisor = Int128(Rational.gcd(numerator.magnitude, denominator.magnitude))
    let sign: Int128 = denominator < 0 ? -1 : 1
    self.numerator = sign * (numerator / divisor)
    self.denominator = sign * (denominator / divisor)
  }

  /// Zero.
  public static let zero = Rational(0)
  /// One.
  public static let one = Rational(1)

  /// The greatest common divisor; 1 for (0, 0). Most terms fit 64 bits, where division is one
  /// instruction rather than a library call.
  static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
    if a <= UInt128(UInt64.max) && b <= UInt128(UInt64.max) {
      var (a, b) = (UInt64(a), UInt64(b))
      while b != 0 { (a, b) = (b, a % b) }
      return a == 0 ? 1 : UInt128(a)
    }
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a == 0 ? 1 : a
  }

  /// True when the value is below zero.
  public var isNegative: Bool { numerator < 0 }

  /// The largest integer not greater than the value, clamped to 64 bits (no index a project
  /// can make comes near the clamp; a damaged file's times saturate rather than trap).
  public var floor: Int64 { Int64(clamping: wideFloor) }

  /// The smallest integer not less than the value, clamped to 64 bits like ``floor``.
  public var ceiling: Int64 { Int64(clamping: wideCeiling) }

  /// The nearest integer, halves away from zero (2.5 → 3, −2.5 → −3), clamped like ``floor``.
  public var rounded: Int64 {
    let (quotient, remainder) = numerator.magnitude.quotientAndRemainder(
      dividingBy: denominator.magnitude)
    // remainder < denominator ≤ 2¹²⁷, so doubling it cannot overflow.
    let r = Int128(clamping: remainder * 2 >= denominator.magnitude ? quotient + 1 : quotient)
    return Int64(clamping: numerator < 0 ? -r : r)
  }

  private var wideFloor: Int128 {
    let q = numerator / denominator
    return (numerator % denominator != 0 && numerator < 0) ? q - 1 : q
  }

  private var wideCeiling: Int128 {
    let q = numerator / denominator
    return (numerator % denominator != 0 && numerator > 0) ? q + 1 : q
  }

  /// An approximation for display and for the YAML edge only; never used for timing.
  public var doubleValue: Double { Double(numerator) / Double(denominator) }

  /// `a + b`, or nil when the exact result does not fit 128-bit terms.
  public static func sumReportingOverflow(_ a: Rational, _ b: Rational) -> Rational? {
    let g = Int128(gcd(a.denominator.magnitude, b.denominator.magnitude))
    let (aScale, bScale) = (b.denominator / g, a.denominator / g)
    let (left, o1) = a.numerator.multipliedReportingOverflow(by: aScale)
    let (right, o2) = b.numerator.multipliedReportingOverflow(by: bScale)
    let (sum, o3) = left.addingReportingOverflow(right)
    let (denominator, o4) = a.denominator.multipliedReportingOverflow(by: aScale)
    guard !(o1 || o2 || o3 || o4), sum != .min else { return nil }
    return Rational(wide: sum, denominator)
  }

  /// `a × b`, or nil when the exact result does not fit 128-bit terms.
  public static func productReportingOverflow(_ a: Rational, _ b: Rational) -> Rational? {
    let g1 = Int128(gcd(a.numerator.magnitude, b.denominator.magnitude))
    let g2 = Int128(gcd(b.numerator.magnitude, a.denominator.magnitude))
    let (numerator, o1) = (a.numerator / g1).multipliedReportingOverflow(by: b.numerator / g2)
    let (denominator, o2) = (a.denominator / g2).multipliedReportingOverflow(
      by: b.denominator / g1)
    guard !(o1 || o2), numerator != .min else { return nil }
    return Rational(wide: numerator, denominator)
  }

  public static func + (a: Rational, b: Rational) -> Rational {
    guard let sum = sumReportingOverflow(a, b) else { overflow("\(a) + \(b)") }
    return sum
  }

  public static func - (a: Rational, b: Rational) -> Rational { a + (-b) }

  public static prefix func - (a: Rational) -> Rational {
    Rational(wide: -a.numerator, a.denominator)
  }

  public static func * (a: Rational, b: Rational) -> Rational {
    guard let product = productReportingOverflow(a, b) else { overflow("\(a) × \(b)") }
    return product
  }

  public static func / (a: Rational, b: Rational) -> Rational {
    precondition(b.numerator != 0, "Rational division by zero")
    return a * Rational(wide: b.denominator, b.numerator)
  }

  /// Compares exactly: the cross products are taken at full 256-bit width, so any two values
  /// compare, whatever their size.
  public static func < (a: Rational, b: Rational) -> Bool {
    let left = a.numerator.multipliedFullWidth(by: b.denominator)
    let right = b.numerator.multipliedFullWidth(by: a.denominator)
    return left.high != right.high ? left.high < right.high : left.low < right.low
  }

  /// The remainder of `a / b` in `[0, b)` for a positive `b` (used to wrap looped time).
  public static func positiveRemainder(_ a: Rational, _ b: Rational) -> Rational {
    precondition(b.numerator > 0, "positiveRemainder needs a positive modulus")
    let quotient = a / b
    return a - b * Rational(wide: quotient.wideFloor, 1)
  }

  private static func overflow(_ operation: String) -> Never {
    preconditionFailure("Rational overflow in \(operation): a value outside the checked limits")
  }
}

extension Rational: CustomStringConvertible {
  /// `"3/2"`, or `"3"` for whole numbers: the form used in plans and JSON.
  public var description: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }
}

extension Rational: Codable {
  /// Encodes as the string `"num/den"` (or `"num"`), which JSON can carry exactly.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = Rational(exactly: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "not a rational: \(text)")
    }
    self = value
  }

  /// Parses `"num/den"` or an integer, as written by `description`.
  public init?(exactly text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 2, let n = Int128(parts[0]), n != .min else {
      return nil
    }
    let d = parts.count == 2 ? Int128(parts[1]) : 1
    guard let d, d != 0, d != .min else { return nil }
    self.init(wide: n, d)
  }
}
