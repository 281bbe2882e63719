import Foundation
import Media
import Outputs
import RenderPlan

/// The encoder's thread: takes composited frames in order and hands them to libx264, so
/// encoding one frame overlaps compositing the next. After each frame it mixes and writes the
/// sound up to that frame's end, so audio and video interleave in the file; the sound's
/// analysis, when the plan needs one, runs on a thread of its own from `start`
/// (`AudioTimeline.startAnalysis`).
final class EncodeStage: @unchecked Sendable {
  let queue = BlockingQueue<EncoderFrame>(capacity: 3)
  private let writer: MovieWriter
  private let audio: AudioTimeline?
  private let lock = NSLock()
  private var failure: (any Error)?
  private var worker: Worker?
  private var framesWritten: Int64 = 0

  /// The writer and the audio timeline belong to the stage's thread from `start` until `join`
  /// returns. `cancellation` stops the sound's analysis.
  init(writer: MovieWriter, audio: AudioTimeline?, cancellation: Cancellation) {
    self.writer = writer
    self.audio = audio
    audio?.checkCancelled = { [queue] in
      if queue.isAbandoned { throw RenderFailure("encoding stopped") }
      // The sound's analysis passes (ducking, loudness, the AAC round trip) read the whole
      // mix, and the encoder may wait for them while the main thread waits to push a frame
      // and cannot look at its cancellation: the user's signal is seen here, so the render still
      // stops by itself (and a batch still writes its report) instead of being ended after
      // the grace period.
      try cancellation.throwIfRequested()
    }
  }

  func start() {
    audio?.startAnalysis()
    worker = Worker(name: "chromake encode") { [self] in
      while let frame = queue.pop() {
        do {
          do throws(MediaError) {
            try writer.write(frame)
          } catch {
            throw RenderFailure("encoding failed: \(error)")
          }
          try audio?.write(throughFrame: framesWritten, to: writer)
          framesWritten += 1
        } catch {
          lock.withLock {
            failure =
              error is RenderFailure || error is RenderInterrupted
              ? error : RenderFailure("encoding failed: \(error)")
          }
          queue.abandon()
          return
        }
      }
    }
  }

  /// The stage's error, once it has failed: a `RenderFailure`, or `RenderInterrupted` when a
  /// signal stopped the sound's analysis.
  var error: (any Error)? { lock.withLock { failure } }

  /// Waits for every queued frame to be written (after `queue.close()`) or dropped (after
  /// `queue.abandon()`).
  func join() {
    worker?.join()
    audio?.joinAnalysis()
  }
}
