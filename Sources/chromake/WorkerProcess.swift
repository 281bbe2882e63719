import Foundation

/// A child process of this program, started with `posix_spawn`, whose standard input and
/// standard output are pipes to this process and whose standard error is this process's.
///
/// It runs in a process group of its own, so that a terminal's Ctrl-C reaches only the parent,
/// which forwards it once (a second signal would cut a render's clean stop short), and it
/// starts with SIGINT, SIGTERM and SIGPIPE at their default actions and no signal blocked,
/// whatever this process's state.
final class WorkerProcess {
  let pid: pid_t
  /// The write end of the child's standard input; -1 once closed.
  private(set) var input: Int32
  /// The read end of the child's standard output.
  let output: Int32
  /// What has come from the child after its last whole line.
  private var pending = Data()

  /// Starts `executable` with `arguments` (the first is the program's name), one of
  /// `siblings` workers started side by side (`llvmpipeThreads`).
  init(executable: String, arguments: [String], siblings: Int) throws {
    var toChild: [Int32] = [-1, -1]
    var fromChild: [Int32] = [-1, -1]
    guard pipe(&toChild) == 0 else { throw Self.failure("pipe") }
    guard pipe(&fromChild) == 0 else {
      close(toChild[0])
      close(toChild[1])
      throw Self.failure("pipe")
    }
    // No other child may inherit these: a worker's end of file comes when its own writer, the
    // worker, ends.
    for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    defer {
      close(toChild[0])
      close(fromChild[1])
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDOUT_FILENO)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var environment = ProcessInfo.processInfo.environment
    if environment["LP_NUM_THREADS"] == nil {
      environment["LP_NUM_THREADS"] = String(Self.llvmpipeThreads(siblings: siblings))
    }
    var envp: [UnsafeMutablePointer<CChar>?] =
      environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var child: pid_t = 0
    // posix_spawnp: a bare program name (argv[0] where /proc is not mounted) is looked up on
    // PATH, as the shell found it; a path is used as it is.
    let status = posix_spawnp(&child, executable, &actions, &attributes, &argv, &envp)
    guard status == 0 else {
      close(toChild[1])
      close(fromChild[0])
      throw Self.failure("posix_spawn \(executable)", code: status)
    }
    pid = child
    input = toChild[1]
    output = fromChild[0]
  }

  deinit {
    closeInput()
    close(output)
  }

  /// Writes `bytes` to the child's standard input; false if the child no longer reads it.
  func send(_ bytes: Data) -> Bool {
    input >= 0 && Self.write(bytes, to: input)
  }

  /// Writes all of `bytes` to `descriptor`, a pipe; false once its reader is gone (with
  /// SIGPIPE ignored, the write fails instead of killing this process).
  static func write(_ bytes: Data, to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }

  /// Reads what the child has written (call when `output` is readable): the lines it
  /// completed, without their newlines; nil at the end of its output.
  func readLines() -> [Data]? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { return [] }
    guard count > 0 else { return nil }
    pending.append(contentsOf: buffer[..<count])
    var lines: [Data] = []
    while let end = pending.firstIndex(of: 0x0A) {
      lines.append(pending[pending.startIndex..<end])
      pending = Data(pending[(end + 1)...])
    }
    return lines
  }

  /// Closes the child's standard input: it ends once it has read what was sent.
  func closeInput() {
    guard input >= 0 else { return }
    close(input)
    input = -1
  }

  /// How a child ended.
  enum Ending: Equatable {
    case exited(Int32)
    case signalled(Int32)
  }

  /// Waits for the child to end.
  func wait() -> Ending {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFSIGNALED / WEXITSTATUS, which Swift does not import (they are macros).
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
  }

  /// The rasterizer threads each of `siblings` workers gives Mesa's llvmpipe, unless
  /// `LP_NUM_THREADS` is set already: its default is one per core in every process, so 16
  /// workers on 16 cores ran 256 of them. The machine's cores shared out, but at least 2:
  /// measured on 16 cores (issue 28), 32 ads with 16 workers took 36.4 s with llvmpipe's
  /// default, 32.3 s with 2 threads each, 31.8 s with 4 and 38.8 s with 1; one render alone
  /// was as fast with 6 threads as with 16. A GPU's driver ignores it.
  static func llvmpipeThreads(siblings: Int) -> Int {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return max(2, (cores + max(1, siblings) - 1) / max(1, siblings))
  }

  /// The program running now, to start again as a worker: /proc/self/exe itself rather than
  /// the path it links to, so a binary replaced on disk (a rebuild during a long batch) still
  /// starts the same program.
  static var currentExecutable: String {
    FileManager.default.fileExists(atPath: "/proc/self/exe")
      ? "/proc/self/exe" : CommandLine.arguments[0]
  }

  /// A system call that failed while starting a worker.
  struct StartFailure: Error, CustomStringConvertible {
    var call: String
    var code: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  private static func failure(_ call: String, code: Int32 = errno) -> StartFailure {
    StartFailure(call: call, code: code)
  }
}
