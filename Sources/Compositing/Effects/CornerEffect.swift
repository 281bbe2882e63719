import GPU
import PlanValues

/// Rounded corners (`Corner.frag`): the drawn picture's alpha cut by a rounded rectangle, one
/// pixel at a time in the preparation. Its uniform is `corner`. The stacking pass cannot draw
/// it (`mayFuse` false): a layer with rounded corners is always prepared.
struct CornerEffect: PreparationEffect {
  /// The drawn picture's rectangle in unrotated output pixels (`LayerGeometry.clip`).
  var rect: SIMD4<Double>
  /// In output pixels, at most half the rectangle's shorter side.
  var radius: Double

  init(_ radius: CornerRadius, geometry: LayerGeometry) {
    rect = geometry.clip
    self.radius = radius.pixels(width: rect.z - rect.x, height: rect.w - rect.y)
  }

  var uniformMembers: [UniformMember] {
    [
      UniformMember("rect", .vec4(SIMD4<Float>(rect))),
      UniformMember("radius", .float(Float(radius))),
    ]
  }

  var code: EffectCode {
    EffectCode(
      file: "Corner.frag", uniformName: "corner", defines: ["EFFECT_CORNER"], readsColor: false)
  }

  var textures: [String: Texture] { [:] }

  var mayFuse: Bool { false }
}
