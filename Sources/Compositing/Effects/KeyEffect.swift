import GPU
import RenderPlan

/// The chroma key effect (`Key.frag`): alpha from the distance to the key colour in the CbCr
/// plane, then spill suppression. Its uniform is `key` in a preparation, `layerNKey` for a
/// layer the stacking pass fuses.
struct KeyEffect: PreparationEffect {
  var key: KeyPlan

  /// The key colour's R′G′B′, 0…1.
  var color: SIMD3<Double> { ColorConversion.rgb(key.color) }

  var uniformMembers: [UniformMember] {
    let cbcr = LumaWeights.bt709.encode(color)
    return [
      UniformMember("cbcr", .vec2(SIMD2(Float(cbcr.y), Float(cbcr.z)))),
      UniformMember("similarity", .float(Float(key.similarity))),
      UniformMember("smoothness", .float(Float(key.smoothness))),
      UniformMember("spillChannel", .vec3(SIMD3<Float>(Self.strongestChannel(color)))),
      UniformMember("spill", .float(Float(key.spill))),
      UniformMember("spillWeights", .vec3(SIMD3<Float>(Self.spillWeights(color)))),
      UniformMember("cbWeights", .vec3(SIMD3<Float>(LumaWeights.bt709.cbWeights))),
      UniformMember("crWeights", .vec3(SIMD3<Float>(LumaWeights.bt709.crWeights))),
    ]
  }

  var code: EffectCode {
    EffectCode(file: "Key.frag", uniformName: "key", defines: ["EFFECT_KEY"], readsColor: true)
  }

  var textures: [String: Texture] { [:] }

  /// `FusedKeyPass` and `Stack.frag` key a fused layer.
  var mayFuse: Bool { true }

  /// The key channel less the mean of the other two, as weights of R′, G′ and B′: what
  /// `Key.frag`'s `spillExcess` measures, in a preparation and (folded) for a fused layer.
  static func spillWeights(_ color: SIMD3<Double>) -> SIMD3<Double> {
    let channel = strongestChannel(color)
    return channel - (SIMD3(1, 1, 1) - channel) * 0.5
  }

  /// 1 in the key colour's strongest channel (green for a green screen, blue for a blue one).
  static func strongestChannel(_ color: SIMD3<Double>) -> SIMD3<Double> {
    if color.y >= color.x && color.y >= color.z { return SIMD3(0, 1, 0) }
    return color.z >= color.x ? SIMD3(0, 0, 1) : SIMD3(1, 0, 0)
  }
}
