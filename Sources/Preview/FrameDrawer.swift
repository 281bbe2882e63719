import Foundation
import GPU
import Media
import RenderPlan
import Rendering

/// Draws the frames clients ask for, one at a time, on a thread of its own that holds the
/// preview's one GPU context: exactly as `chromake frame` composites them, then scaled and
/// encoded as asked. A thread, not the concurrency pool: drawing blocks on the GPU and on
/// decoding, and the pool's few threads must stay free to serve requests and events.
///
/// Nothing is drawn while nobody asks. The last frames drawn are kept (`FrameCache`), so a
/// page playing the same stretch again, or a second page, costs nothing.
final class FrameDrawer: @unchecked Sendable {
  /// One drawn and encoded frame.
  struct Picture: Sendable {
    var bytes: [UInt8]
    var frame: Int64
    var counter: Int
  }

  private struct Job {
    var plan: RenderPlan
    var counter: Int
    var request: FrameRequest
    /// Everyone waiting for this frame: a request for a frame already queued waits for it.
    var replies: [@Sendable (Result<Picture, any Error>) -> Void]

    var key: FrameCache.Key { FrameCache.Key(counter: counter, request: request) }
  }

  /// The most frames waiting to be drawn. A page asks for one at a time; more is a client
  /// that asks faster than frames can be drawn (or a flood), and waiting for all of them
  /// would hold every later request up, so the rest are refused at once, busy.
  static let queueLimit = 8

  /// Why a frame was not drawn: too many were waiting.
  struct Busy: Error, CustomStringConvertible {
    var description: String {
      "\(FrameDrawer.queueLimit) frames are already waiting to be drawn: ask again when one has come"
    }
  }

  private let condition = NSCondition()
  // Guarded by `condition`.
  private var jobs: [Job] = []
  private var cache = FrameCache(limitBytes: 128 << 20)
  private let makeContext: @Sendable () throws -> GPUContext

  /// A drawer whose thread makes its context with `makeContext` on first use.
  init(makeContext: @escaping @Sendable () throws -> GPUContext) {
    self.makeContext = makeContext
    // The thread keeps the drawer: it waits for jobs as long as the process runs.
    let thread = Thread { [self] in self.run() }
    thread.name = "chromake preview frames"
    thread.start()
  }

  /// Frame `request.frame` of `plan` (whose counter is `counter`), drawn and encoded.
  func draw(_ request: FrameRequest, of plan: RenderPlan, counter: Int) async throws -> Picture {
    try await withCheckedThrowingContinuation { continuation in
      let reply: @Sendable (Result<Picture, any Error>) -> Void = { continuation.resume(with: $0) }
      let key = FrameCache.Key(counter: counter, request: request)
      condition.lock()
      defer { condition.unlock() }
      if let queued = jobs.firstIndex(where: { $0.key == key }) {
        jobs[queued].replies.append(reply)
      } else if jobs.count >= Self.queueLimit {
        reply(.failure(Busy()))
      } else {
        jobs.append(Job(plan: plan, counter: counter, request: request, replies: [reply]))
        condition.signal()
      }
    }
  }

  /// The frames being played: kept while requests move forward through one plan, so each
  /// costs a composite and not a seek (`FrameSequence`).
  private var playing: (counter: Int, frames: FrameSequence)?
  /// Video pictures decoded for earlier frames, reused across plans: a save that changes a
  /// colour decodes nothing again.
  private let decoded = DecodedPictures()

  private func run() {
    var context: Result<GPUContext, any Error>?
    while true {
      condition.lock()
      while jobs.isEmpty { condition.wait() }
      let job = jobs.removeFirst()
      let key = job.key
      let cached = cache[key]
      condition.unlock()
      if let cached {
        let picture = Picture(bytes: cached, frame: job.request.frame, counter: job.counter)
        for reply in job.replies { reply(.success(picture)) }
        continue
      }
      // The frames of an earlier plan are let go (their decoders and threads) once a frame
      // of a newer one is asked for.
      if let playing, playing.counter != job.counter { self.playing = nil }
      if context == nil { context = Result { try makeContext() } }
      let result = Result { () throws -> Picture in
        let bytes = try draw(
          job.request, of: job.plan, counter: job.counter, context: context!.get())
        return Picture(bytes: bytes, frame: job.request.frame, counter: job.counter)
      }
      if case .success(let picture) = result {
        condition.lock()
        cache[key] = picture.bytes
        condition.unlock()
      }
      // A context that could not be made is tried again for the next frame.
      if case .failure = context { context = nil }
      for reply in job.replies { reply(result) }
    }
  }

  /// The frame composited as `chromake frame` composites it; at the output's size as PNG, the
  /// very bytes `chromake frame` writes. A JPEG is what a playing page asks for: it comes from
  /// the frames being played, when the request is at or a little after the last one drawn.
  private func draw(
    _ request: FrameRequest, of plan: RenderPlan, counter: Int, context: GPUContext
  ) throws -> [UInt8] {
    let output = plan.output
    let alpha = output.format.alpha && request.format.keepsAlpha
    let rgba: [UInt8]
    if request.format == .jpeg {
      rgba = try played(request.frame, of: plan, counter: counter, context: context)
    } else {
      rgba = try FramePreview.render(
        plan: plan, frame: request.frame, context: context, keepsAlpha: true, decoded: decoded)
    }
    let picture = try PictureScaling.scaled(
      rgba, width: output.width, height: output.height, toWidth: request.width,
      toHeight: request.height)
    return try picture.withUnsafeBytes {
      try StillWriter.encoded(
        rgba: $0, width: request.width, height: request.height, bytesPerRow: 4 * request.width,
        as: request.format, alpha: alpha)
    }
  }

  /// How far ahead of the last frame played a request may be and still be reached by drawing
  /// on: beyond it, starting again at the frame (one seek) is quicker than decoding the gap.
  private static let playAhead: Int64 = 90

  /// Frame `k` from the frames being played, started again at `k` when they belong to an
  /// earlier plan or `k` is behind them or too far ahead.
  private func played(_ k: Int64, of plan: RenderPlan, counter: Int, context: GPUContext) throws
    -> [UInt8]
  {
    if let playing, playing.counter == counter, k >= playing.frames.next,
      k - playing.frames.next <= Self.playAhead
    {
      do {
        return try playing.frames.render(frame: k)
      } catch {
        self.playing = nil
        throw error
      }
    }
    playing = nil
    let frames = try FrameSequence(plan: plan, from: k, context: context)
    let picture = try frames.render(frame: k)
    // Kept only once it has drawn: frames that failed are started again next time.
    playing = (counter, frames)
    return picture
  }
}
