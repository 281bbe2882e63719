import Foundation

/// A thread running one stage of the pipeline, which the render waits for before it returns.
final class Worker: @unchecked Sendable {
  private let finished = DispatchSemaphore(value: 0)
  private var isJoined = false

  /// Starts `body` on a new thread named `name` (visible in debuggers and `top -H`).
  init(name: String, _ body: @escaping @Sendable () -> Void) {
    let finished = finished
    let thread = Thread {
      body()
      finished.signal()
    }
    thread.name = name
    thread.start()
  }

  /// Waits until the body has returned. Call once, from the thread that started the worker.
  func join() {
    guard !isJoined else { return }
    finished.wait()
    isJoined = true
  }
}
