public import Timeline

extension VideoClipPlan {
  /// The latest source time output frame `k` may show: the timing rule's time plus the pick
  /// tolerance, kept before `sourceOut` so a trimmed clip never shows the frame at its out
  /// point, and so `after_end: hold` keeps the last frame before it.
  public func pickTime(ofFrame k: Int64, start: Rational, fps: Rational) -> Rational {
    let wanted = sourceTime(ofFrame: k, start: start, fps: fps) + pickTolerance
    return min(wanted, sourceOut - FramePick.beforeOut)
  }
}

public enum FramePick {
  /// How far before `sourceOut` the last frame shown may be: a microsecond, finer than any
  /// container's time base, so "before" means strictly before.
  public static let beforeOut = Rational(1, 1_000_000)
}
