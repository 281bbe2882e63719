import Foundation

/// Whether a running `InterruptWatch` has caught a signal, for the stages that are not handed
/// a watch: hashing inputs inside the up-to-date check, which a batch row runs under the
/// batch's watch. Cleared when the last watch stops, so a later render in the same process
/// (a test) starts clean.
public enum InterruptFlag {
  private static let state = FlagState()

  /// The signal caught while a watch runs, if any.
  public static var signal: Int32? { state.value }

  /// Throws `RenderInterrupted` once a running watch has caught a signal.
  public static func throwIfSet() throws(RenderInterrupted) {
    if let signal { throw RenderInterrupted(signal: signal) }
  }

  static func set(_ number: Int32) { state.set(number) }

  static func clear() { state.clear() }
}

private final class FlagState: @unchecked Sendable {
  private let lock = NSLock()
  private var first: Int32?

  var value: Int32? { lock.withLock { first } }

  func set(_ number: Int32) {
    lock.withLock { first = first ?? number }
  }

  func clear() {
    lock.withLock { first = nil }
  }
}
