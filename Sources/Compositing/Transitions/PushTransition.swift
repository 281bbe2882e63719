import GPU
import PlanValues

/// `Push.frag`: B moves in `direction` into the frame and A moves out ahead of it, both by the
/// same distance, `p` of the frame's length.
struct PushTransition: TransitionEffect {
  var progress: Double
  var direction: TransitionDirection
  var frame: TransitionFrame

  var file: String { "Push.frag" }
  var uniformName: String { "push" }

  func uniforms(_ target: PreparedPlane) -> [UniformMember] {
    [UniformMember("progress", .float(Float(progress)))]
  }

  var shifts: (outgoing: SIMD2<Double>, incoming: SIMD2<Double>) {
    let unit = TransitionFrame.unit(direction)
    let length = frame.length(direction)
    return (unit * length * progress, -unit * length * (1 - progress))
  }
}
