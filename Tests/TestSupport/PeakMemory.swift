import Foundation

/// A program run to its end with its peak memory, as the kernel counted it for that child
/// alone (`wait4`'s `ru_maxrss`): what a memory bound is judged by, independently of the
/// program's own accounting.
public struct MeasuredRun: Sendable {
  /// The exit status, or 128 + the signal that ended it.
  public var status: Int32
  /// The child's largest resident set, in bytes.
  public var peakBytes: Int

  /// Runs `executable arguments…` in `directory` with no output kept (it goes to /dev/null).
  public static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws
    -> MeasuredRun
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // The shell changes folder and then becomes the program (exec keeps the process), so the
    // usage wait4 reports is the program's.
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
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let exited = status & 0x7F == 0
    return MeasuredRun(
      status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
      peakBytes: usage.ru_maxrss * 1024)
  }
}
