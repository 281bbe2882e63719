/// How far a render has come: frames finished out of all, and the time it took so far.
public struct ProgressSnapshot: Equatable, Sendable {
  /// Frames finished (encoded) so far.
  public var framesDone: Int64
  /// Frames in the whole output.
  public var frameCount: Int64
  /// Seconds since the render started.
  public var elapsedSeconds: Double

  /// A snapshot of `framesDone` out of `frameCount` after `elapsedSeconds`.
  public init(framesDone: Int64, frameCount: Int64, elapsedSeconds: Double) {
    self.framesDone = framesDone
    self.frameCount = frameCount
    self.elapsedSeconds = elapsedSeconds
  }

  /// The part done, from 0 to 1 (0 for an output without frames).
  public var fraction: Double {
    guard frameCount > 0 else { return 0 }
    return min(1, max(0, Double(framesDone) / Double(frameCount)))
  }

  /// The average rate so far; 0 before any time has passed.
  public var framesPerSecond: Double {
    guard elapsedSeconds > 0 else { return 0 }
    return Double(max(0, framesDone)) / elapsedSeconds
  }

  /// The estimated seconds to go at the average rate so far; nil until a frame is done, as
  /// there is no rate to go by before that.
  public var secondsLeft: Double? {
    guard framesDone > 0, elapsedSeconds > 0 else { return nil }
    return Double(max(0, frameCount - framesDone)) / framesPerSecond
  }

  /// Whether every frame is done.
  public var isComplete: Bool {
    framesDone >= frameCount
  }
}
