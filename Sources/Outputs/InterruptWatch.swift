import Foundation

/// Catches SIGINT and SIGTERM while a render runs, so the render can stop between frames,
/// discard its partial output and exit with the conventional status (130 or 143).
///
/// The first signal is only recorded in the watch; the render sees it through the watch's
/// `cancellation`, a value handed down to every stage that runs long (and through
/// `throwIfInterrupted()`), so only the work a watch's owner started is stopped by it.
/// A second signal, or the render still running `gracePeriod` after the first, means the render
/// is not stopping (stuck in a decoder or in Pango, say): that deletes every pending
/// `StagedOutput` temporary file and ends the process by the signal, so a signal is always
/// answered within a second, whatever stage the render is in. No code runs in a real signal
/// handler: the signals are read through dispatch signal sources, whose handlers run on an
/// ordinary queue.
///
/// `stop()` (or releasing the watch) puts the dispositions back as they were before the first
/// watch, normally the default action. The signal caught stays recorded after `stop()`.
public final class InterruptWatch: Sendable {
  /// The signals a watch catches: SIGINT and SIGTERM.
  public static var signals: [Int32] { SignalRelay.watched }

  /// Unblocks the watched signals on the calling thread, so one already pending (blocked by
  /// the parent that started chromake) is delivered now, with its default action, before any
  /// output is begun.
  public static func unblockSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  private let state: InterruptState
  private let id: UInt64

  /// How long a render may take to stop by itself after the first signal before the process
  /// is ended for it. Between frames a render notices the flag in tens of milliseconds; the
  /// rest of the second is for deleting the temporary file and exiting.
  public static let gracePeriod: Duration = .milliseconds(700)

  /// Starts catching SIGINT and SIGTERM.
  public convenience init() {
    self.init(
      grace: Self.gracePeriod,
      onRepeatedSignal: { SignalRelay.terminate(by: $0) })
  }

  /// Starts catching, with `onRepeatedSignal` in place of the forced exit (for tests); with no
  /// `grace`, only a second signal calls it.
  init(
    grace: Duration? = nil,
    onRepeatedSignal: @escaping @Sendable (Int32) -> Void
  ) {
    state = InterruptState(
      grace: grace, onRepeatedSignal: onRepeatedSignal)
    // Held back while the relay registers its sources and routes to this watch: a signal in
    // that instant stays pending, and reaches the watch when the mask is put back.
    var watched = sigset_t()
    var saved = sigset_t()
    sigemptyset(&watched)
    for signal in Self.signals { sigaddset(&watched, signal) }
    pthread_sigmask(SIG_BLOCK, &watched, &saved)
    id = SignalRelay.shared.add(state)
    pthread_sigmask(SIG_SETMASK, &saved, nil)
  }

  deinit {
    stop()
  }

  /// Whether SIGINT or SIGTERM has arrived since the watch started.
  public var isInterrupted: Bool {
    state.signal != nil
  }

  /// The first signal that arrived, if any.
  public var signal: Int32? {
    state.signal
  }

  /// Throws `RenderInterrupted` once a signal has arrived; the render loop calls this between
  /// frames, and long stages (hashing, probing) between blocks.
  public func throwIfInterrupted() throws(RenderInterrupted) {
    if let signal = state.signal {
      throw RenderInterrupted(signal: signal)
    }
  }

  /// Stops catching; SIGINT and SIGTERM get back the actions they had before the first watch
  /// once no watch runs. Calling it again does nothing.
  public func stop() {
    state.stop()
    SignalRelay.shared.remove(id)
  }
}
