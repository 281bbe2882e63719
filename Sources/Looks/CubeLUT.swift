/// A 3D colour look-up table as a `.cube` file holds it: `size`³ output colours on a grid over
/// the input domain, red changing fastest, then green, then blue.
public struct CubeLUT: Sendable, Equatable {
  /// Grid points along each axis, 2 to 65.
  public var size: Int
  /// The input colour at the grid's first and last points (0 and 1 unless the file says).
  public var domainMin: SIMD3<Double>
  public var domainMax: SIMD3<Double>
  /// The output colours, three values each, `size`³ of them.
  public var values: [Float]

  /// The output colour at grid point (r, g, b).
  public func color(r: Int, g: Int, b: Int) -> SIMD3<Float> {
    let index = 3 * (r + size * (g + size * b))
    return SIMD3(values[index], values[index + 1], values[index + 2])
  }
}
