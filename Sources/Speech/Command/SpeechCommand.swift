import Foundation
import Outputs

/// A speech engine run as a command: the program and its arguments (placeholders already
/// filled in), run as its words (never parsed by a shell) in the project's folder, the text on
/// its standard input, stopped after a timeout.
///
/// The text is handed over as a file opened on standard input, never through a pipe: an
/// engine that exits without reading it cannot make chromake write to a closed pipe, and one
/// that reads slowly cannot block it. The engine runs in a process group of its own, so a
/// timeout stops whatever it started too (a shell script's children, a server it forked).
public struct SpeechCommand: Sendable {
  /// The program's absolute path, then its arguments.
  public var arguments: [String]
  /// The folder it runs in: the project's, so the paths its words name are the project's.
  public var directory: String
  /// A folder of chromake's for the input and output files (the cache entry being made).
  public var scratch: String
  /// How long it may run.
  public var timeoutSeconds: Double

  /// A command.
  public init(arguments: [String], directory: String, scratch: String, timeoutSeconds: Double) {
    self.arguments = arguments
    self.directory = directory
    self.scratch = scratch
    self.timeoutSeconds = timeoutSeconds
  }

  /// How many lines of what the engine printed an error quotes.
  public static let quotedLines = 8

  /// Runs the command with `text` on its standard input until it exits, and throws unless it
  /// exits with status 0 in time. What it prints (standard output and error together) is kept
  /// only to quote its last lines in an error.
  public func run(input text: String) throws(SpeechCommandError) {
    guard let program = arguments.first else {
      throw .cannotStart(program: "", reason: "the command is empty")
    }
    let input = scratch + "/.engine-input"
    let output = scratch + "/.engine-output"
    defer {
      unlink(input)
      unlink(output)
    }
    guard FileManager.default.createFile(atPath: input, contents: Data(text.utf8)) else {
      throw .cannotStart(program: program, reason: "its input cannot be written in \(scratch)")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    // `/bin/sh` only changes folder and becomes the program (Glibc's module has no
    // posix_spawn_file_actions_addchdir_np): the folder and every word of the command are its
    // arguments, never a line it parses, so nothing in them is shell syntax.
    let script = "cd -- \"$0\" && exec \"$@\""
    let argv = (["/bin/sh", "-c", script, directory] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    guard FileManager.default.isExecutableFile(atPath: program) else {
      throw .cannotStart(program: program, reason: "it is not an executable file")
    }
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
    guard spawned == 0 else {
      throw .cannotStart(program: program, reason: String(cString: strerror(spawned)))
    }
    // A signal to chromake (Ctrl-C, a batch stopping its workers) would leave the engine
    // running in its own group: it is caught while the engine runs, the engine's group ended,
    // and the signal then given its default action as if it had come now.
    let watch = InterruptWatch()
    defer { watch.stop() }
    let deadline = Date().addingTimeInterval(timeoutSeconds)
    var timedOut = false
    while !Self.hasExited(pid) {
      if let signal = watch.signal {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        unlink(input)
        unlink(output)
        watch.stop()
        raise(signal)
        // Still here: an outer watch caught it, and its owner stops at its own pace.
        throw .interrupted(signal: signal)
      }
      if Date() > deadline {
        timedOut = true
        break
      }
      usleep(5_000)
    }
    // The engine's group is ended before its leader is reaped, so the group's number still
    // names it: whatever the engine left running (a child, a server it started) goes with it.
    kill(-pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let printed = Self.lastLines(of: output)
    if timedOut { throw .timedOut(seconds: timeoutSeconds, printed: printed) }
    let signal = status & 0x7F
    if signal != 0 { throw .killed(signal: signal, printed: printed) }
    let code = (status >> 8) & 0xFF
    if code != 0 { throw .failed(status: code, printed: printed) }
  }

  /// Whether `pid` has ended, without reaping it (its zombie keeps its number, and its
  /// group's, from being reused until `waitpid`).
  static func hasExited(_ pid: pid_t) -> Bool {
    var info = siginfo_t()
    guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else {
      return errno != EINTR
    }
    return info._sifields._sigchld.si_pid == pid
  }

  /// The last lines of the file at `path` that hold anything, from its last 4 KiB.
  static func lastLines(of path: String) -> [String] {
    guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
    defer { try? handle.close() }
    let end = (try? handle.seekToEnd()) ?? 0
    try? handle.seek(toOffset: end > 4096 ? end - 4096 : 0)
    let data = (try? handle.readToEnd()) ?? Data()
    let text = String(decoding: data, as: UTF8.self)
    let lines = text.split(whereSeparator: \.isNewline).map {
      String($0.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" }.map(Character.init))
        .trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
    return Array(lines.suffix(quotedLines)).map { String($0.prefix(300)) }
  }
}

/// Why an engine run as a command made no speech.
public enum SpeechCommandError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The program could not be started.
  case cannotStart(program: String, reason: String)
  /// It exited with a status other than 0; `printed` is the last of what it printed.
  case failed(status: Int32, printed: [String])
  /// A signal ended it.
  case killed(signal: Int32, printed: [String])
  /// It ran past its timeout and was stopped.
  case timedOut(seconds: Double, printed: [String])
  /// chromake was interrupted by `signal` while it ran, and it was stopped.
  case interrupted(signal: Int32)

  /// One line for the user (what it printed goes in notes).
  public var description: String {
    switch self {
    case .cannotStart(let program, let reason): "'\(program)' cannot be started: \(reason)"
    case .failed(let status, _): "it exited with status \(status)"
    case .killed(let signal, _): "it was ended by signal \(signal)"
    case .timedOut(let seconds, _):
      "it did not finish within its timeout of \(seconds.formatted()) s and was stopped"
    case .interrupted(let signal): "it was stopped: chromake was interrupted by signal \(signal)"
    }
  }

  /// The last lines the engine printed.
  public var printed: [String] {
    switch self {
    case .cannotStart, .interrupted: []
    case .failed(_, let printed), .killed(_, let printed), .timedOut(_, let printed): printed
    }
  }
}
