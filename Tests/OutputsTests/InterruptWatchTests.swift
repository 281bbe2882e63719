import Foundation
import Testing

@testable import Builds
@testable import Outputs

/// Signals go to the whole test process, so these tests take turns.
@Suite(.serialized) struct InterruptWatchTests {
  /// Polls `condition` for up to a second.
  private func eventually(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<200 {
      if condition() { return true }
      try await Task.sleep(for: .milliseconds(5))
    }
    return condition()
  }

  @Test func sigtermIsRecordedAndTheProcessLivesOn() async throws {
    let before = SignalRelay.disposition(of: SIGTERM)
    // No grace period: the forced exit would end the test process itself.
    let watch = InterruptWatch(onRepeatedSignal: { _ in })
    #expect(SignalRelay.disposition(of: SIGTERM) != .standard)
    #expect(!watch.isInterrupted)
    #expect(throws: Never.self) { try watch.throwIfInterrupted() }

    kill(getpid(), SIGTERM)
    #expect(try await eventually { watch.isInterrupted })
    #expect(watch.signal == SIGTERM)
    #expect(throws: RenderInterrupted(signal: SIGTERM)) { try watch.throwIfInterrupted() }

    watch.stop()
    #expect(SignalRelay.disposition(of: SIGTERM) == before)
    #expect(SignalRelay.disposition(of: SIGINT) == before)
    // The signal outlives stop(), so the command can pick its exit status after cleaning up.
    #expect(watch.signal == SIGTERM)
    watch.stop()
  }

  @Test func aSecondSignalGoesToTheForcedExitAndTheFirstIsKept() async throws {
    let repeated = SignalLog()
    let watch = InterruptWatch(onRepeatedSignal: { repeated.add($0) })
    defer { watch.stop() }
    // kill, not raise: raise targets the calling thread, and the test's thread is one of
    // libdispatch's, which keep signals blocked, so a raised signal would wait there forever.
    kill(getpid(), SIGINT)
    #expect(try await eventually { watch.isInterrupted })
    #expect(repeated.signals.isEmpty)
    // Two signals sent at once may merge into one, so the second waits for the first.
    kill(getpid(), SIGTERM)
    #expect(try await eventually { repeated.signals == [SIGTERM] })
    #expect(watch.signal == SIGINT)
  }

  @Test func aRenderThatDoesNotStopIsEndedAfterTheGracePeriod() async throws {
    let forced = SignalLog()
    let watch = InterruptWatch(grace: .milliseconds(200), onRepeatedSignal: { forced.add($0) })
    defer { watch.stop() }
    let sent = ContinuousClock.now
    kill(getpid(), SIGTERM)
    #expect(try await eventually { watch.isInterrupted })
    #expect(forced.signals.isEmpty, "ended before the grace period")
    #expect(try await eventually { forced.signals == [SIGTERM] })
    #expect(ContinuousClock.now - sent >= .milliseconds(200))
  }

  @Test func aWatchStoppedWithinTheGracePeriodEndsNothing() async throws {
    let forced = SignalLog()
    let watch = InterruptWatch(grace: .milliseconds(100), onRepeatedSignal: { forced.add($0) })
    kill(getpid(), SIGINT)
    #expect(try await eventually { watch.isInterrupted })
    watch.stop()
    try await Task.sleep(for: .milliseconds(300))
    #expect(forced.signals.isEmpty)
  }

  /// A signal stops what its watch's cancellation was handed, and nothing else in the process:
  /// no flag is shared, so another test's hashing (handed `.never`, or a watch of its own
  /// started later) goes on.
  @Test func aSignalStopsOnlyTheWorkHandedItsWatchsCancellation() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("chromake-hash-\(UUID().uuidString)").path
    try Data(repeating: 7, count: 1 << 16).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let watch = InterruptWatch(onRepeatedSignal: { _ in })
    defer { watch.stop() }
    let expected = try ContentHash.ofFile(path, cancellation: watch.cancellation)
    #expect(!watch.cancellation.isRequested)
    kill(getpid(), SIGTERM)
    #expect(try await eventually { watch.cancellation.isRequested })
    #expect(throws: RenderInterrupted(signal: SIGTERM)) {
      try ContentHash.ofFile(path, cancellation: watch.cancellation)
    }
    #expect(try ContentHash.ofFile(path, cancellation: .never) == expected)
    let later = InterruptWatch(onRepeatedSignal: { _ in })
    defer { later.stop() }
    #expect(try ContentHash.ofFile(path, cancellation: later.cancellation) == expected)
  }

  @Test func watchesCanFollowEachOtherAndOverlap() async throws {
    let before = SignalRelay.disposition(of: SIGINT)
    for _ in 0..<2 {
      let first = InterruptWatch(onRepeatedSignal: { _ in })
      let second = InterruptWatch(onRepeatedSignal: { _ in })
      second.stop()
      // The other watch still runs, so the signal is still caught.
      #expect(SignalRelay.disposition(of: SIGINT) != .standard)
      kill(getpid(), SIGINT)
      #expect(try await eventually { first.isInterrupted })
      #expect(!second.isInterrupted)
      first.stop()
      #expect(SignalRelay.disposition(of: SIGINT) == before)
    }
  }

  @Test func releasingAWatchStopsIt() {
    let before = SignalRelay.disposition(of: SIGINT)
    do {
      let watch = InterruptWatch()
      #expect(!watch.isInterrupted)
    }
    #expect(SignalRelay.disposition(of: SIGINT) == before)
  }
}

@Suite struct RenderInterruptedTests {
  @Test func describesTheSignalAndItsExitStatus() {
    #expect(RenderInterrupted(signal: SIGINT).description == "interrupted by SIGINT")
    #expect(RenderInterrupted(signal: SIGTERM).description == "interrupted by SIGTERM")
    #expect(RenderInterrupted(signal: SIGINT).exitCode == 130)
    #expect(RenderInterrupted(signal: SIGTERM).exitCode == 143)
    #expect(RenderInterrupted(signal: SIGUSR1).description == "interrupted by signal \(SIGUSR1)")
  }
}

/// The signals a test's forced-exit stand-in received.
private final class SignalLog: @unchecked Sendable {
  private let lock = NSLock()
  private var received: [Int32] = []

  var signals: [Int32] {
    lock.withLock { received }
  }

  func add(_ signal: Int32) {
    lock.withLock { received.append(signal) }
  }
}
