extension EffectDescriptor {
  /// `saturation`: 0 turns the layer grey (its Rec. 709 luma), 1 leaves it as it is, more
  /// than 1 makes its colours stronger (`Saturation.frag`).
  public static let saturation = EffectDescriptor(
    key: "saturation",
    parameters: [
      EffectParameter(
        "saturation", .number, range: 0...4, default: .number(1), animates: true,
        help: "0 is grey, 1 the picture as it is, up to 4 times its colour")
    ],
    help: "makes the layer's colours weaker or stronger",
    shader: AdjustmentShader(
      file: "Saturation.frag", type: "Saturation", function: "saturated", identity: 1))
}
