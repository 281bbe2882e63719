public import PlanValues
public import Timeline

/// How one layer is drawn on one output frame: the compositor's whole input about it besides
/// its pictures, sampled from the plan's keyframes at the frame's exact time.
///
/// Which source frame a video layer shows on the frame is its clip's rule
/// (`VideoClipPlan.sourceTime(ofFrame:start:fps:)`), which the layer's feed applies.
public struct LayerState: Sendable, Equatable {
  /// Where the layer's box is, in output pixels.
  public var box: FrameRect
  /// Degrees clockwise the layer turns about its box's centre, after it is fitted into the
  /// box. Any angle.
  public var rotation: Double
  /// Multiplies alpha: the layer's opacity times its fades' ramps.
  public var opacity: Double
  /// The Gaussian blur's standard deviation in output pixels (0: none).
  public var blur: Double
  /// The rounding of the drawn picture's corners, if any.
  public var cornerRadius: CornerRadius?
  /// The colour adjustments' values (`LayerEffects.adjustments`), by key.
  public var adjustments: [String: Double]

  /// A state.
  public init(
    box: FrameRect, rotation: Double, opacity: Double, blur: Double = 0,
    cornerRadius: CornerRadius? = nil, adjustments: [String: Double] = [:]
  ) {
    self.box = box
    self.rotation = rotation
    self.opacity = opacity
    self.blur = blur
    self.cornerRadius = cornerRadius
    self.adjustments = adjustments
  }
}

extension LayerState {
  /// Whether the layer shows anything: a box shrunk to nothing or a layer faded out entirely
  /// is left out of the frame (its feed still advances).
  public var isVisible: Bool { box.hasArea && opacity > 0 }
}

extension LayerPlan {
  /// The layer's state on output frame `k` (one of its `frames`): every animated value at
  /// `k / fps − start` on the layer's clock, exactly, with no rounding of positions.
  public func state(ofFrame k: Int64, fps: Rational) -> LayerState {
    let local = clock.time(ofFrame: k, fps: fps)
    return LayerState(
      box: box.value(at: local), rotation: rotation.value(at: local),
      opacity: opacity(ofFrame: k, fps: fps),
      blur: max(0, effects.blur?.value(at: local) ?? 0),
      cornerRadius: effects.cornerRadius?.value(at: local),
      adjustments: effects.adjustments.mapValues { $0.value(at: local) })
  }
}
