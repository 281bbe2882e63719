import GPU
import PlanValues

/// A per-pixel colour adjustment (`EffectDescriptor.adjustments`, such as `saturation`): the
/// function of its descriptor's `.frag`, applied to each pixel's R′G′B′ after the look. One
/// type for every adjustment, so a new one needs only its descriptor and its `.frag`. Its
/// uniform is named by its key; the stacking pass cannot draw it (`mayFuse` false).
struct AdjustmentEffect: PreparationEffect {
  var key: String
  var shader: AdjustmentShader
  var value: Double

  /// `descriptor`'s adjustment at `value`, or nil at its identity, where the layer is drawn
  /// exactly as it is without it (and may be fused).
  init?(_ descriptor: EffectDescriptor, value: Double) {
    guard let shader = descriptor.shader, value != shader.identity else { return nil }
    key = descriptor.key
    self.shader = shader
    self.value = value
  }

  var uniformMembers: [UniformMember] { [UniformMember("value", .float(Float(value)))] }

  var code: EffectCode {
    EffectCode(
      file: shader.file, uniformName: key, defines: ["EFFECT_ADJUST"], readsColor: true,
      adjustment: shader)
  }

  var textures: [String: Texture] { [:] }

  var mayFuse: Bool { false }

  /// The GLSL that declares the adjustments' uniforms and defines `adjusted` (declared by
  /// `PlaceMain.frag`), applying them in order; nil when `codes` have none.
  static func code(_ codes: [EffectCode]) -> (name: String, text: String)? {
    let adjustments = codes.compactMap { code in code.adjustment.map { (code.uniformName, $0) } }
    guard !adjustments.isEmpty else { return nil }
    var text = ""
    for (name, shader) in adjustments { text += "uniform \(shader.type) \(name);\n" }
    text += "\nvec3 adjusted(vec3 rgb) {\n"
    for (name, shader) in adjustments { text += "    rgb = \(shader.function)(\(name), rgb);\n" }
    text += "    return rgb;\n}\n"
    return ("adjustments (generated)", text)
  }
}
