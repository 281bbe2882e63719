public import Timeline

/// A value that may change over a layer's time: keyframes at exact times on the layer's own
/// clock, each with the easing that leads to the next. A constant is one keyframe at 0, so
/// constants and motion take one code path.
public struct Animated<Value: Interpolating>: Sendable, Equatable, Codable {
  /// In strictly increasing `at` order; never empty.
  public var keyframes: [Keyframe<Value>]

  /// Keyframes, which must be non-empty and in strictly increasing time order.
  public init(keyframes: [Keyframe<Value>]) {
    precondition(!keyframes.isEmpty, "an animated value has at least one keyframe")
    self.keyframes = keyframes
  }

  /// A value that never changes.
  public init(constant value: Value) {
    self.init(keyframes: [Keyframe(at: .zero, value: value, ease: .linear)])
  }

  /// Whether the value is the same at every time.
  public var isConstant: Bool { keyframes.count == 1 }

  /// The value at time `t` of the layer's clock: the first keyframe's value before it, the
  /// last's after it, and in between the eased mix of the two keyframes around `t`. Exact in
  /// time (rational), with no rounding of the value.
  public func value(at t: Rational) -> Value {
    var previous = keyframes[0]
    if t <= previous.at { return previous.value }
    for next in keyframes.dropFirst() {
      if t < next.at {
        let progress = ((t - previous.at) / (next.at - previous.at)).doubleValue
        return Value.interpolate(previous.value, next.value, previous.ease.progress(progress))
      }
      previous = next
    }
    return previous.value
  }

  /// The same keyframes with every value mapped by `transform`.
  public func map<Other: Interpolating>(_ transform: (Value) -> Other) -> Animated<Other> {
    Animated<Other>(
      keyframes: keyframes.map { Keyframe(at: $0.at, value: transform($0.value), ease: $0.ease) })
  }

  // Encoded as the list of keyframes alone.
  public init(from decoder: any Decoder) throws {
    let keyframes = try [Keyframe<Value>](from: decoder)
    guard !keyframes.isEmpty else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "no keyframes"))
    }
    self.init(keyframes: keyframes)
  }

  public func encode(to encoder: any Encoder) throws {
    try keyframes.encode(to: encoder)
  }
}

/// One keyframe: a value at a time, and how the value moves on to the next keyframe.
public struct Keyframe<Value: Interpolating>: Sendable, Equatable, Codable {
  /// Seconds on the layer's clock (0 is the layer's start).
  public var at: Rational
  /// The value at `at`.
  public var value: Value
  /// The curve from this keyframe's value to the next's.
  public var ease: Easing

  /// A keyframe.
  public init(at: Rational, value: Value, ease: Easing) {
    self.at = at
    self.value = value
    self.ease = ease
  }
}

/// A value that can be mixed between two keyframes.
public protocol Interpolating: Sendable, Equatable, Codable {
  /// `a` at `fraction` 0, `b` at 1, and straight on beyond either (an overshooting curve).
  static func interpolate(_ a: Self, _ b: Self, _ fraction: Double) -> Self
}

extension Double: Interpolating {
  public static func interpolate(_ a: Double, _ b: Double, _ fraction: Double) -> Double {
    a + (b - a) * fraction
  }
}

extension FrameRect: Interpolating {
  /// Each edge and size on its own.
  public static func interpolate(_ a: FrameRect, _ b: FrameRect, _ fraction: Double)
    -> FrameRect
  {
    FrameRect(
      x: .interpolate(a.x, b.x, fraction), y: .interpolate(a.y, b.y, fraction),
      width: .interpolate(a.width, b.width, fraction),
      height: .interpolate(a.height, b.height, fraction))
  }
}
