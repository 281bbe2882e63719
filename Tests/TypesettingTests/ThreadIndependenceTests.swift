import Foundation
import Testing
import Typesetting

/// Typesetting on one thread never waits for another: a batch row with a long text must not
/// hold up the titles of the other rows.
@Suite struct ThreadIndependenceTests {
  @Test func aShortTextIsNotHeldUpByALongOneOnAnotherThread() throws {
    // Long enough to take most of a second to lay out, on any machine (100,000 words took
    // 0.4 s here, too close to the bound below to tell anything apart).
    var generator = SystemRandomNumberGenerator()
    let words = (0..<250_000).map { _ in
      String(repeating: "x", count: Int.random(in: 1...8, using: &generator))
    }
    let longText = TextStyle(text: words.joined(separator: " "), font: "DejaVu Sans 12")
    let clock = ContinuousClock()
    let times = Finishes()
    let longDone = DispatchSemaphore(value: 0)
    let started = clock.now
    Thread {
      _ = try? Typesetter.render(longText, width: 1000, height: 1000)
      times.long = clock.now - started
      longDone.signal()
    }.start()
    // Let the long layout begin before the short one asks.
    Thread.sleep(forTimeInterval: 0.05)
    _ = try Typesetter.render(TextStyle(text: "hi", font: "DejaVu Sans 40"), width: 200, height: 80)
    let short = clock.now - started
    longDone.wait()
    let long = try #require(times.long)
    try #require(long > .milliseconds(400), "the long text took only \(long): no test")
    // With one lock for all threads the short text would be done just after the long one.
    #expect(short < long / 2, "the short text (done at \(short)) waited for the long one (\(long))")
  }
}

/// When the long text was done, written from its thread.
private final class Finishes: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Duration?

  var long: Duration? {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}
