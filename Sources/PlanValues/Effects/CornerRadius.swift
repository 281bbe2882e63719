/// `corner_radius`: the rounding of a layer's drawn picture, in output pixels or as a
/// percentage of the picture's shorter side (50 % makes a circle of a square).
public struct CornerRadius: Interpolating, Hashable {
  public var value: Double
  /// Whether `value` is a percentage of the shorter side rather than pixels.
  public var relative: Bool

  public init(value: Double, relative: Bool) {
    self.value = value
    self.relative = relative
  }

  /// The radius in output pixels for a picture drawn `width` × `height`: never more than half
  /// its shorter side.
  public func pixels(width: Double, height: Double) -> Double {
    let shorter = max(0, min(width, height))
    let radius = relative ? value / 100 * shorter : value
    return min(max(radius, 0), shorter / 2)
  }

  /// Keyframes share one unit (the reader sees to it), so the value alone moves.
  public static func interpolate(_ a: CornerRadius, _ b: CornerRadius, _ fraction: Double)
    -> CornerRadius
  {
    CornerRadius(value: Double.interpolate(a.value, b.value, fraction), relative: a.relative)
  }
}
