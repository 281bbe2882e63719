import Foundation
import Media

/// The encoder's thread: takes composited frames in order and hands them to libx264, so
/// encoding one frame overlaps compositing the next.
final class EncodeStage: @unchecked Sendable {
  let queue = BlockingQueue<EncoderFrame>(capacity: 3)
  private let writer: MovieWriter
  private let lock = NSLock()
  private var failure: MediaError?
  private var worker: Worker?

  /// The writer belongs to the stage's thread from `start` until `join` returns.
  init(writer: MovieWriter) {
    self.writer = writer
  }

  func start() {
    worker = Worker(name: "chromake encode") { [self] in
      while let frame = queue.pop() {
        do throws(MediaError) {
          try writer.write(frame)
        } catch {
          lock.withLock { failure = error }
          queue.abandon()
          return
        }
      }
    }
  }

  /// The encoder's error, once it has failed.
  var error: MediaError? { lock.withLock { failure } }

  /// Waits for every queued frame to be written (after `queue.close()`) or dropped (after
  /// `queue.abandon()`).
  func join() {
    worker?.join()
  }
}
