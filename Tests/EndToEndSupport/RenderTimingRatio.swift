import Foundation

/// An exact rational number for the timing tests' own arithmetic, so an expected frame index
/// never depends on floating-point rounding (the tests do not borrow the renderer's `Rational`).
public struct Ratio: Comparable, CustomStringConvertible, Sendable {
  /// Kept in lowest terms with a positive denominator, so equal values compare equal.
  public let numerator: Int
  public let denominator: Int

  public init(_ numerator: Int, _ denominator: Int = 1) {
    precondition(denominator != 0, "a ratio needs a denominator")
    let sign = denominator < 0 ? -1 : 1
    let divisor = max(1, Self.gcd(abs(numerator), abs(denominator)))
    self.numerator = sign * numerator / divisor
    self.denominator = sign * denominator / divisor
  }

  /// `value` milliseconds, in seconds.
  public static func ms(_ value: Int) -> Ratio { Ratio(value, 1000) }

  /// Reads "30", "30000/1001" or "1/15360".
  public init?(_ text: String) {
    let parts = text.split(separator: "/").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    switch parts.count {
    case 1:
      guard let n = parts[0] else { return nil }
      self.init(n)
    case 2:
      guard let n = parts[0], let d = parts[1], d != 0 else { return nil }
      self.init(n, d)
    default: return nil
    }
  }

  public static func + (a: Ratio, b: Ratio) -> Ratio {
    Ratio(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
  }

  public static func - (a: Ratio, b: Ratio) -> Ratio { a + Ratio(-b.numerator, b.denominator) }

  public static func * (a: Ratio, b: Ratio) -> Ratio {
    Ratio(a.numerator * b.numerator, a.denominator * b.denominator)
  }

  public static func / (a: Ratio, b: Ratio) -> Ratio {
    Ratio(a.numerator * b.denominator, a.denominator * b.numerator)
  }

  public static func < (a: Ratio, b: Ratio) -> Bool {
    a.numerator * b.denominator < b.numerator * a.denominator
  }

  /// The greatest integer not above the value.
  public var floor: Int {
    numerator >= 0
      ? numerator / denominator : -((-numerator + denominator - 1) / denominator)
  }

  /// The least integer not below the value.
  public var ceiling: Int { -Ratio(-numerator, denominator).floor }

  /// The nearest integer, halves rounded up.
  public var rounded: Int { (self + Ratio(1, 2)).floor }

  /// The value minus the largest whole multiple of `modulus` not above it: in `0..<modulus`.
  public func wrapped(into modulus: Ratio) -> Ratio {
    self - modulus * Ratio((self / modulus).floor)
  }

  /// A time as the project file writes it, in whole milliseconds ("250ms").
  public var yamlTime: String {
    let milliseconds = self * Ratio(1000)
    precondition(milliseconds.denominator == 1, "\(self) s is not a whole number of ms")
    return "\(milliseconds.numerator)ms"
  }

  public var description: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }

  private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}
