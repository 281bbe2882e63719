import Foundation

/// What the lanes of a segmented render share with the thread that waits for them: the frames
/// encoded so far, for progress, and the order to stop.
final class LaneControl: @unchecked Sendable {
  private let lock = NSLock()
  private var frames: Int64 = 0
  private var stopped = false

  /// Frames composited and handed to an encoder, by every lane.
  var framesDone: Int64 { lock.withLock { frames } }

  func add(frames count: Int64) {
    lock.withLock { frames += count }
  }

  /// Tells every lane to stop at its next frame.
  func stop() {
    lock.withLock { stopped = true }
  }

  /// Throws once `stop()` has been called: a lane's frame loop calls it.
  func throwIfStopped() throws {
    if lock.withLock({ stopped }) { throw LaneStopped() }
  }
}

/// A lane stopped because another failed or the render was interrupted.
struct LaneStopped: Error {}
