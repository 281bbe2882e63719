/// Formats exact values for people: plans, tables and messages. Rounds half away from zero.
public enum TimeFormat {
  /// `value` with exactly `digits` decimals, computed exactly (no `Double`).
  public static func decimal(_ value: Rational, digits: Int) -> String {
    var scale: Int64 = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = (value * Rational(scale)).rounded
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    let whole = magnitude / UInt64(scale)
    guard digits > 0 else { return "\(sign)\(whole)" }
    var fraction = String(magnitude % UInt64(scale))
    fraction = String(repeating: "0", count: digits - fraction.count) + fraction
    return "\(sign)\(whole).\(fraction)"
  }

  /// Seconds with three decimals, e.g. `2.500`.
  public static func seconds(_ value: Rational) -> String { decimal(value, digits: 3) }
}
