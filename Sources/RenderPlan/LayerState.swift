public import PlanValues
public import Timeline

/// How one layer is drawn on one output frame: the compositor's whole input about it besides
/// its pictures. The planner computes it from the layer's plan; every value is constant over a
/// layer's frames today except opacity under a fade, and values that move (keyframes) change
/// only how it is computed, not what the compositor does with it.
///
/// Which source frame a video layer shows on the frame is its clip's rule
/// (`VideoClipPlan.sourceTime(ofFrame:start:fps:)`), which the layer's feed applies.
public struct LayerState: Sendable, Equatable {
  /// Where the layer's box is, in output pixels.
  public var box: FrameRect
  /// Degrees clockwise the layer turns about its box's centre, after it is fitted into the
  /// box. Any angle; the project format has no rotation yet, so the planner gives 0.
  public var rotation: Double
  /// Multiplies alpha: the layer's opacity times its fades' ramps.
  public var opacity: Double

  /// A state.
  public init(box: FrameRect, rotation: Double, opacity: Double) {
    self.box = box
    self.rotation = rotation
    self.opacity = opacity
  }
}

extension LayerPlan {
  /// The layer's state on output frame `k` (one of its `frames`).
  public func state(ofFrame k: Int64, fps: Rational) -> LayerState {
    LayerState(box: FrameRect(box), rotation: 0, opacity: opacity(ofFrame: k, fps: fps))
  }
}
