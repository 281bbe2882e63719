public import Timeline

/// A sequence layer, lowered: its items are ordinary layers of the plan (consecutive in
/// `RenderPlan.layers`, at the sequence's place in the stack, each on its own clock from its
/// own `start`), and this records what ties them together.
///
/// Item `i` starts at `start_{i−1} + duration_{i−1} − transition_{i−1,i}`, in exact
/// rationals, so no cut drifts however many come before it.
public struct SequencePlan: Codable, Sendable, Equatable {
  /// The sequence layer's name.
  public var name: String
  /// Where it is written.
  public var location: PlanLocation
  /// Output time at which its first item starts.
  public var start: Rational
  /// Output time at which its last item ends.
  public var end: Rational
  /// Output frames `first..<end` on which some item may be drawn.
  public var frames: FrameRange
  /// Each item's index in `RenderPlan.layers`, in order.
  public var items: [Int]
  /// The transitions between items, in order (a cut has none).
  public var transitions: [TransitionPlan]

  /// A sequence plan.
  public init(
    name: String, location: PlanLocation, start: Rational, end: Rational, frames: FrameRange,
    items: [Int], transitions: [TransitionPlan]
  ) {
    self.name = name
    self.location = location
    self.start = start
    self.end = end
    self.frames = frames
    self.items = items
    self.transitions = transitions
  }
}

extension RenderPlan {
  /// Every sequence's transitions, in stack order.
  public var transitions: [TransitionPlan] { sequences.flatMap(\.transitions) }
}
