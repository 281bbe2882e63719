import GPU
import PlanValues

/// `Wipe.frag`: a straight edge travels in `direction` across the frame, B behind it, with a
/// ramp `softness` of the frame's length that way.
struct WipeTransition: TransitionEffect {
  var progress: Double
  var direction: TransitionDirection
  var softness: Double
  var frame: TransitionFrame

  var file: String { "Wipe.frag" }
  var uniformName: String { "wipe" }

  func uniforms(_ target: PreparedPlane) -> [UniformMember] {
    let unit = TransitionFrame.unit(direction)
    let length = frame.length(direction)
    // The distance from the starting side: the edge starts on the side it travels away from.
    let start = unit.x + unit.y < 0 ? length : 0
    return [
      UniformMember("progress", .float(Float(progress))),
      UniformMember("direction", .vec2(SIMD2(Float(unit.x), Float(unit.y)))),
      UniformMember("start", .float(Float(start))),
      UniformMember("travel", .float(Float(length))),
      UniformMember("softness", .float(Float(softness * length))),
    ]
  }
}
