/// An exact rational number, always in lowest terms with a positive denominator.
///
/// Time inside chromake is never a `Double`: a frame rate of 30000/1001 or an offset of 2.5 s
/// must give the same frame and sample indices on every machine, so every time is a `Rational`
/// and every index is derived from one by explicit rounding.
public struct Rational: Hashable, Comparable, Sendable {
  /// The numerator; carries the sign.
  public let numerator: Int64
  /// The denominator; always greater than zero.
  public let denominator: Int64

  /// Creates `numerator / denominator` in lowest terms. The denominator must not be zero.
  public init(_ numerator: Int64, _ denominator: Int64 = 1) {
    precondition(denominator != 0, "Rational with a zero denominator")
    let divisor = Rational.gcd(numerator.magnitude, denominator.magnitude)
    let sign: Int64 = denominator < 0 ? -1 : 1
    self.numerator = sign * numerator / Int64(divisor)
    self.denominator = sign * denominator / Int64(divisor)
  }

  /// Zero.
  public static let zero = Rational(0)
  /// One.
  public static let one = Rational(1)

  static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a == 0 ? 1 : a
  }

  /// True when the value is below zero.
  public var isNegative: Bool { numerator < 0 }

  /// The largest integer not greater than the value.
  public var floor: Int64 {
    let q = numerator / denominator
    return (numerator % denominator != 0 && numerator < 0) ? q - 1 : q
  }

  /// The smallest integer not less than the value.
  public var ceiling: Int64 {
    let q = numerator / denominator
    return (numerator % denominator != 0 && numerator > 0) ? q + 1 : q
  }

  /// The nearest integer; halves round away from zero (so 2.5 → 3 and −2.5 → −3).
  public var rounded: Int64 {
    let magnitude = Rational(abs(numerator), denominator)
    let r = (magnitude + Rational(1, 2)).floor
    return numerator < 0 ? -r : r
  }

  /// An approximation for display and for the YAML edge only; never used for timing.
  public var doubleValue: Double { Double(numerator) / Double(denominator) }

  public static func + (a: Rational, b: Rational) -> Rational {
    let d = lcm(a.denominator, b.denominator)
    return Rational(a.numerator * (d / a.denominator) + b.numerator * (d / b.denominator), d)
  }

  public static func - (a: Rational, b: Rational) -> Rational { a + (-b) }

  public static prefix func - (a: Rational) -> Rational { Rational(-a.numerator, a.denominator) }

  public static func * (a: Rational, b: Rational) -> Rational {
    let g1 = Int64(gcd(a.numerator.magnitude, b.denominator.magnitude))
    let g2 = Int64(gcd(b.numerator.magnitude, a.denominator.magnitude))
    return Rational(
      (a.numerator / g1) * (b.numerator / g2), (a.denominator / g2) * (b.denominator / g1))
  }

  public static func / (a: Rational, b: Rational) -> Rational {
    precondition(b.numerator != 0, "Rational division by zero")
    return a * Rational(b.denominator, b.numerator)
  }

  public static func < (a: Rational, b: Rational) -> Bool {
    (a - b).numerator < 0
  }

  /// The remainder of `a / b` in `[0, b)` for a positive `b` (used to wrap looped time).
  public static func positiveRemainder(_ a: Rational, _ b: Rational) -> Rational {
    precondition(b.numerator > 0, "positiveRemainder needs a positive modulus")
    return a - b * Rational((a / b).floor)
  }

  private static func lcm(_ a: Int64, _ b: Int64) -> Int64 {
    a / Int64(gcd(a.magnitude, b.magnitude)) * b
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
    guard parts.count == 1 || parts.count == 2, let n = Int64(parts[0]) else { return nil }
    let d = parts.count == 2 ? Int64(parts[1]) : 1
    guard let d, d != 0 else { return nil }
    self.init(n, d)
  }
}
