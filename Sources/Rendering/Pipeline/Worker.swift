import Foundation

/// A thread running `body`, which its owner joins before going on: a stage of the pipeline,
/// which the render waits for before it returns, or a lane of a segmented render.
///
/// `join` waits for the thread itself to end, not only for `body` to return. Ending a thread
/// still runs the destructors of its thread-local data (EGL's and Mesa's, for a thread that had
/// a GPU context), and a process that exits meanwhile runs the libraries' own exit-time
/// destructors under them: an interrupted two-job batch crashed so now and then as it exited
/// (`malloc_consolidate(): unaligned fastbin chunk detected`, or a fault in libEGL). Hence a
/// joinable POSIX thread, not Foundation's `Thread`, which is detached.
final class Worker: @unchecked Sendable {
  private let thread: pthread_t
  private var isJoined = false

  /// Starts `body` on a new thread named `name` (visible in debuggers and `top -H`).
  init(name: String, _ body: @escaping @Sendable () -> Void) {
    let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
    #if os(Linux)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let result = pthread_create(&thread, nil, { Start.run($0) }, start)
    precondition(result == 0, "pthread_create failed with error \(result)")
    #if os(Linux)
      self.thread = thread
    #else
      self.thread = thread!
    #endif
  }

  deinit {
    // A worker let go without `join` leaves no zombie thread behind.
    if !isJoined { pthread_detach(thread) }
  }

  /// Waits until the body has returned and the thread has ended. Call once, from the thread
  /// that started the worker.
  func join() {
    guard !isJoined else { return }
    pthread_join(thread, nil)
    isJoined = true
  }
}

/// What a worker's new thread runs, handed to it through `pthread_create`'s one pointer.
private final class Start {
  let name: String
  let body: @Sendable () -> Void

  init(name: String, body: @escaping @Sendable () -> Void) {
    self.name = name
    self.body = body
  }

  static func run(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let pointer else { return nil }
    let start = Unmanaged<Start>.fromOpaque(pointer).takeRetainedValue()
    Thread.current.name = start.name
    start.body()
    return nil
  }
}
