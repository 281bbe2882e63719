import Foundation

/// Who may ask the preview for anything.
///
/// A page on any web site can make a browser send requests to 127.0.0.1, and a name it
/// controls can be made to resolve there (DNS rebinding), so every request must name the
/// preview itself in its `Host` header: loopback, the host it was told to serve on, this
/// machine's name, or an IP address (a rebinding attack needs a name of its own). Served off
/// loopback (`--host`), every request must also carry the token printed in the URL, which
/// nobody else can see.
struct RequestGuard: Sendable {
  /// The port served on, which a `Host` header must name.
  var port: Int
  /// The `--host` name, if any.
  var host: String?
  /// The token requests must carry, when served off loopback.
  var token: String?

  /// A fresh unguessable token: 128 random bits, in hex.
  static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }
      .map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
  }

  /// Why a request with `hostHeader` and query value `token` is refused, or `nil` to serve it.
  func refusal(hostHeader: String?, token given: String?) -> String? {
    guard let hostHeader, let name = Self.hostName(hostHeader, port: port) else {
      return "the Host header must name this preview (127.0.0.1:\(port) or localhost:\(port))"
    }
    let allowed =
      name == "localhost" || name == host?.lowercased() || Self.isAddress(name)
      || name == Self.machine
    guard allowed else {
      return "requests for '\(name)' are refused: this preview serves 127.0.0.1:\(port) only"
    }
    if let token, !Self.sameToken(given ?? "", token) {
      return "this preview needs the token printed with its URL (?token=...)"
    }
    return nil
  }

  /// The name in a `Host` header (`name:port`, `[v6]:port`), lower-cased, when its port is
  /// `port` (a missing port is refused: a browser always sends it for a port other than 80).
  static func hostName(_ header: String, port: Int) -> String? {
    guard header.utf8.count <= 255, let colon = header.lastIndex(of: ":") else { return nil }
    guard Int(header[header.index(after: colon)...]) == port else { return nil }
    var name = header[..<colon]
    if name.hasPrefix("[") && name.hasSuffix("]") { name = name.dropFirst().dropLast() }
    return name.isEmpty ? nil : name.lowercased()
  }

  /// Whether `name` is an IPv4 or IPv6 address, not a name.
  static func isAddress(_ name: String) -> Bool {
    var v4 = in_addr()
    var v6 = in6_addr()
    return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
  }

  /// This machine's name (`gethostname`), read once.
  static let machine = machineName()

  /// This machine's name, lower-cased, without asking any name server.
  static func machineName() -> String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? nil : name.lowercased()
  }

  /// Compares every byte, so the time taken says nothing of how much of a guess was right.
  static func sameToken(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
