import Foundation
import Testing

@testable import GPU

@Suite struct DriverLockTests {
  @Test("held time counts outermost holds once; a second thread's wait is counted as waited")
  func holdsAndWaits() throws {
    let lock = DriverLock()
    let before = lock.use
    let taken = DispatchSemaphore(value: 0)
    let holder = Thread {
      lock.withLock {
        // A nested hold is part of the outer one, not counted again.
        lock.withLock { _ = taken.signal() }
        Thread.sleep(forTimeInterval: 0.2)
      }
    }
    holder.start()
    taken.wait()
    // Blocks until the holder lets go: about 0.2 s of waiting.
    lock.withLock {}
    let use = lock.use.since(before)
    #expect(use.heldSeconds >= 0.19 && use.heldSeconds < 1.5, "\(use)")
    #expect(use.waitedSeconds >= 0.1 && use.waitedSeconds < 1.5, "\(use)")
  }
}
