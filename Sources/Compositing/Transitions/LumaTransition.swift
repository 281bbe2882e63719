import GPU

/// `Luma.frag`: a pixel shows B once `p` passes the pattern's grey level there (black first),
/// with a ramp `softness` wide in grey levels.
struct LumaTransition: TransitionEffect {
  var progress: Double
  var softness: Double
  var frame: TransitionFrame
  /// The pattern's grey levels, stretched over the frame.
  var pattern: Texture?

  var file: String { "Luma.frag" }
  var uniformName: String { "luma" }

  func uniforms(_ target: PreparedPlane) -> [UniformMember] {
    [
      UniformMember("progress", .float(Float(progress))),
      UniformMember("softness", .float(Float(softness))),
      UniformMember("frame", .vec2(SIMD2(Float(frame.width), Float(frame.height)))),
    ]
  }

  var textures: [String: Texture] { pattern.map { ["pattern": $0] } ?? [:] }
}
