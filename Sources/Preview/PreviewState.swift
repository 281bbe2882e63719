import Diagnostics
import Foundation
import RenderPlan
import Synchronization

/// What the preview knows now: the last good plan (kept through broken saves, so frames and
/// the plan stay served), the latest attempt's problems, and the pages following its events.
final class PreviewState: Sendable {
  /// The last good plan with its JSON (as `plan --json` prints it) and counter.
  struct Current: Sendable {
    var plan: RenderPlan
    var json: Data
    var counter: Int
  }

  private struct Inner {
    var current: Current?
    var attempt = 0
    var planEvent: Data?
    var problemsEvent = Data()
    var followers: [Int: AsyncStream<Data>.Continuation] = [:]
    var nextFollower = 0
  }

  private let inner = Mutex(Inner())

  /// The last good plan, if any plan has succeeded.
  var current: Current? { inner.withLock { $0.current } }

  /// Takes the outcome of an attempt: a plan replaces the current one; either way every
  /// follower is sent the new events (`plan` first, so a page that then sees no errors has
  /// the plan they belong to).
  func publish(_ opening: PreviewOpening) {
    var json: Data?
    if let plan = opening.plan {
      // A plan that cannot be encoded is a bug, not a project's problem: keep the last one.
      json = try? plan.canonicalJSON()
    }
    inner.withLock { state in
      state.attempt += 1
      var events: [Data] = []
      if let plan = opening.plan, let json {
        let counter = (state.current?.counter ?? 0) + 1
        state.current = Current(plan: plan, json: json, counter: counter)
        let event = PreviewEvents.plan(plan, counter: counter)
        state.planEvent = event
        events.append(event)
      }
      state.problemsEvent = PreviewEvents.problems(
        opening.diagnostics, sources: opening.sources, counter: state.current?.counter ?? 0,
        attempt: state.attempt)
      events.append(state.problemsEvent)
      for follower in state.followers.values {
        for event in events { follower.yield(event) }
      }
    }
  }

  /// The most pages following at once: each holds a connection open, and connections are
  /// the process's file descriptors.
  static let followerLimit = 64

  /// Sends every follower a comment line, which pages ignore: a follower that has gone away
  /// (a closed tab) is found by the write failing and let go, rather than holding its
  /// connection until the next save.
  func ping() {
    let comment = Data(": ping\n\n".utf8)
    inner.withLock { state in
      for follower in state.followers.values { follower.yield(comment) }
    }
  }

  /// The events from now on, starting with the current plan and problems; a follower that
  /// goes away (the page closed) is forgotten when its stream ends. `nil` when
  /// `followerLimit` pages already follow.
  func follow() -> AsyncStream<Data>? {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Data.self, bufferingPolicy: .bufferingNewest(64))
    let id = inner.withLock { state -> Int? in
      guard state.followers.count < Self.followerLimit else { return nil }
      let id = state.nextFollower
      state.nextFollower += 1
      if let plan = state.planEvent { continuation.yield(plan) }
      if state.attempt > 0 { continuation.yield(state.problemsEvent) }
      state.followers[id] = continuation
      return id
    }
    guard let id else { return nil }
    continuation.onTermination = { [weak self] _ in
      _ = self?.inner.withLock { $0.followers.removeValue(forKey: id) }
    }
    return stream
  }
}
