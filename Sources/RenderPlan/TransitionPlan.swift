import Foundation
public import PlanValues
public import Timeline

/// A transition between two items of a sequence: over `frames` the two items' pictures are
/// drawn as one, by `style`, at progress `p = ease((t − start) / duration)` for frame time
/// `t = k / fps`; their sound crosses at equal power over the same time (see
/// `EqualPowerRamp`).
public struct TransitionPlan: Codable, Sendable, Equatable {
  /// How messages and the plan name it: `story transition 2`.
  public var name: String
  /// Where it is written.
  public var location: PlanLocation
  /// The outgoing item's index in `RenderPlan.layers`.
  public var outgoing: Int
  /// The incoming item's index in `RenderPlan.layers` (the one drawn above).
  public var incoming: Int
  /// Output time at which the incoming item starts.
  public var start: Rational
  /// How long the two overlap; the outgoing item ends at `start + duration`.
  public var duration: Rational
  /// Output frames `first..<end` whose times lie in `start..<start + duration`: those drawn
  /// as a transition.
  public var frames: FrameRange
  /// How the picture's progress runs.
  public var ease: Easing
  /// What the transition does.
  public var style: TransitionStyle

  /// A transition plan.
  public init(
    name: String, location: PlanLocation, outgoing: Int, incoming: Int, start: Rational,
    duration: Rational, frames: FrameRange, ease: Easing, style: TransitionStyle
  ) {
    self.name = name
    self.location = location
    self.outgoing = outgoing
    self.incoming = incoming
    self.start = start
    self.duration = duration
    self.frames = frames
    self.ease = ease
    self.style = style
  }

  /// The picture's progress on output frame `k`: `ease((k / fps − start) / duration)`, 0 to 1
  /// (a curve that overshoots may leave that range).
  public func progress(ofFrame k: Int64, fps: Rational) -> Double {
    let elapsed = TimeGrid.time(ofFrame: k, fps: fps) - start
    let x = min(max((elapsed / duration).doubleValue, 0), 1)
    return x >= 1 ? 1 : ease.progress(x)
  }
}

/// What a transition does with the two pictures, A outgoing and B incoming: one case per kind,
/// with exactly the settings that kind has.
public enum TransitionStyle: Sendable, Equatable {
  /// `A·(1 − p) + B·p`, premultiplied.
  case crossfade
  /// A to `color` while `p < 0.5`, then `color` to B.
  case dip(color: RGBColor)
  /// A straight edge travels in `direction` across the frame, B behind it; the edge is
  /// `softness` of the frame's width (or height) wide.
  case wipe(direction: TransitionDirection, softness: Double)
  /// B moves in from the side opposite `direction` and comes to rest over A, which stays.
  case slide(direction: TransitionDirection)
  /// B moves in and A moves out, both in `direction`, by the same distance.
  case push(direction: TransitionDirection)
  /// A pixel shows B once `p` passes the pattern's grey level there (black first), with a
  /// ramp `softness` wide.
  case luma(pattern: ImagePlan, softness: Double)

  /// Which kind this is.
  public var kind: TransitionKind {
    switch self {
    case .crossfade: .crossfade
    case .dip: .dip
    case .wipe: .wipe
    case .slide: .slide
    case .push: .push
    case .luma: .luma
    }
  }
}

// In the JSON: a `kind` and that kind's settings beside it.
extension TransitionStyle: Codable {
  enum CodingKeys: String, CodingKey {
    case kind, color, direction, softness, pattern
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    switch try c.decode(TransitionKind.self, forKey: .kind) {
    case .crossfade: self = .crossfade
    case .dip: self = .dip(color: try c.decode(RGBColor.self, forKey: .color))
    case .wipe:
      self = .wipe(
        direction: try c.decode(TransitionDirection.self, forKey: .direction),
        softness: try c.decode(Double.self, forKey: .softness))
    case .slide:
      self = .slide(direction: try c.decode(TransitionDirection.self, forKey: .direction))
    case .push: self = .push(direction: try c.decode(TransitionDirection.self, forKey: .direction))
    case .luma:
      self = .luma(
        pattern: try c.decode(ImagePlan.self, forKey: .pattern),
        softness: try c.decode(Double.self, forKey: .softness))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(kind, forKey: .kind)
    switch self {
    case .crossfade: break
    case .dip(let color): try c.encode(color, forKey: .color)
    case .wipe(let direction, let softness):
      try c.encode(direction, forKey: .direction)
      try c.encode(softness, forKey: .softness)
    case .slide(let direction), .push(let direction):
      try c.encode(direction, forKey: .direction)
    case .luma(let pattern, let softness):
      try c.encode(pattern, forKey: .pattern)
      try c.encode(softness, forKey: .softness)
    }
  }
}

/// An equal-power ramp of a stream's gain over output samples `firstSample..<endSample`,
/// with `p = (n − firstSample) / (endSample − firstSample)` (linear: sound never eases): a
/// rising one multiplies by `sin(π/2·p)`, a falling one by `cos(π/2·p)`, so the powers of the
/// two sides of a transition always add up to one.
public struct EqualPowerRamp: Codable, Sendable, Equatable {
  /// The transition's first output sample.
  public var firstSample: Int64
  /// One past its last.
  public var endSample: Int64

  /// A ramp over `firstSample..<endSample`.
  public init(firstSample: Int64, endSample: Int64) {
    self.firstSample = firstSample
    self.endSample = endSample
  }

  /// The ramp's progress at output sample `n`, 0 before it and 1 after it.
  public func progress(at n: Int64) -> Double {
    guard endSample > firstSample else { return n < firstSample ? 0 : 1 }
    if n <= firstSample { return 0 }
    if n >= endSample { return 1 }
    return Double(n - firstSample) / Double(endSample - firstSample)
  }

  /// `sin(π/2·p)`: the incoming side's gain at output sample `n`.
  public func rising(at n: Int64) -> Double { sin(Double.pi / 2 * progress(at: n)) }

  /// `cos(π/2·p)`: the outgoing side's gain at output sample `n`.
  public func falling(at n: Int64) -> Double { cos(Double.pi / 2 * progress(at: n)) }
}
