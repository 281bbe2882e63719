import Foundation
import TestSupport
import Testing
import Typesetting

/// Typesetting on one thread never waits for another: a batch row with a long text must not
/// hold up the titles of the other rows.
@Suite struct ThreadIndependenceTests {
  /// Judged by order, not by a clock: the short text must be done while the long one is still
  /// being laid out. With one lock for all threads it would be done only after it. A long text
  /// that ends before the short one even starts (a machine fast enough) says nothing, so the
  /// text is doubled and the test tried again.
  @Test(.tags(.slow)) func aShortTextIsNotHeldUpByALongOneOnAnotherThread() throws {
    var generator = SystemRandomNumberGenerator()
    var wordCount = 250_000
    for _ in 0..<4 {
      let words = (0..<wordCount).map { _ in
        String(repeating: "x", count: Int.random(in: 1...8, using: &generator))
      }
      let longText = TextStyle(text: words.joined(separator: " "), font: "DejaVu Sans 12")
      let state = LongLayout()
      let started = DispatchSemaphore(value: 0)
      let longDone = DispatchSemaphore(value: 0)
      Thread {
        started.signal()
        _ = try? Typesetter.render(longText, width: 1000, height: 1000)
        state.isDone = true
        longDone.signal()
      }.start()
      started.wait()
      // Let the long layout begin before the short one asks.
      Thread.sleep(forTimeInterval: 0.05)
      let longDoneBefore = state.isDone
      _ = try Typesetter.render(
        TextStyle(text: "hi", font: "DejaVu Sans 40"), width: 200, height: 80)
      let longDoneAfter = state.isDone
      longDone.wait()
      if longDoneBefore {
        wordCount *= 2
        continue
      }
      #expect(!longDoneAfter, "the short text was done only after the long one")
      return
    }
    Issue.record("even \(wordCount / 2) words were laid out within 50 ms: no test")
  }
}

/// Whether the long text is laid out, written from its thread.
private final class LongLayout: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  var isDone: Bool {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}
