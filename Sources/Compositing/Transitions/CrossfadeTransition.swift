import GPU

/// `Crossfade.frag`: `A·(1 − p) + B·p`, premultiplied.
struct CrossfadeTransition: TransitionEffect {
  var progress: Double

  var file: String { "Crossfade.frag" }
  var uniformName: String { "crossfade" }

  func uniforms(_ target: PreparedPlane) -> [UniformMember] {
    [UniformMember("progress", .float(Float(progress)))]
  }
}
