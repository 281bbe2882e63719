import Foundation
import TestSupport

/// A real single-node Slurm cluster of this machine, private to one test: munged with a key of
/// its own on a socket of its own, slurmctld and slurmd in the foreground with a generated
/// slurm.conf whose state, spool, logs and pid files are in `folder`, on free ports. None of the
/// machine's own Slurm or munge files is used (no /etc/slurm, /etc/munge or /run/munge, no
/// cgroups), and `stop()` (also run by `deinit`) kills every process the cluster started, jobs
/// included.
public final class SlurmCluster {
  /// The programs the cluster needs: Debian 12's slurm-wlm (slurmctld, slurmd, slurm-client)
  /// and munge.
  public static let programs = [
    "munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo", "scontrol", "scancel",
  ]

  /// The folders searched for them: `PATH`, then the sbin folders a non-login `PATH` may lack.
  public static let searchPath: [String] = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin", "/usr/local/sbin"]
  }()

  /// This process's environment without Slurm's variables (a test run inside a Slurm job has
  /// them, and sbatch takes SBATCH_* as options): the cluster's commands hear only this
  /// cluster's.
  public static var inherited: [String: String] {
    ProcessInfo.processInfo.environment.filter { name, _ in
      !["SLURM_", "SBATCH_", "SALLOC_", "SRUN_", "SQUEUE_", "SINFO_", "SCONTROL_"].contains {
        name.hasPrefix($0)
      }
    }
  }

  /// Where `program` is, or nil.
  public static func find(_ program: String) -> String? {
    searchPath.lazy.map { "\($0)/\(program)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Where `program` is; throws if it is not installed.
  public static func located(_ program: String) throws -> String {
    guard let path = find(program) else { throw ToolFailure(description: "no \(program)") }
    return path
  }

  /// The programs that are missing.
  public static var missing: [String] { programs.filter { find($0) == nil } }

  /// True when a cluster can be started here: every program is installed and this process is
  /// root (slurmd starts jobs as their user, so it must be root; SlurmUser is root too).
  public static var canStart: Bool { missing.isEmpty && getuid() == 0 }

  public let folder: URL
  /// The generated slurm.conf.
  public let conf: String
  /// This machine's short host name, the node's name.
  public let host: String
  /// The environment that points Slurm's commands at this cluster.
  public let environment: [String: String]
  private var daemons: [Daemon] = []
  private var stopped = false

  /// Starts the cluster in `folder` and waits (at most `seconds`) until its node is idle.
  public init(in folder: URL, seconds: Double = 20) throws {
    self.folder = folder
    conf = folder.appendingPathComponent("slurm.conf").path
    host = Self.shortHostName()
    environment = [
      "SLURM_CONF": conf,
      "PATH": Self.searchPath.joined(separator: ":"),
    ]
    for name in ["munge", "state", "spool", "log"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    do {
      try startMunge()
      try writeConf()
      try start("slurmctld", ["-D", "-i", "-f", conf], log: "slurmctld.out")
      try start("slurmd", ["-D", "-N", host, "-f", conf], log: "slurmd.out")
      try waitForIdleNode(seconds: seconds)
    } catch {
      stop()
      throw error
    }
  }

  deinit { stop() }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// munged with a fresh random key, on a socket in the folder.
  private func startMunge() throws {
    var key = [UInt8](repeating: 0, count: 1024)
    for i in key.indices { key[i] = UInt8.random(in: 0...255) }
    let keyPath = path("munge/munge.key")
    try Data(key).write(to: URL(fileURLWithPath: keyPath))
    chmod(keyPath, 0o400)
    try start(
      "munged",
      [
        "-F", "--force", "--key-file=\(keyPath)", "--socket=\(path("munge/munge.socket"))",
        "--pid-file=\(path("munge/munged.pid"))", "--seed-file=\(path("munge/munged.seed"))",
        "--log-file=\(path("log/munged.log"))",
      ], log: "munged.out")
    try waitFor("munged's socket", seconds: 5) {
      FileManager.default.fileExists(atPath: path("munge/munge.socket"))
    }
  }

  /// One node, this machine, declared with 16 CPUs and 32 GiB (the examples' requests; config
  /// overrides keeps slurmd from draining a node smaller than declared), process tracking
  /// without cgroups, and a dependency that can never be met cancels its job, so the queue
  /// always drains.
  private func writeConf() throws {
    let controllerPort = try Self.freePort()
    var nodePort = try Self.freePort()
    while nodePort == controllerPort { nodePort = try Self.freePort() }
    let text = """
      ClusterName=chromaketest
      SlurmctldHost=\(host)(127.0.0.1)
      SlurmctldPort=\(controllerPort)
      SlurmdPort=\(nodePort)
      SlurmUser=root
      SlurmdUser=root
      AuthType=auth/munge
      CredType=cred/munge
      AuthInfo=socket=\(path("munge/munge.socket"))
      StateSaveLocation=\(path("state"))
      SlurmdSpoolDir=\(path("spool"))
      SlurmctldPidFile=\(path("slurmctld.pid"))
      SlurmdPidFile=\(path("slurmd.pid"))
      SlurmctldLogFile=\(path("log/slurmctld.log"))
      SlurmdLogFile=\(path("log/slurmd.log"))
      ProctrackType=proctrack/linuxproc
      TaskPlugin=task/none
      JobAcctGatherType=jobacct_gather/none
      AccountingStorageType=accounting_storage/none
      JobCompType=jobcomp/none
      SelectType=select/cons_tres
      SelectTypeParameters=CR_CPU_Memory
      SchedulerParameters=kill_invalid_depend
      SlurmdParameters=config_overrides
      MpiDefault=none
      SwitchType=switch/none
      ReturnToService=2
      MessageTimeout=5
      MailProg=/bin/true
      NodeName=\(host) NodeAddr=127.0.0.1 CPUs=16 RealMemory=32768 State=UNKNOWN
      PartitionName=test Nodes=\(host) Default=YES MaxTime=INFINITE State=UP

      """
    try text.write(toFile: conf, atomically: true, encoding: .utf8)
  }

  /// A daemon started by `start`: its process id, and its exit status once reaped.
  private final class Daemon {
    let pid: pid_t
    var ended = false
    init(pid: pid_t) { self.pid = pid }

    /// Reaps it if it has ended; true while it runs.
    var isRunning: Bool {
      guard !ended else { return false }
      var status: Int32 = 0
      ended = waitpid(pid, &status, WNOHANG) == pid
      return !ended
    }
  }

  /// Starts a daemon in the foreground, its output going to `log/name`, with posix_spawn
  /// rather than Foundation's Process: Process sees a child end when a socket the child
  /// inherits closes, and these daemons close every file they inherit as they start; Process
  /// would then wait for them on the queue that sees every other child end, and every later
  /// command would seem to run forever. Spawned with no signal blocked (the test runner's
  /// threads block SIGINT and SIGTERM, and a child inherits that) and no file of this process
  /// but the log.
  private func start(_ program: String, _ arguments: [String], log: String) throws {
    let executable = try Self.located(program)
    let logPath = path("log/\(log)")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    Self.closeOthers(&actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    var all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp =
      Self.inherited.merging(environment) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard code == 0 else {
      throw ToolFailure(description: "cannot start \(program): \(String(cString: strerror(code)))")
    }
    daemons.append(Daemon(pid: pid))
  }

  /// Closes in the child every file descriptor above 2 (glibc's closefrom action, found at run
  /// time as Swift does not import it; else those open now), so that no daemon holds a pipe or
  /// socket of a command another test is running.
  private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) {
    typealias CloseFrom =
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32)
      -> Int32
    if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
      _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
      return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap({ Int32($0) }) where fd > 2 {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
  }

  private func waitForIdleNode(seconds: Double) throws {
    try waitFor("node \(host) to be idle", seconds: seconds) {
      guard daemons.allSatisfy(\.isRunning) else {
        throw ToolFailure(description: "a Slurm daemon ended at start:\n\(logs())")
      }
      let run = try self.run("sinfo", ["-h", "-o", "%T", "-n", host], seconds: 10)
      return run.status == 0 && run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "idle"
    }
  }

  /// Polls `condition` every 0.2 s for at most `seconds`; throws, with the daemons' logs, if it
  /// never held.
  public func waitFor(_ what: String, seconds: Double, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      if try condition() { return }
      guard Date() < deadline else {
        throw ToolFailure(description: "gave up after \(seconds) s waiting for \(what)\n\(logs())")
      }
      usleep(200_000)
    }
  }

  /// Runs a Slurm command (or any program) against this cluster in `directory`, with
  /// `extra` added to the environment, killing it after `seconds`: a client that cannot reach
  /// its controller retries, and a test must never hang.
  public func run(
    _ program: String, _ arguments: [String], in directory: URL? = nil,
    environment extra: [String: String] = [:], seconds: Double
  ) throws -> Finished {
    let process = Process()
    process.executableURL = URL(
      fileURLWithPath: program.hasPrefix("/") ? program : try Self.located(program))
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? folder
    process.environment = Self.inherited.merging(environment) { $1 }.merging(extra) { $1 }
    let scratch = folder.appendingPathComponent("run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let (outURL, errURL) = (
      scratch.appendingPathComponent("stdout"), scratch.appendingPathComponent("stderr")
    )
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    let timedOut = process.isRunning
    if timedOut {
      kill(process.processIdentifier, SIGKILL)
      let grace = Date().addingTimeInterval(5)
      while process.isRunning && Date() < grace { usleep(20_000) }
      guard !process.isRunning else {
        throw ToolFailure(description: "\(program) did not end when killed")
      }
    }
    var stderr = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
    if timedOut { stderr += "\n(killed after \(seconds) s)" }
    return Finished(
      status: timedOut ? 124 : process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self), stderr: stderr)
  }

  /// A command that ended (or was killed): its status, 124 if killed, and what it printed.
  public struct Finished: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
  }

  /// The last lines of every daemon's log, for a failure's message.
  public func logs(lines: Int = 25) -> String {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: path("log")))?.sorted() ?? []
    return names.map { name in
      let text = (try? String(contentsOfFile: path("log/\(name)"), encoding: .utf8)) ?? ""
      let tail = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines)
      return "--- \(name):\n" + tail.joined(separator: "\n")
    }.joined(separator: "\n")
  }

  /// Cancels every job, stops the daemons (SIGTERM, then SIGKILL after 3 s), then kills any
  /// process left with this cluster's slurm.conf in its environment: slurmstepd and the jobs'
  /// processes, which Slurm starts detached from slurmd. Safe to call twice.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    if daemons.count == 3 {
      _ = try? run("scancel", ["--user=root"], seconds: 5)
    }
    for daemon in daemons.reversed() where daemon.isRunning { kill(daemon.pid, SIGTERM) }
    let deadline = Date().addingTimeInterval(3)
    while daemons.contains(where: \.isRunning) && Date() < deadline { usleep(50_000) }
    for daemon in daemons where daemon.isRunning {
      kill(daemon.pid, SIGKILL)
      var status: Int32 = 0
      waitpid(daemon.pid, &status, 0)
    }
    for pid in Self.processes(withEnvironment: "SLURM_CONF=\(conf)") {
      kill(pid, SIGKILL)
    }
  }

  /// The ids of this user's processes whose environment holds `entry` exactly.
  public static func processes(withEnvironment entry: String) -> [pid_t] {
    let wanted = Array(entry.utf8)
    let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return ids.compactMap { pid_t($0) }.filter { pid in
      guard pid != getpid(),
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ")
      else { return false }
      return data.split(separator: 0).contains { Array($0) == wanted }
    }
  }

  /// A TCP port no one listens on now, from the kernel.
  public static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ToolFailure(description: "socket: \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw ToolFailure(description: "bind: \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// This machine's host name up to its first dot, as slurmctld and slurmd compare it.
  public static func shortHostName() -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    gethostname(&buffer, buffer.count - 1)
    let name = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    return String(name.split(separator: ".").first ?? Substring(name))
  }
}
