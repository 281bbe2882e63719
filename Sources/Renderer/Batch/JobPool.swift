import Foundation

/// Runs jobs on a fixed number of threads, each thread with state of its own that it makes
/// when it first needs it (a GPU context, current on that thread only).
public final class JobPool<ThreadState>: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0
  private let count: Int
  private let threads: Int

  /// A pool of `threads` threads for jobs `0 ..< count`.
  public init(threads: Int, count: Int) {
    self.threads = max(1, min(threads, count))
    self.count = count
  }

  /// Runs `job(i, state)` for every `i`, each once, on the pool's threads, and returns when
  /// all are done and the threads have ended. `shouldStop` is asked before each job: once it
  /// says yes no new job starts. `state` is the calling thread's own, `nil` until the job sets
  /// it.
  public func run(
    shouldStop: @escaping @Sendable () -> Bool,
    _ job: @escaping @Sendable (Int, inout ThreadState?) -> Void
  ) {
    let workers = (0..<threads).map { number in
      Worker(name: "chromake job \(number + 1)") { [self] in
        var state: ThreadState?
        while !shouldStop(), let index = take() { job(index, &state) }
        // The state (a GPU context) is released on the thread that made it.
        state = nil
      }
    }
    // Joined, not only waited for: the caller may exit the process next (a batch that was
    // interrupted does), which must not happen while a job thread is still ending.
    for worker in workers { worker.join() }
  }

  private func take() -> Int? {
    lock.withLock {
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }
  }
}
