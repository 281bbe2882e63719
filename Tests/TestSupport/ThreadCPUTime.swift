import Foundation

/// The processor time the calling thread has spent: what a piece of work costs, as a bound on
/// its complexity. Unlike a clock on the wall it does not grow when other processes or other
/// tests share the machine, and a faster machine only makes it smaller, so a generous bound on
/// it fails only when the work itself grows.
public enum ThreadCPUTime {
  /// Seconds of processor time the calling thread has used so far.
  public static var now: Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  /// Runs `body` on this thread and returns its result and the processor seconds it took.
  public static func measure<T>(_ body: () throws -> T) rethrows -> (result: T, seconds: Double) {
    let start = now
    let result = try body()
    return (result, now - start)
  }
}
