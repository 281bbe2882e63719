import Foundation
import Testing

/// A limit on the time a test's own body runs, counted from when that body starts.
///
/// Swift Testing's `.timeLimit` starts its clock and then queues the body behind every other
/// test waiting for the concurrency pool. On a 2-core machine the pool is 2 threads, and the
/// suite's end-to-end tests hold them for seconds at a time while they wait on the programs
/// they run, so a parser test that takes half a second could wait minutes for a thread and be
/// failed for it. This trait runs inside the test's own task, so its clock starts when the body
/// does (the bodies it guards are synchronous: they keep their thread until they end): past
/// `limit` the test fails with the time it took, and a body still running at three times
/// `limit` is a hang, which stops the whole run with the test's name on standard error (a hung
/// test would otherwise hold the suite until CI's own limit, naming nothing).
public struct OwnTimeLimit: TestTrait, SuiteTrait, TestScoping {
  /// How long one test case's body may run.
  public var limit: Duration

  /// A suite's limit applies to each of its tests, one at a time.
  public var isRecursive: Bool { true }

  /// One scope per test case (a test that is not parameterised has one), never one around a
  /// whole suite, so each body is timed alone.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> OwnTimeLimit? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let location = test.sourceLocation
    let watchdog = HangWatchdog(
      after: limit * 3,
      naming: "\(test.displayName ?? test.name) (\(location.fileName):\(location.line))")
    defer { watchdog.stop() }
    let clock = ContinuousClock()
    let start = clock.now
    try await function()
    let took = clock.now - start
    if took > limit {
      Issue.record(
        "the test's own work took \(took), past its limit of \(limit)", sourceLocation: location)
    }
  }
}

extension Trait where Self == OwnTimeLimit {
  /// A limit on the time each test's own body runs; see `OwnTimeLimit`.
  public static func ownTimeLimit(_ limit: Duration) -> Self { OwnTimeLimit(limit: limit) }
}

/// A thread of its own that ends the process if it is not stopped in time: it does not need
/// the concurrency pool, so it fires even when a hung test holds every pool thread.
final class HangWatchdog: @unchecked Sendable {
  private let condition = NSCondition()
  private var stopped = false

  init(after limit: Duration, naming test: String) {
    let deadline = Date().addingTimeInterval(
      Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18)
    let thread = Thread { [self] in
      condition.lock()
      while !stopped && condition.wait(until: deadline) {}
      let hung = !stopped
      condition.unlock()
      guard hung else { return }
      FileHandle.standardError.write(
        Data("test hang: \(test) is still running after \(limit); stopping the test run\n".utf8))
      _exit(EXIT_FAILURE)
    }
    thread.start()
  }

  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }
}
