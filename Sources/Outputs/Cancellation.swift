/// A render's "stop now", handed down as a value to every stage that runs long: the frame
/// loops, the sound's analysis passes, hashing inputs and segments, joining.
///
/// A command makes one from its `InterruptWatch` (`watch.cancellation`), so only the work that
/// command started sees the signal its watch caught: nothing reads a process-wide flag, and a
/// test that signals its own process stops only what it handed its watch's cancellation to.
/// Work nobody stops (a test, a check made before any watch runs) gets `.never`.
public struct Cancellation: Sendable {
  private let signal: @Sendable () -> Int32?

  /// A cancellation requested once `signal` gives the signal that asked for it.
  public init(signal: @escaping @Sendable () -> Int32?) {
    self.signal = signal
  }

  /// Never requested.
  public static let never = Cancellation { nil }

  /// Whether the stop has been asked for.
  public var isRequested: Bool { signal() != nil }

  /// Throws `RenderInterrupted` once the stop has been asked for; called between frames,
  /// blocks and segments.
  public func throwIfRequested() throws(RenderInterrupted) {
    if let number = signal() { throw RenderInterrupted(signal: number) }
  }
}

extension InterruptWatch {
  /// The cancellation this watch requests when it catches SIGINT or SIGTERM.
  public var cancellation: Cancellation {
    Cancellation { [self] in signal }
  }
}
