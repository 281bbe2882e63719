import GPU
import PlanValues
import RenderPlan

/// A transition between two items of a sequence, as the transition pass draws it: one type
/// per kind, each with its own `.frag` file (appended to `Transition.frag`) defining
/// `transition()`, and its uniform struct's values on one frame.
protocol TransitionEffect {
  /// The kind's shader file, such as `Crossfade.frag`.
  var file: String { get }
  /// The name of the kind's uniform (its struct's instance).
  var uniformName: String { get }
  /// The uniform's members for the pass writing `target`.
  func uniforms(_ target: PreparedPlane) -> [UniformMember]
  /// How far each picture is moved on this frame, in output pixels.
  var shifts: (outgoing: SIMD2<Double>, incoming: SIMD2<Double>) { get }
  /// Textures the kind's code samples, by sampler name.
  var textures: [String: Texture] { get }
}

extension TransitionEffect {
  var shifts: (outgoing: SIMD2<Double>, incoming: SIMD2<Double>) { (.zero, .zero) }
  var textures: [String: Texture] { [:] }
}

/// The members of one uniform struct, as `ShaderProgram.set` takes them.
struct UniformMembers: UniformGroup {
  var uniformMembers: [UniformMember]
}

/// Where a frame's pictures lie: what a transition needs to know of the frame.
struct TransitionFrame {
  /// The output's size in pixels.
  var width: Int
  var height: Int

  /// The unit vector of `direction`, in output pixels (y grows downwards).
  static func unit(_ direction: TransitionDirection) -> SIMD2<Double> {
    switch direction {
    case .left: SIMD2(-1, 0)
    case .right: SIMD2(1, 0)
    case .up: SIMD2(0, -1)
    case .down: SIMD2(0, 1)
    }
  }

  /// The frame's length along `direction`.
  func length(_ direction: TransitionDirection) -> Double {
    direction == .left || direction == .right ? Double(width) : Double(height)
  }
}

extension TransitionStyle {
  /// The effect that draws this style at `progress` on a frame, with `pattern` the luma
  /// pattern's grey texture when it has one.
  func effect(progress: Double, frame: TransitionFrame, pattern: Texture?) -> any TransitionEffect {
    switch self {
    case .crossfade: CrossfadeTransition(progress: progress)
    case .dip(let color): DipTransition(progress: progress, color: color)
    case .wipe(let direction, let softness):
      WipeTransition(progress: progress, direction: direction, softness: softness, frame: frame)
    case .slide(let direction):
      SlideTransition(progress: progress, direction: direction, frame: frame)
    case .push(let direction):
      PushTransition(progress: progress, direction: direction, frame: frame)
    case .luma(_, let softness):
      LumaTransition(progress: progress, softness: softness, frame: frame, pattern: pattern)
    }
  }
}
