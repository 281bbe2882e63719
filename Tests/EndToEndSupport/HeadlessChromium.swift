import Foundation

/// A headless Chromium driven over the DevTools protocol, for tests of the preview page in a
/// real browser: one page, navigated, asked to evaluate JavaScript, and photographed.
///
/// The protocol goes over `--remote-debugging-pipe` (the browser reads commands on file
/// descriptor 3 and writes replies on 4, each message a JSON object ended by a NUL byte), so no
/// port is opened and no other process can talk to the browser. A thread of its own reads the
/// replies; every wait has a deadline and throws, naming what was awaited, instead of hanging.
/// The browser and the processes it starts share a process group of their own, killed whole on
/// `close()` or when the driver is released.
public final class HeadlessChromium: @unchecked Sendable {
  /// A browser that could not start, a command it refused, or a wait that ran out of time.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  private let pid: pid_t
  private let commands: Int32
  private let profile: URL
  // The reader thread holds the inbox, not the driver, so releasing the driver still kills the
  // browser (which ends the thread).
  private let inbox = Inbox()
  private let lock = NSLock()
  // Guarded by `lock`.
  private var nextID = 0
  private var closed = false
  private var session = ""

  /// The browser: `$CHROMIUM` (as `RenderSegmentPlaybackTests` takes it), or `chromium` or
  /// `chromium-browser` on `PATH` (Debian's `chromium`, which `scripts/install-deps` installs).
  public static func executable() throws -> String {
    if let path = ProcessInfo.processInfo.environment["CHROMIUM"] { return path }
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    for name in ["chromium", "chromium-browser"] {
      for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)")
      {
        return "\(folder)/\(name)"
      }
    }
    throw Failure(description: "no chromium on PATH: scripts/install-deps installs Debian's")
  }

  /// Starts the browser with a fresh profile and a `width`×`height` page at device scale 1,
  /// so a screenshot's pixels are the page's CSS pixels.
  public init(width: Int = 1280, height: Int = 900, startSeconds: Double = 30) throws {
    // A write to the pipe of a browser that has died must fail with EPIPE, not end the tests.
    signal(SIGPIPE, SIG_IGN)
    profile = FileManager.default.temporaryDirectory
      .appendingPathComponent("chromake-chromium-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
    let program = try Self.executable()
    let (toBrowser, fromBrowser) = try (Self.pipe(), Self.pipe())
    commands = toBrowser.write
    var spawned: pid_t = 0
    do {
      spawned = try Self.spawn(
        program,
        [
          "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
          "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
          "--no-first-run", "--no-default-browser-check", "--disable-extensions",
          "--disable-background-networking", "--disable-sync", "--mute-audio",
          "--hide-scrollbars", "about:blank",
        ], reading: toBrowser.read, writing: fromBrowser.write,
        errors: profile.appendingPathComponent("stderr.txt").path)
    } catch {
      for fd in [toBrowser.read, toBrowser.write, fromBrowser.read, fromBrowser.write] {
        Glibc.close(fd)
      }
      try? FileManager.default.removeItem(at: profile)
      throw error
    }
    pid = spawned
    // The browser's ends are its own now; holding them here would hide its exit from the reader.
    Glibc.close(toBrowser.read)
    Glibc.close(fromBrowser.write)
    let (inbox, replies) = (inbox, fromBrowser.read)
    let thread = Thread { inbox.read(replies) }
    thread.name = "chromium replies"
    thread.start()
    try openPage(width: width, height: height, seconds: startSeconds)
  }

  deinit { close() }

  /// Kills the browser and every process it started, and removes its profile.
  public func close() {
    lock.lock()
    let already = closed
    closed = true
    lock.unlock()
    guard !already else { return }
    kill(-pid, SIGKILL)
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    Glibc.close(commands)
    try? FileManager.default.removeItem(at: profile)
  }

  /// Loads `address` in the page and waits for its load event.
  public func navigate(to address: String, seconds: Double = 15) throws {
    let mark = inbox.eventMark()
    let result = try send("Page.navigate", ["url": address], seconds: seconds)
    if let error = result["errorText"] as? String {
      throw Failure(description: "chromium could not load \(address): \(error)")
    }
    try inbox.waitForEvent("Page.loadEventFired", after: mark, seconds: seconds)
  }

  /// The value of `expression` in the page (a promise is awaited), as JSON makes it: strings,
  /// numbers, booleans, arrays and dictionaries. An exception thrown by it is thrown here.
  @discardableResult
  public func evaluate(_ expression: String, seconds: Double = 10) throws -> Any? {
    let reply = try send(
      "Runtime.evaluate",
      ["expression": expression, "returnByValue": true, "awaitPromise": true], seconds: seconds)
    if let details = reply["exceptionDetails"] as? [String: Any] {
      let exception = (details["exception"] as? [String: Any])?["description"] as? String
      throw Failure(
        description: "\(expression) threw: \(exception ?? (details["text"] as? String ?? "?"))")
    }
    return (reply["result"] as? [String: Any])?["value"]
  }

  /// Polls `condition` (a JavaScript expression) every 25 ms until it is true, for at most
  /// `seconds`; past that, throws with `message` and the value of `describing` then.
  public func wait(
    until condition: String, seconds: Double, _ message: String, describing: String? = nil
  ) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      if try evaluate("Boolean(\(condition))") as? Bool == true { return }
      if Date() > deadline { break }
      usleep(25_000)
    }
    let state = try describing.map { try evaluate($0) }.map { "\($0 ?? "nil")" } ?? ""
    throw Failure(
      description: "after \(seconds) s, still not \(condition): \(message)"
        + (state.isEmpty ? "" : "\n\(state)"))
  }

  /// Presses and releases a key as a person would (`key` and `code` as a KeyboardEvent names
  /// them, `keyCode` the Windows virtual key code), with Shift held when `shift`.
  public func press(key: String, code: String, keyCode: Int, shift: Bool = false) throws {
    for type in ["keyDown", "keyUp"] {
      try send(
        "Input.dispatchKeyEvent",
        [
          "type": type, "key": key, "code": code, "windowsVirtualKeyCode": keyCode,
          "modifiers": shift ? 8 : 0,
        ])
    }
  }

  /// Clicks the left mouse button at (`x`, `y`) in the page's CSS pixels, as a person would.
  public func click(x: Double, y: Double) throws {
    for type in ["mouseMoved", "mousePressed", "mouseReleased"] {
      try send(
        "Input.dispatchMouseEvent",
        [
          "type": type, "x": x, "y": y, "button": "left", "buttons": type == "mousePressed" ? 1 : 0,
          "clickCount": 1,
        ])
    }
  }

  /// A PNG of what the page shows.
  public func screenshot(seconds: Double = 15) throws -> Data {
    let reply = try send("Page.captureScreenshot", ["format": "png"], seconds: seconds)
    guard let text = reply["data"] as? String, let png = Data(base64Encoded: text) else {
      throw Failure(description: "Page.captureScreenshot gave no picture: \(reply)")
    }
    return png
  }

  /// Sends `method` with `params` (to the page, once one is open) and returns its result.
  @discardableResult
  public func send(_ method: String, _ params: [String: Any] = [:], seconds: Double = 10)
    throws -> [String: Any]
  {
    lock.lock()
    nextID += 1
    let id = nextID
    let target = session
    lock.unlock()
    var message: [String: Any] = ["id": id, "method": method, "params": params]
    if !target.isEmpty { message["sessionId"] = target }
    var bytes = try JSONSerialization.data(withJSONObject: message)
    bytes.append(0)
    try write(bytes)
    let reply: [String: Any]
    do {
      reply = try inbox.awaitAnswer(id, method: method, seconds: seconds)
    } catch let failure as Failure {
      throw Failure(description: "\(failure.description)\n\(browserErrors())")
    }
    if let error = reply["error"] as? [String: Any] {
      throw Failure(description: "chromium refused \(method): \(error["message"] ?? error)")
    }
    return reply["result"] as? [String: Any] ?? [:]
  }

  // MARK: - The page

  private func openPage(width: Int, height: Int, seconds: Double) throws {
    let target = try send("Target.createTarget", ["url": "about:blank"], seconds: seconds)
    guard let targetID = target["targetId"] as? String else {
      throw Failure(description: "Target.createTarget gave no target: \(target)")
    }
    let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
    guard let sessionID = attached["sessionId"] as? String else {
      throw Failure(description: "Target.attachToTarget gave no session: \(attached)")
    }
    lock.lock()
    session = sessionID
    lock.unlock()
    try send("Page.enable")
    try send("Runtime.enable")
    try send(
      "Emulation.setDeviceMetricsOverride",
      ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
  }

  // MARK: - The pipe

  private func write(_ bytes: Data) throws {
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(commands, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw Failure(description: "chromium stopped reading commands: \(browserErrors())")
        }
        offset += written
      }
    }
  }

  /// The end of what the browser wrote to standard error, for a failure's message.
  private func browserErrors() -> String {
    let path = profile.appendingPathComponent("stderr.txt")
    let text = (try? String(contentsOf: path, encoding: .utf8)) ?? ""
    return String(text.suffix(2000))
  }

  // MARK: - Starting the process

  /// A pipe whose descriptors are above the ones the browser needs (3 and 4) and close on
  /// exec, so the browser gets exactly the two `spawn` puts in place.
  private static func pipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    // (Glibc's pipe2 is not visible to Swift: the originals are open without close-on-exec
    // only until they are duplicated, a moment in which another test's child could inherit
    // them, which would at worst delay the reader's end-of-file until that child ends.)
    guard Glibc.pipe(&fds) == 0 else {
      throw Failure(description: "pipe failed: errno \(errno)")
    }
    let high = fds.map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
    for fd in fds { Glibc.close(fd) }
    guard high.allSatisfy({ $0 >= 0 }) else {
      throw Failure(description: "fcntl(F_DUPFD_CLOEXEC) failed: errno \(errno)")
    }
    return (high[0], high[1])
  }

  private static func spawn(
    _ program: String, _ arguments: [String], reading: Int32, writing: Int32, errors: String
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    // Chromium prints harmless complaints (no D-Bus here); kept for a failure's message.
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, reading, 3)
    posix_spawn_file_actions_adddup2(&actions, writing, 4)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A process group of its own, killed whole; no signal blocked, as a shell would start it
    // (the test runner's threads block some, and a child inherits the spawning thread's mask).
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setpgroup(&attributes, 0)
    // SIGPIPE, ignored here (see init), is the default again in the browser.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, program, &actions, &attributes, argv, environ)
    guard result == 0 else {
      throw Failure(description: "cannot start \(program): error \(result)")
    }
    return pid
  }
}

/// What the browser wrote back: answers by their command's id, and events in order, filled by
/// the reader thread and waited on, each wait with a deadline.
private final class Inbox: @unchecked Sendable {
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var answers: [Int: [String: Any]] = [:]
  private var events: [[String: Any]] = []
  private var ended: String?

  /// Reads NUL-ended JSON messages from `fd` until the browser closes it.
  func read(_ fd: Int32) {
    var pending = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = Glibc.read(fd, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      pending.append(contentsOf: buffer[0..<count])
      while let end = pending.firstIndex(of: 0) {
        let message = pending[pending.startIndex..<end]
        pending = Data(pending[(end + 1)...])
        guard
          let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any]
        else { continue }
        condition.lock()
        if let id = object["id"] as? Int {
          answers[id] = object
        } else {
          events.append(object)
        }
        condition.broadcast()
        condition.unlock()
      }
    }
    Glibc.close(fd)
    condition.lock()
    ended = "chromium closed its end of the pipe"
    condition.broadcast()
    condition.unlock()
  }

  func awaitAnswer(_ id: Int, method: String, seconds: Double) throws -> [String: Any] {
    let deadline = Date().addingTimeInterval(seconds)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let answer = answers.removeValue(forKey: id) { return answer }
      if let ended { throw HeadlessChromium.Failure(description: "\(method): \(ended)") }
      if !condition.wait(until: deadline) {
        throw HeadlessChromium.Failure(
          description: "\(method): no answer from chromium within \(seconds) s")
      }
    }
  }

  func eventMark() -> Int {
    condition.lock()
    defer { condition.unlock() }
    return events.count
  }

  func waitForEvent(_ method: String, after mark: Int, seconds: Double) throws {
    let deadline = Date().addingTimeInterval(seconds)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if events[mark...].contains(where: { $0["method"] as? String == method }) { return }
      if let ended {
        throw HeadlessChromium.Failure(description: "waiting for \(method): \(ended)")
      }
      if !condition.wait(until: deadline) {
        throw HeadlessChromium.Failure(
          description: "no \(method) from chromium within \(seconds) s")
      }
    }
  }
}
