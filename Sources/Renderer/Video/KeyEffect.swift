import GPU
import RenderPlan

/// The chroma key effect (`Key.frag`): alpha from the distance to the key colour in the CbCr
/// plane, then spill suppression. Its uniform is `key` in a preparation, `layerNKey` for a
/// layer the stacking pass fuses.
struct KeyEffect: UniformGroup {
  var key: KeyPlan

  /// The key colour's R′G′B′, 0…1.
  var color: SIMD3<Double> { ColorConversion.rgb(key.color) }

  var uniformMembers: [(name: String, value: UniformValue)] {
    let cbcr = LumaWeights.bt709.encode(color)
    return [
      ("cbcr", .vec2(SIMD2(Float(cbcr.y), Float(cbcr.z)))),
      ("similarity", .float(Float(key.similarity))),
      ("smoothness", .float(Float(key.smoothness))),
      ("spillChannel", .vec3(SIMD3<Float>(Self.strongestChannel(color)))),
      ("spill", .float(Float(key.spill))),
    ]
  }

  /// The lines of a preparation's `prepared()` that key `rgb` and remove its spill.
  static let preparationLines = [
    "alpha *= keyAlpha(key, keyChroma(rgb));",
    "rgb = suppressSpill(key, rgb);",
  ]

  /// 1 in the key colour's strongest channel (green for a green screen, blue for a blue one).
  static func strongestChannel(_ color: SIMD3<Double>) -> SIMD3<Double> {
    if color.y >= color.x && color.y >= color.z { return SIMD3(0, 1, 0) }
    return color.z >= color.x ? SIMD3(0, 0, 1) : SIMD3(1, 0, 0)
  }
}
