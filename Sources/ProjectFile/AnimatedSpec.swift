public import Diagnostics
public import PlanValues
public import Timeline

/// A value that may change over the layer's time, as written: one plain value (one keyframe at
/// 0), or keyframes, each located.
public struct AnimatedSpec<Value: Sendable>: Sendable {
  /// Where the value or the keyframe list is written.
  public var location: SourceLocation
  /// At least one; checked to be in increasing `at` order by the project's rules.
  public var keyframes: [KeyframeSpec<Value>]

  /// A plain value: one keyframe at 0.
  public static func constant(_ value: Located<Value>) -> AnimatedSpec {
    AnimatedSpec(
      location: value.location,
      keyframes: [
        KeyframeSpec(
          location: value.location, at: Located(.zero, at: value.location), value: value,
          ease: Located(.linear, at: value.location))
      ])
  }

  /// The values of every keyframe, in order.
  public var values: [Value] { keyframes.map(\.value.value) }

  /// An error at each keyframe that does not come strictly later than the one before it (a
  /// jump is `ease: hold`, not two keyframes at one time), `45f` counted at `fps`; pairs with
  /// a time at a location `skipping` names are left out.
  public func keyframeOrderProblems(
    what: String, fps: Rational, skipping: (SourceLocation) -> Bool = { _ in false }
  ) -> [Diagnostic] {
    zip(keyframes, keyframes.dropFirst()).compactMap { previous, next in
      guard !skipping(previous.at.location), !skipping(next.at.location) else { return nil }
      let before = previous.at.value.seconds(fps: fps)
      let at = next.at.value.seconds(fps: fps)
      guard at <= before else { return nil }
      return .error(
        "keyframes-out-of-order",
        "\(what): a keyframe at \(TimeFormat.seconds(at)) s must come after the one before it, at \(TimeFormat.seconds(before)) s",
        at: next.at.location, notes: [.init("the keyframe before it", at: previous.at.location)],
        help: "list keyframes in increasing 'at' order; for a jump, give the earlier one ease: hold"
      )
    }
  }
}

/// One keyframe as written: `{ at: TIME, value: VALUE, ease: EASING }`.
public struct KeyframeSpec<Value: Sendable>: Sendable {
  /// The keyframe's mapping.
  public var location: SourceLocation
  /// Time on the layer's clock (after its `start`).
  public var at: Located<TimeValue>
  /// The value at that time.
  public var value: Located<Value>
  /// How the value moves on to the next keyframe (`linear` when not written).
  public var ease: Located<Easing>
}
