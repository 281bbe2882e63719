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
