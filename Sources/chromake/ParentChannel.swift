import Foundation

/// The worker's end of a `WorkerProcess`: one JSON line per message to the process that started
/// it, on what was standard output; standard output itself is pointed at standard error, so
/// that nothing else printed can garble a message.
///
/// Opening it also watches the parent: a worker whose parent changes (the parent ended and the
/// worker was handed to another process) sends itself SIGTERM, so that it stops between
/// frames, as an interrupted render does, instead of working on for nobody.
struct ParentChannel {
  private let descriptor: Int32
  private let encoder = JSONEncoder()

  /// Takes over standard output, and watches `parent`, the process id of the worker's parent.
  init(parent: pid_t) {
    // A parent gone must not kill the worker by SIGPIPE at its next message, before it has
    // deleted its temporary files: the write fails instead, and the watch stops the worker.
    signal(SIGPIPE, SIG_IGN)
    descriptor = dup(STDOUT_FILENO)
    dup2(STDERR_FILENO, STDOUT_FILENO)
    let watcher = Thread {
      while getppid() == parent { usleep(100_000) }
      kill(getpid(), SIGTERM)
    }
    watcher.name = "chromake parent watch"
    watcher.start()
  }

  /// Sends `message`; false when the parent's end of the pipe is closed or it cannot be
  /// encoded.
  @discardableResult
  func send(_ message: some Encodable) -> Bool {
    guard var bytes = try? encoder.encode(message) else { return false }
    bytes.append(0x0A)
    return WorkerProcess.write(bytes, to: descriptor)
  }
}
