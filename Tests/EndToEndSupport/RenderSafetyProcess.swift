import Foundation
import TestSupport

/// A `chromake` process started in the background, so a test can watch its output grow and
/// signal it mid-render, and then see how it ended: by an exit status or by a signal.
public final class RunningChromake {
  /// How a finished process ended.
  public struct Ending: Equatable, CustomStringConvertible, Sendable {
    /// True for an exit status, false for a death by signal.
    public var exited: Bool
    /// The exit status, or the number of the signal that ended the process.
    public var code: Int32

    public static func exit(_ code: Int32) -> Ending { Ending(exited: true, code: code) }
    public static func signal(_ number: Int32) -> Ending { Ending(exited: false, code: number) }

    public var description: String { exited ? "exit status \(code)" : "killed by signal \(code)" }
  }

  public let process = Process()
  private let scratch: URL
  private let outURL: URL
  private let errURL: URL

  /// Starts `chromake arguments…` in `directory`, its output going to files (a pipe that
  /// nobody reads could stall it); through `launcher` when given (`["/usr/bin/taskset", "-c",
  /// "0"]` runs it on one core); with `environment` over the test's (nil unsets).
  public init(
    _ arguments: [String], in directory: URL, launcher: [String] = [],
    environment changes: [String: String?] = [:]
  ) throws {
    scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("chromake-safety-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    outURL = scratch.appendingPathComponent("stdout")
    errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    if let program = launcher.first {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = launcher.dropFirst() + [ChromakeBinary.url.path] + arguments
    } else {
      process.executableURL = ChromakeBinary.url
      process.arguments = arguments
    }
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    for (name, value) in changes { environment[name] = value }
    process.environment = environment
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    // A shell starts a program with no signal blocked, but Process hands on the signal mask of
    // the spawning thread, and the test runner's threads block SIGINT and SIGTERM: a signal
    // sent early would wait unseen. Spawn with an empty mask, as a shell would.
    var empty = sigset_t()
    var saved = sigset_t()
    sigemptyset(&empty)
    pthread_sigmask(SIG_SETMASK, &empty, &saved)
    defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
    try process.run()
  }

  deinit {
    // A test that failed half-way must not leave a render running for a minute.
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: scratch)
  }

  /// Everything written to standard output so far.
  public var stdout: String {
    String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
  }

  /// Everything written to standard error so far.
  public var stderr: String {
    String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
  }

  /// Polls until `condition` holds or `seconds` pass; true when it held.
  public static func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(10_000)
    }
    return condition()
  }

  /// Waits until standard output has a whole line, or the process ends, or `seconds` pass;
  /// true when a line came while the process still runs.
  public func waitForOutputLine(seconds: Double) -> Bool {
    Self.poll(seconds: seconds) { stdout.contains("\n") || !process.isRunning }
      && process.isRunning
  }

  /// Sends `number` to the process.
  public func send(_ number: Int32) {
    kill(process.processIdentifier, number)
  }

  /// Waits up to `seconds` for the process to end, then kills it; how it ended, nil when it
  /// had to be killed.
  public func finish(within seconds: Double) -> Ending? {
    guard Self.poll(seconds: seconds, { !process.isRunning }) else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    process.waitUntilExit()
    return process.terminationReason == .exit
      ? .exit(process.terminationStatus) : .signal(process.terminationStatus)
  }
}

/// A finished `chromake` run that says whether the process exited or died by a signal, which
/// `ToolRun`'s bare status cannot tell apart.
public struct SafetyRun: Sendable {
  public var ending: RunningChromake.Ending
  public var stdout: String
  public var stderr: String

  /// Runs `chromake arguments…` in `directory` to the end (at most `seconds`); throws when it
  /// has to be killed.
  public static func run(_ arguments: [String], in directory: URL, seconds: Double = 300) throws
    -> SafetyRun
  {
    let running = try RunningChromake(arguments, in: directory)
    guard let ending = running.finish(within: seconds) else {
      throw ToolFailure(
        description: "chromake \(arguments.joined(separator: " ")) ran over \(seconds) s:\n"
          + running.stderr)
    }
    return SafetyRun(ending: ending, stdout: running.stdout, stderr: running.stderr)
  }
}

/// Files and folders as a render leaves them.
public enum SafetyFiles {
  /// Every file or folder under `folder`, hidden ones included, relative to it, sorted.
  public static func listing(_ folder: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    return walker.compactMap { $0 as? String }.sorted()
  }

  /// The temporary render outputs (`.<stem>.chromake-<pid>-<token>.partial.<ext>`) under
  /// `folder`, relative to it.
  public static func partials(under folder: URL) -> [String] {
    listing(folder).filter { path in
      let name = (path as NSString).lastPathComponent
      return name.hasPrefix(".") && name.contains(".chromake-") && name.contains(".partial")
    }
  }

  /// Writes a stand-in for an earlier render at `path`: bytes no encoder would write.
  public static func writeEarlierOutput(_ path: String) throws -> Data {
    var bytes = Data("an earlier render that must survive\n".utf8)
    bytes.append(contentsOf: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
    try bytes.write(to: URL(fileURLWithPath: path))
    return bytes
  }

  /// The file's contents, or nil when there is no file.
  public static func contents(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
  }

  /// The inode number, which changes when a file is replaced rather than left alone.
  public static func inode(_ path: String) -> UInt64? {
    var info = stat()
    return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
  }

  /// The number of video frames ffprobe decodes in the movie at `path`.
  public static func decodedFrameCount(_ path: String) throws -> Int? {
    let text = try FFmpegCommand.ffprobe(
      [
        "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
        "-of", "default=noprint_wrappers=1:nokey=1", path,
      ])
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

extension RunningChromake {
  /// Waits up to `seconds` until `count` temporary outputs exist under `folder` (that many
  /// renders are writing), or the process ends; true when they do while it still runs.
  public func waitForPartials(_ count: Int, under folder: URL, seconds: Double = 240) -> Bool {
    Self.poll(seconds: seconds) {
      SafetyFiles.partials(under: folder).count == count || !process.isRunning
    } && process.isRunning
  }

  /// The processes this one started that still run (a batch's workers), read from /proc.
  public var children: [pid_t] {
    Self.livingProcesses().filter { $0.parent == process.processIdentifier }.map(\.pid)
  }

  /// The environment variable `name` of process `pid`, read from /proc; nil when unset.
  public static func environment(_ name: String, of pid: pid_t) -> String? {
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else {
      return nil
    }
    let prefix = Data((name + "=").utf8)
    return data.split(separator: 0).first { $0.starts(with: prefix) }.map {
      String(decoding: $0.dropFirst(prefix.count), as: UTF8.self)
    }
  }

  /// Whether `pid` is a process that has not ended (a zombie has ended).
  public static func isAlive(_ pid: pid_t) -> Bool {
    livingProcesses().contains { $0.pid == pid }
  }

  /// Every process that has not ended, with its parent.
  private static func livingProcesses() -> [(pid: pid_t, parent: pid_t)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name in
      guard let pid = pid_t(name),
        let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      // After "pid (command)": the state, then the parent's pid.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 1, fields[0] != "Z", let parent = pid_t(fields[1]) else { return nil }
      return (pid, parent)
    }
  }
}
