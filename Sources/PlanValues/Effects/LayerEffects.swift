/// What a layer's effects are, as the plan carries them: `blur`, `corner_radius`, `shadow`,
/// `lut` and the colour adjustments (README.md, "Effects"). `contain-blur` is a fit (`Fit`).
public struct LayerEffects: Sendable, Codable, Equatable {
  /// Gaussian blur, standard deviation in output pixels, over the layer's time.
  public var blur: Animated<Double>?
  /// Rounded corners of the drawn picture, over the layer's time.
  public var cornerRadius: Animated<CornerRadius>?
  public var shadow: Shadow?
  /// A colour look from a 3D table, applied after the key.
  public var lut: LUT?
  /// The per-pixel colour adjustments (`EffectDescriptor.adjustments`) by key, over the
  /// layer's time.
  public var adjustments: [String: Animated<Double>]

  public init(
    blur: Animated<Double>? = nil, cornerRadius: Animated<CornerRadius>? = nil,
    shadow: Shadow? = nil, lut: LUT? = nil, adjustments: [String: Animated<Double>] = [:]
  ) {
    self.blur = blur
    self.cornerRadius = cornerRadius
    self.shadow = shadow
    self.lut = lut
    self.adjustments = adjustments
  }

  /// Whether the layer has no effect at all.
  public var isEmpty: Bool {
    blur == nil && cornerRadius == nil && shadow == nil && lut == nil && adjustments.isEmpty
  }

  // Encoded as one object: each adjustment under its own key beside `blur` and the others, and
  // a key for each effect the layer has, so a plan without adjustments encodes as it always has
  // (its JSON and the frame digests made from it stay the same).
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    blur = try container.decodeIfPresent(Animated<Double>.self, forKey: Key("blur"))
    cornerRadius = try container.decodeIfPresent(
      Animated<CornerRadius>.self, forKey: Key("cornerRadius"))
    shadow = try container.decodeIfPresent(Shadow.self, forKey: Key("shadow"))
    lut = try container.decodeIfPresent(LUT.self, forKey: Key("lut"))
    adjustments = [:]
    for descriptor in EffectDescriptor.adjustments {
      adjustments[descriptor.key] = try container.decodeIfPresent(
        Animated<Double>.self, forKey: Key(descriptor.key))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encodeIfPresent(blur, forKey: Key("blur"))
    try container.encodeIfPresent(cornerRadius, forKey: Key("cornerRadius"))
    try container.encodeIfPresent(shadow, forKey: Key("shadow"))
    try container.encodeIfPresent(lut, forKey: Key("lut"))
    for descriptor in EffectDescriptor.adjustments {
      try container.encodeIfPresent(adjustments[descriptor.key], forKey: Key(descriptor.key))
    }
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
