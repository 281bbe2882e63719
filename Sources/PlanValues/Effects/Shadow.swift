/// `shadow`: a drop shadow cast by the layer's alpha, drawn under it.
public struct Shadow: Sendable, Codable, Hashable {
  /// Its colour; the alpha scales the shadow's own.
  public var color: RGBAColor
  /// How far it falls, in output pixels, right and down.
  public var offset: SIMD2<Double>
  /// The Gaussian blur of its edge: standard deviation in output pixels.
  public var blur: Double

  public init(color: RGBAColor, offset: SIMD2<Double>, blur: Double) {
    self.color = color
    self.offset = offset
    self.blur = blur
  }
}
