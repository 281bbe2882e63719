/// The integer grid of the output: frame `k` is at `k / fps`, sample `n` at `n / rate`.
public enum TimeGrid {
  /// The first frame at or after time `t`: the first frame a layer starting at `t` shows on,
  /// since a layer shows on `start ≤ k/fps`.
  public static func firstFrame(atOrAfter t: Rational, fps: Rational) -> Int64 {
    (t * fps).ceiling
  }

  /// The number of frames in a duration: `round(duration × fps)`.
  public static func frameCount(_ duration: Rational, fps: Rational) -> Int64 {
    (duration * fps).rounded
  }

  /// The time of frame `k`.
  public static func time(ofFrame k: Int64, fps: Rational) -> Rational {
    Rational(k) / fps
  }

  /// The sample at time `t`: `round(t × rate)`.
  public static func sample(at t: Rational, rate: Int64) -> Int64 {
    (t * Rational(rate)).rounded
  }
}
