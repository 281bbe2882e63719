import GPU
import PlanValues

/// `Slide.frag`: B moves in `direction` from beyond the opposite side of the frame and comes
/// to rest at `p = 1`, over A, which stays.
struct SlideTransition: TransitionEffect {
  var progress: Double
  var direction: TransitionDirection
  var frame: TransitionFrame

  var file: String { "Slide.frag" }
  var uniformName: String { "slide" }

  func uniforms(_ target: PreparedPlane) -> [UniformMember] {
    [UniformMember("progress", .float(Float(progress)))]
  }

  /// B is `(1 − p)` of the frame's length short of its place.
  var shifts: (outgoing: SIMD2<Double>, incoming: SIMD2<Double>) {
    let unit = TransitionFrame.unit(direction)
    return (.zero, -unit * frame.length(direction) * (1 - progress))
  }
}
