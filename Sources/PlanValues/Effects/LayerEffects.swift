/// What a layer's effects are, as the plan carries them: `blur`, `corner_radius` and
/// `shadow` (README.md, "Effects"). `contain-blur` is a fit (`Fit`).
public struct LayerEffects: Sendable, Codable, Equatable {
  /// Gaussian blur, standard deviation in output pixels, over the layer's time.
  public var blur: Animated<Double>?
  /// Rounded corners of the drawn picture, over the layer's time.
  public var cornerRadius: Animated<CornerRadius>?
  public var shadow: Shadow?
  /// A colour look from a 3D table, applied after the key.
  public var lut: LUT?

  public init(
    blur: Animated<Double>? = nil, cornerRadius: Animated<CornerRadius>? = nil,
    shadow: Shadow? = nil, lut: LUT? = nil
  ) {
    self.blur = blur
    self.cornerRadius = cornerRadius
    self.shadow = shadow
    self.lut = lut
  }

  /// Whether the layer has no effect at all.
  public var isEmpty: Bool {
    blur == nil && cornerRadius == nil && shadow == nil && lut == nil
  }
}

/// `lut` and `lut_mix`: a `.cube` file's look, blended with the picture's own colours.
public struct LUT: Sendable, Codable, Equatable {
  /// The `.cube` file, as the project names it.
  public var path: String
  /// 0 (the picture as it is) to 1 (the look alone).
  public var mix: Double

  public init(path: String, mix: Double) {
    self.path = path
    self.mix = mix
  }
}
