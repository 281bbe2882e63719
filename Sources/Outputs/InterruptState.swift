import Dispatch
import Foundation

/// What one `InterruptWatch` has seen: the first signal, and what to do on a later one or when
/// the render has not stopped within its grace period.
final class InterruptState: @unchecked Sendable {
  private let lock = NSLock()
  private var first: Int32?
  private var stopped = false
  private let onRepeatedSignal: @Sendable (Int32) -> Void
  private let grace: Duration?

  /// `grace`: how long after the first signal the render may take to stop by itself before
  /// `onRepeatedSignal` ends it anyway; nil waits for ever (for tests).
  init(
    grace: Duration? = nil,
    onRepeatedSignal: @escaping @Sendable (Int32) -> Void
  ) {
    self.grace = grace
    self.onRepeatedSignal = onRepeatedSignal
  }

  /// The first signal received, if any.
  var signal: Int32? {
    lock.withLock { first }
  }

  /// Records the first signal and starts the grace period; hands any later one to
  /// `onRepeatedSignal`, outside the lock.
  func receive(_ number: Int32) {
    let isFirst = lock.withLock {
      guard first == nil else { return false }
      first = number
      return true
    }
    guard !isFirst else {
      startGracePeriod(number)
      return
    }
    if !isStopped {
      onRepeatedSignal(number)
    }
  }

  /// Called once the watch is no longer needed: the grace period then ends nothing.
  func stop() {
    lock.withLock { stopped = true }
  }

  private var isStopped: Bool {
    lock.withLock { stopped }
  }

  // A stage that cannot look at the flag (a long call into Pango or FFmpeg, a hash of a large
  // file) would otherwise keep the process alive for as long as it takes: the user's signal is
  // answered within the grace period whatever the render is doing.
  private func startGracePeriod(_ number: Int32) {
    guard let grace else { return }
    let components = grace.components
    let nanoseconds = components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
      [self] in
      if !isStopped { onRepeatedSignal(number) }
    }
  }
}
