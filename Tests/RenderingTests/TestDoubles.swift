import Foundation

/// Collects what a reporter writes.
final class TextSink: @unchecked Sendable {
  private let lock = NSLock()
  private var pieces: [String] = []

  /// Everything written, one element per `write` call.
  var written: [String] {
    lock.withLock { pieces }
  }

  func write(_ text: String) {
    lock.withLock { pieces.append(text) }
  }
}

/// A clock that moves only when a test says so.
final class ManualClock: @unchecked Sendable {
  private let lock = NSLock()
  private var seconds: Double

  init(at seconds: Double = 100) {
    self.seconds = seconds
  }

  var now: Double {
    lock.withLock { seconds }
  }

  func set(_ value: Double) {
    lock.withLock { seconds = value }
  }
}
