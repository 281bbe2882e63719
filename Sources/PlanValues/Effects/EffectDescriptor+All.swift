extension EffectDescriptor {
  /// Every effect a visual layer or sequence item may have, in the order a layer's effects
  /// are listed and its adjustments applied. A new effect is one line here.
  public static let all: [EffectDescriptor] = [blur, cornerRadius, shadow, lut, saturation]

  /// The per-pixel colour adjustments, in the order they apply (after the look).
  public static let adjustments: [EffectDescriptor] = all.filter { $0.shader != nil }

  /// The largest blur, in output pixels: beyond it a picture is one flat colour at any size
  /// chromake renders.
  static let largestBlur = 0.0...1000.0

  public static let blur = EffectDescriptor(
    key: "blur",
    parameters: [
      EffectParameter(
        "blur", .number, range: largestBlur, animates: true,
        help: "a Gaussian blur's standard deviation in output pixels")
    ],
    help: "blurs the layer; its edges blur outward too")

  public static let cornerRadius = EffectDescriptor(
    key: "corner_radius",
    parameters: [
      EffectParameter(
        "corner_radius", .pixelsOrPercent(percent: 0...50), range: 0...100_000, animates: true,
        help: "output pixels, or a percentage of the picture's shorter side")
    ],
    help: "rounds the corners of the drawn picture")

  public static let shadow = EffectDescriptor(
    key: "shadow", form: .mapping,
    parameters: [
      EffectParameter(
        "color", .color, default: .text("#00000099"), help: "its colour; alpha scales it"),
      EffectParameter(
        "offset", .pair, range: -10_000...10_000, default: .pair(8, 8),
        help: "how far it falls, output pixels right and down"),
      EffectParameter(
        "blur", .number, range: largestBlur, default: .number(12),
        help: "the blur of its edge, a standard deviation in output pixels"),
    ],
    help: "a drop shadow cast by the layer's alpha, drawn under it")

  public static let lut = EffectDescriptor(
    key: "lut",
    parameters: [
      EffectParameter("lut", .path, help: "a 3D colour look-up table, a .cube file"),
      EffectParameter(
        "lut_mix", .number, range: 0...1, default: .number(1),
        help: "how much of the look, from 0 (none) to 1 (all of it)"),
    ],
    help: "a colour look applied after the key")
}
