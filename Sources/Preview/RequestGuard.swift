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

  /// Why a request with `hostHeader`, query value `token`, and a browser's `Origin` and
  /// `Sec-Fetch-Site` headers is refused, or `nil` to serve it.
  ///
  /// A page of another site can make the browser ask for `http://127.0.0.1:PORT/frame` (an
  /// image, an event source) with this preview's own `Host`: browsers say so in
  /// `Sec-Fetch-Site: cross-site`, and in an `Origin` that is not the preview's, and such a
  /// request is refused, so no other site can keep the preview drawing or read its events.
  func refusal(
    hostHeader: String?, token given: String?, origin: String? = nil, fetchSite: String? = nil
  ) -> String? {
    if fetchSite?.lowercased() == "cross-site" {
      return "requests from other sites are refused (Sec-Fetch-Site: cross-site)"
    }
    if let origin, origin != "null", !isOwnOrigin(origin) {
      return "requests from other sites are refused (Origin: \(origin.prefix(100)))"
    }
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

  /// Whether `origin` (`http://name:port`) names this preview as a `Host` header would.
  private func isOwnOrigin(_ origin: String) -> Bool {
    guard origin.hasPrefix("http://") else { return false }
    return refusal(hostHeader: String(origin.dropFirst(7)), token: token) == nil
  }

  /// The name in a `Host` header (`name:port`, `[v6]:port`), lower-cased, when its port is
  /// `port` (a browser leaves the port out only for 80).
  static func hostName(_ header: String, port: Int) -> String? {
    guard header.utf8.count <= 255 else { return nil }
    let colon = header.lastIndex(of: ":").flatMap { header[$0...].contains("]") ? nil : $0 }
    guard let colon else { return port == 80 ? bareName(header[...]) : nil }
    guard Int(header[header.index(after: colon)...]) == port else { return nil }
    return bareName(header[..<colon])
  }

  private static func bareName(_ text: Substring) -> String? {
    var name = text
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
