import Foundation

/// A program run to its end while the kernel's count of its threads is read every few
/// milliseconds (`/proc/<pid>/task`), with its peak memory as `wait4` reports it: what a bound
/// on threads and memory is judged by, independently of the program's own accounting.
public struct WatchedRun: Sendable {
  /// The exit status, or 128 + the signal that ended it.
  public var status: Int32
  /// The child's largest resident set, in bytes.
  public var peakBytes: Int
  /// The most threads it was seen running at once.
  public var peakThreads: Int
  /// What it wrote to standard error.
  public var stderr: String
  /// The processor time it used, user and system, in seconds, as `wait4` reports it: what a
  /// bound on cost is judged by, since a loaded machine stretches the wall clock but not this.
  public var processorSeconds: Double

  /// Runs `executable arguments…` in `directory`, killing it after `limit` seconds (its status
  /// is then 128 + SIGKILL), so a run that would not end fails its test instead of hanging.
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL, limit: Double = 300
  ) throws -> WatchedRun {
    let errors = directory.appendingPathComponent(".watched-stderr-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: errors) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // The shell changes folder and then becomes the program (exec keeps the process), so the
    // threads and usage are the program's.
    let script = "cd \"$0\" && exec \"$@\""
    let argv =
      (["/bin/sh", "-c", script, directory.path, executable.path] + arguments).map { strdup($0) }
      + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw ToolFailure(description: "cannot start \(executable.path): error \(spawned)")
    }
    var status: Int32 = 0
    var usage = rusage()
    var peakThreads = 0
    let deadline = Date().addingTimeInterval(limit)
    while true {
      let done = wait4(pid, &status, WNOHANG, &usage)
      if done == pid { break }
      if done < 0 && errno != EINTR { break }
      let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
      peakThreads = max(peakThreads, tasks.count)
      if Date() > deadline { kill(pid, SIGKILL) }
      usleep(5_000)
    }
    let exited = status & 0x7F == 0
    return WatchedRun(
      status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
      peakBytes: usage.ru_maxrss * 1024, peakThreads: peakThreads,
      stderr: (try? String(contentsOf: errors, encoding: .utf8)) ?? "",
      processorSeconds: Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6)
  }
}
