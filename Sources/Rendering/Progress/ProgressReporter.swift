import Dispatch
import Foundation

/// Shows a render's progress as a bar or as JSON lines, at a rate a terminal or a reading
/// program can take.
///
/// The render calls `update(framesDone:)` after every frame; the reporter writes at most about
/// ten lines a second for the bar and two for JSON, and always the line for the last frame.
/// `finish()` writes the closing line: the bar ends its line (so an error message that follows
/// starts on a fresh one), and JSON writes a last object whose `done` is true when every frame
/// was rendered.
///
/// JSON fields, one compact object per line:
/// `frame` (frames done), `frames` (frames in the output), `fps` (average so far),
/// `seconds_left` (estimate, null before the first frame), `elapsed` (seconds),
/// `done` (true only on the last line of a complete render).
public final class ProgressReporter: @unchecked Sendable {
  /// The shortest time between two bar lines.
  public static let barInterval = 0.1
  /// The shortest time between two JSON lines.
  public static let jsonInterval = 0.5

  private let style: ProgressStyle
  private let frameCount: Int64
  private let write: @Sendable (String) -> Void
  private let clock: @Sendable () -> Double
  private let start: Double
  private let barWidth: Int

  // Updates may come from whichever thread finishes a frame; writing under the lock keeps
  // lines whole and in order.
  private let lock = NSLock()
  private var framesDone: Int64 = 0
  private var lastWritten: Double?
  private var lastLength = 0
  private var isFinished = false

  /// A reporter for an output of `frameCount` frames that hands each piece of text to `write`
  /// (standard error, normally; `write` must not call back into the reporter). `clock` gives
  /// seconds on a clock that never goes back; the render's time counts from now.
  public init(
    style: ProgressStyle, frameCount: Int64, write: @escaping @Sendable (String) -> Void,
    clock: @escaping @Sendable () -> Double = { ProgressReporter.uptimeSeconds() }
  ) {
    self.style = style
    self.frameCount = frameCount
    self.write = write
    self.clock = clock
    start = clock()
    barWidth = ProgressFormat.barWidth(frameCount: frameCount)
  }

  /// Seconds since boot on the monotonic clock, the default `clock`.
  public static func uptimeSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }

  /// Records that `framesDone` frames are finished, and writes a line if the last was long
  /// enough ago or this is the last frame.
  public func update(framesDone: Int64) {
    guard style != .none else { return }
    lock.withLock {
      guard !isFinished else { return }
      self.framesDone = framesDone
      let now = clock()
      let interval = style == .bar ? Self.barInterval : Self.jsonInterval
      if let lastWritten, now - lastWritten < interval, framesDone < frameCount {
        return
      }
      emit(at: now, finished: false)
    }
  }

  /// Writes the closing line. Later updates, and later calls, do nothing.
  public func finish() {
    guard style != .none else { return }
    lock.withLock {
      guard !isFinished else { return }
      isFinished = true
      emit(at: clock(), finished: true)
    }
  }

  private func emit(at now: Double, finished: Bool) {
    lastWritten = now
    let snapshot = ProgressSnapshot(
      framesDone: framesDone, frameCount: frameCount, elapsedSeconds: max(0, now - start))
    switch style {
    case .bar:
      let line = ProgressFormat.bar(snapshot, width: barWidth, finished: finished)
      // Spaces over whatever a longer previous line left on screen.
      let blank = String(repeating: " ", count: max(0, lastLength - line.count))
      lastLength = line.count
      write("\r" + line + blank + (finished ? "\n" : ""))
    case .json:
      write(ProgressFormat.json(snapshot, done: finished && snapshot.isComplete) + "\n")
    case .none:
      break
    }
  }
}
