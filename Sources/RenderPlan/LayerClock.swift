public import Timeline

/// Where a layer's own time 0 falls on the output: the one function by which keyframes,
/// fades, a video's source frames and caption cues read time (docs/ARCHITECTURE.md,
/// "Structure in time").
///
/// Every layer belongs to a composition: the project (whose clock is the output's), or a
/// sequence, whose items' clocks are placed one after another. The planner lowers each to a
/// layer whose clock starts at an exact output time, so the renderer has one rule for all.
public struct LayerClock: Sendable, Equatable {
  /// The output time at which the layer's own time is 0.
  public var origin: Rational

  /// A clock starting at output time `origin`.
  public init(origin: Rational) {
    self.origin = origin
  }

  /// The layer's own time on output frame `k`: `k / fps − origin`, exactly.
  public func time(ofFrame k: Int64, fps: Rational) -> Rational {
    TimeGrid.time(ofFrame: k, fps: fps) - origin
  }
}

extension LayerPlan {
  /// The layer's clock: its time 0 is its `start`.
  public var clock: LayerClock { LayerClock(origin: start) }
}
