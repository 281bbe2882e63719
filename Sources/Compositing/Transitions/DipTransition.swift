import GPU
import PlanValues

/// `Dip.frag`: A to `color` while `p < 0.5`, then `color` to B.
struct DipTransition: TransitionEffect {
  var progress: Double
  var color: RGBColor

  var file: String { "Dip.frag" }
  var uniformName: String { "dip" }

  func uniforms(_ target: PreparedPlane) -> [UniformMember] {
    let encoded = ColorConversion.toOutput.apply(ColorConversion.rgb(color))
    let planes: SIMD4<Float> =
      target == .luma
      ? SIMD4(Float(encoded.x), 0, 0, 1) : SIMD4(Float(encoded.y), Float(encoded.z), 0, 1)
    return [
      UniformMember("progress", .float(Float(progress))), UniformMember("color", .vec4(planes)),
    ]
  }
}
