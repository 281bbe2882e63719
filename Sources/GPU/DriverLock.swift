import Foundation

/// The one lock around every EGL and GL call in the process (`GPUContext.driverLock`, which
/// says why there is one), recursive, and timed: how long it was held and how long threads
/// waited for it, which is what bounds a batch's jobs sharing the driver.
public final class DriverLock: @unchecked Sendable {
  /// Seconds the lock was held (outermost acquisitions) and threads waited to take it, since
  /// the process started.
  public struct Use: Sendable, Equatable, Codable {
    public var heldSeconds: Double
    public var waitedSeconds: Double

    /// A use of `heldSeconds` held and `waitedSeconds` waited.
    public init(heldSeconds: Double, waitedSeconds: Double) {
      self.heldSeconds = heldSeconds
      self.waitedSeconds = waitedSeconds
    }

    /// What was used between `earlier` and this.
    public func since(_ earlier: Use) -> Use {
      Use(
        heldSeconds: heldSeconds - earlier.heldSeconds,
        waitedSeconds: waitedSeconds - earlier.waitedSeconds)
    }
  }

  private let mutex = NSRecursiveLock()
  // Changed only by the thread holding `mutex`.
  private var depth = 0
  private var heldSince: UInt64 = 0
  private var held: UInt64 = 0
  private var waited: UInt64 = 0

  init() {}

  public func lock() {
    let asked = Self.now()
    mutex.lock()
    depth += 1
    guard depth == 1 else { return }
    let taken = Self.now()
    waited += taken - asked
    heldSince = taken
  }

  public func unlock() {
    depth -= 1
    if depth == 0 { held += Self.now() - heldSince }
    mutex.unlock()
  }

  public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }

  /// The use so far. It takes the lock: a holder on another thread is waited for, and a
  /// caller that holds it already counts its own hold up to now.
  public var use: Use {
    withLock {
      // Held by this thread before this call (depth above 1): count that hold so far.
      let current = held + (depth > 1 ? Self.now() - heldSince : 0)
      return Use(heldSeconds: Double(current) / 1e9, waitedSeconds: Double(waited) / 1e9)
    }
  }

  private static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
