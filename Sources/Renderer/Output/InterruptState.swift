import Foundation

/// What one `InterruptWatch` has seen: the first signal, and what to do on a later one.
final class InterruptState: @unchecked Sendable {
  private let lock = NSLock()
  private var first: Int32?
  private let onRepeatedSignal: @Sendable (Int32) -> Void

  init(onRepeatedSignal: @escaping @Sendable (Int32) -> Void) {
    self.onRepeatedSignal = onRepeatedSignal
  }

  /// The first signal received, if any.
  var signal: Int32? {
    lock.withLock { first }
  }

  /// Records the first signal; hands any later one to `onRepeatedSignal`, outside the lock.
  func receive(_ number: Int32) {
    let isFirst = lock.withLock {
      guard first == nil else { return false }
      first = number
      return true
    }
    if !isFirst {
      onRepeatedSignal(number)
    }
  }
}
