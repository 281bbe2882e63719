import Foundation

/// Catches SIGINT and SIGTERM while a render runs, so the render can stop between frames,
/// discard its partial output and exit with the conventional status (130 or 143).
///
/// The first signal only sets a flag, which the render loop polls with `throwIfInterrupted()`.
/// A second signal means the render is not stopping (stuck in a decoder, say): it deletes
/// every pending `StagedOutput` temporary file and ends the process by that signal, so the
/// user can always kill it. No code runs in a real signal handler: the signals are ignored and
/// read through dispatch signal sources, whose handlers run on an ordinary queue.
///
/// `stop()` (or releasing the watch) puts the dispositions back as they were before the first
/// watch, normally the default action. The flag keeps its value after `stop()`.
public final class InterruptWatch: Sendable {
  /// The signals a watch catches: SIGINT and SIGTERM.
  public static var signals: [Int32] { SignalRelay.watched }

  /// Unblocks the watched signals on the calling thread, so one already pending is delivered
  /// now (with its default action) instead of being dropped once the watch ignores it.
  public static func unblockSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  private let state: InterruptState
  private let id: UInt64

  /// Starts catching SIGINT and SIGTERM.
  public convenience init() {
    self.init(onRepeatedSignal: { SignalRelay.terminate(by: $0) })
  }

  /// Starts catching, with `onRepeatedSignal` in place of the forced exit (for tests).
  init(onRepeatedSignal: @escaping @Sendable (Int32) -> Void) {
    state = InterruptState(onRepeatedSignal: onRepeatedSignal)
    id = SignalRelay.shared.add(state)
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
  /// frames.
  public func throwIfInterrupted() throws(RenderInterrupted) {
    if let signal = state.signal {
      throw RenderInterrupted(signal: signal)
    }
  }

  /// Stops catching; SIGINT and SIGTERM get back the actions they had before the first watch
  /// once no watch runs. Calling it again does nothing.
  public func stop() {
    SignalRelay.shared.remove(id)
  }
}
