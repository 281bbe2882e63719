import FlyingFox
import FlyingSocks
import Foundation
public import GPU

/// `chromake preview`'s server: plans the project, follows saves of every file it reads, and
/// answers the page and any other client over HTTP until the process is stopped.
public struct PreviewServer: Sendable {
  /// Where to listen.
  public struct Listening: Sendable {
    /// An address to serve on instead of loopback (`--host`); then a token guards every request.
    public var host: String?
    /// The port; 0 picks a free one.
    public var port: UInt16

    public init(host: String?, port: UInt16) {
      self.host = host
      self.port = port
    }

    /// Whether `text` is an IPv4 or IPv6 address (what `--host` takes), not a name.
    public static func isAddress(_ text: String) -> Bool { RequestGuard.isAddress(text) }
  }

  private let project: PreviewProject
  private let listening: Listening
  private let makeContext: @Sendable () throws -> GPUContext
  private let onAttempt: @Sendable (PreviewOpening) -> Void

  /// A server for `project`; `makeContext` makes the GPU context frames are drawn with (on the
  /// drawing thread, when the first frame is asked for), and `onAttempt` hears each plan's
  /// outcome (the command prints its diagnostics).
  public init(
    project: PreviewProject, listening: Listening,
    makeContext: @escaping @Sendable () throws -> GPUContext,
    onAttempt: @escaping @Sendable (PreviewOpening) -> Void
  ) {
    self.project = project
    self.listening = listening
    self.makeContext = makeContext
    self.onAttempt = onAttempt
  }

  /// Plans, starts listening, calls `onListening` with the URL to open, and serves until the
  /// process ends. Throws when the address cannot be listened on.
  public func run(onListening: @escaping @Sendable (_ url: String, _ watching: Bool) -> Void)
    async throws
  {
    let state = PreviewState()
    let planner = PreviewPlanner(project: project, state: state, onAttempt: onAttempt)
    planner.planOnce()
    planner.follow()
    Self.allowAllDescriptors()
    let address = try Self.address(listening.host, port: listening.port)
    let token = listening.host == nil ? nil : RequestGuard.makeToken()
    let host = listening.host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? "127.0.0.1"
    // The guard needs the port the system picked; the handler reads it once listening.
    let port = PortBox()
    let routes = PreviewRoutes(
      state: state, drawer: FrameDrawer(makeContext: makeContext), host: listening.host,
      token: token, port: port)
    let server = HTTPServer(
      config: .init(address: address, timeout: 600, logger: .disabled), handler: routes)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        var serving = server
        while true {
          do {
            try await serving.run()
            return
          } catch let error as SocketError {
            let bound = port.value
            guard bound != 0 else {
              throw ListenFailure(address: "\(host):\(listening.port)", error: error)
            }
            // FlyingFox stops accepting on any error from accept (out of file descriptors, a
            // connection reset before it was taken): a preview that has listened serves again
            // on its port, so a flood of connections costs the connections, not the preview.
            try await Task.sleep(for: .milliseconds(200))
            let again = HTTPServer(
              config: .init(
                address: try Self.address(listening.host, port: UInt16(bound)), timeout: 600,
                logger: .disabled), handler: routes)
            serving = again
            Task {
              try? await again.waitUntilListening(timeout: 30)
              ListeningSocket.sendAtOnce(port: bound)
            }
          }
        }
      }
      group.addTask {
        try await server.waitUntilListening(timeout: 30)
        let bound = await Self.port(of: server.listeningAddress) ?? Int(listening.port)
        port.set(bound)
        ListeningSocket.sendAtOnce(port: bound)
        onListening(
          "http://\(host):\(bound)/" + (token.map { "?token=\($0)" } ?? ""), planner.isWatching)
      }
      group.addTask {
        while true {
          try await Task.sleep(for: .seconds(15))
          state.ping()
        }
      }
      // Serves until the process ends; a port that cannot be listened on ends it at once.
      while try await group.next() != nil {}
    }
  }

  /// `host` (loopback when `nil`) and `port` as a socket address.
  private static func address(_ host: String?, port: UInt16) throws -> any SocketAddress {
    guard let host else { return try sockaddr_in.inet(ip4: "127.0.0.1", port: port) }
    if host.contains(":") { return try sockaddr_in6.inet6(ip6: host, port: port) }
    return try sockaddr_in.inet(ip4: host, port: port)
  }

  /// Raises the limit on open files to the most the system allows this process: each page's
  /// event stream and each kept-alive connection holds one, besides the decoders' files.
  private static func allowAllDescriptors() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max
    else { return }
    limit.rlim_cur = limit.rlim_max
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }

  private static func port(of address: Socket.Address?) -> Int? {
    switch address {
    case .ip4(_, let port), .ip6(_, let port): Int(port)
    default: nil
    }
  }
}

/// The server could not listen: the address, and the system's reason.
public struct ListenFailure: Error, CustomStringConvertible {
  public var address: String
  var error: SocketError

  public var description: String {
    if case .failed(_, let code, let message) = error {
      let hint =
        code == EADDRINUSE ? " (another program uses the port: choose another --port, or 0)" : ""
      return "cannot listen on \(address): \(message)\(hint)"
    }
    return "cannot listen on \(address): \(error.localizedDescription)"
  }
}
