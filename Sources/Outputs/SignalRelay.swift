import Dispatch
import Foundation

/// The process's one pair of dispatch signal sources for SIGINT and SIGTERM, handing each
/// signal to the interrupt watches that are running.
///
/// The sources are made once and never cancelled, because on Linux libdispatch installs the
/// handler that forwards a signal to its signalfd only for the first source of each signal in
/// the process. The relay records that routing disposition once and switches between it (some
/// watch running) and the disposition found at start (none running, normally the default).
/// Nothing here runs inside a real signal handler: event handlers run on an ordinary queue.
final class SignalRelay: @unchecked Sendable {
  /// The signals a watch catches.
  static let watched: [Int32] = [SIGINT, SIGTERM]

  /// The relay, made (and its sources registered) on first use.
  static let shared = SignalRelay()

  /// A signal's disposition, as far as tests need to know it.
  enum Disposition: Equatable {
    case standard
    case ignored
    case handled
  }

  private let queue = DispatchQueue(label: "chromake.interrupts")
  private var sources: [any DispatchSourceSignal] = []
  // Only listener bookkeeping and the sigaction switches happen under the lock, so the event
  // handler never waits long for it.
  private let lock = NSLock()
  private var original: [Int32: sigaction] = [:]
  private var routing: [Int32: sigaction] = [:]
  private var listeners: [UInt64: InterruptState] = [:]
  private var nextID: UInt64 = 0
  /// True until the first watch is added. A signal sent while the sources register waits,
  /// blocked, and libdispatch's signalfd may read it before that watch is in the list: it is
  /// held here for that watch rather than taken for one sent with no watch running.
  private var awaitingFirstWatch = true
  private var held: [Int32] = []

  private init() {
    // The caller blocks the watched signals on its thread until its watch is added (see
    // `InterruptWatch`), so a signal sent while the sources register waits, pending, and
    // reaches that watch (held in `held` if the sources read it first): neither lost nor
    // fatal.
    for number in Self.watched {
      original[number] = Self.currentAction(number)
      #if os(macOS)
        // kqueue reports a signal even when it is ignored: on macOS this is the whole setup.
        signal(number, SIG_IGN)
      #endif
    }
    let registered = DispatchGroup()
    for number in Self.watched {
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { [self] in deliver(number) }
      registered.enter()
      source.setRegistrationHandler { registered.leave() }
      source.resume()
      sources.append(source)
    }
    // Registration is asynchronous; libdispatch installs its forwarding handler during it.
    _ = registered.wait(timeout: .now() + 5)
    for number in Self.watched {
      var action = Self.currentAction(number)
      routing[number] = action
      action = original[number]!
      sigaction(number, &action, nil)
    }
  }

  /// Routes the watched signals to `listener` (and any other running watch) until `remove`.
  func add(_ listener: InterruptState) -> UInt64 {
    let (id, early) = lock.withLock {
      if listeners.isEmpty {
        install(routing)
      }
      nextID += 1
      listeners[nextID] = listener
      awaitingFirstWatch = false
      defer { held = [] }
      return (nextID, held)
    }
    for number in early {
      listener.receive(number)
    }
    return id
  }

  /// Stops routing to the listener `id`; when it was the last, restores the dispositions found
  /// before the first watch. Removing twice does nothing.
  func remove(_ id: UInt64) {
    lock.withLock {
      guard listeners.removeValue(forKey: id) != nil, listeners.isEmpty else { return }
      install(original)
    }
  }

  private func install(_ actions: [Int32: sigaction]) {
    for (number, action) in actions {
      var action = action
      sigaction(number, &action, nil)
    }
  }

  private func deliver(_ number: Int32) {
    let current: [InterruptState]? = lock.withLock {
      if awaitingFirstWatch {
        held.append(number)
        return nil
      }
      return Array(listeners.values)
    }
    guard let current else { return }
    // A signal that arrives after the last watch stopped (held back by a thread's signal mask
    // until the source read it) gets the action the user expects from it.
    guard !current.isEmpty else { Self.terminate(by: number) }
    for listener in current {
      listener.receive(number)
    }
  }

  /// Deletes pending temporary outputs, then ends the process by `number` with its default
  /// action, so the parent sees a death by that signal (exit status 128 + number in a shell).
  static func terminate(by number: Int32) -> Never {
    PendingOutputs.shared.discardAll()
    signal(number, SIG_DFL)
    // libdispatch blocks signals on its threads, this one included; raise would wait forever.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(number)
    _exit(128 + number)
  }

  /// Whether `number` is now at its default action, ignored, or handled.
  static func disposition(of number: Int32) -> Disposition {
    let action = currentAction(number)
    #if os(Linux)
      let handler = action.__sigaction_handler.sa_handler
    #else
      let handler = action.__sigaction_u.__sa_handler
    #endif
    switch unsafeBitCast(handler, to: Int.self) {
    case unsafeBitCast(SIG_DFL, to: Int.self): return .standard
    case unsafeBitCast(SIG_IGN, to: Int.self): return .ignored
    default: return .handled
    }
  }

  private static func currentAction(_ number: Int32) -> sigaction {
    var action = sigaction()
    sigaction(number, nil, &action)
    return action
  }
}
