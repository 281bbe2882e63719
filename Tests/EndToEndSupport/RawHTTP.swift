import Foundation
import TestSupport

/// One HTTP response as a client reads it off the socket.
public struct HTTPReply: Sendable {
  public var status: Int
  /// Header names lower-cased.
  public var headers: [String: String]
  public var body: [UInt8]

  /// The body as text.
  public var text: String { String(decoding: body, as: UTF8.self) }
}

/// A bare HTTP/1.1 client over a TCP socket to 127.0.0.1: it sends exactly the bytes a test
/// gives it (a foreign `Host`, a broken request line), so hostile requests can be made as an
/// attacker makes them, which no HTTP library would send.
public enum RawHTTP {
  /// `GET target` with `Host: 127.0.0.1:port` (or `host`), `headers` (whole lines) and
  /// `Connection: close`.
  public static func get(
    _ target: String, port: Int, host: String? = nil, method: String = "GET",
    headers: [String] = []
  ) throws -> HTTPReply {
    let request =
      "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
      + headers.map { $0 + "\r\n" }.joined() + "Connection: close\r\n\r\n"
    guard let reply = try send(Array(request.utf8), port: port) else {
      throw ToolFailure(description: "the server closed the connection without answering")
    }
    return reply
  }

  /// Sends `bytes` and reads the response until the server closes the connection; `nil` when
  /// it closes without answering. With `halfClose`, says it will send no more once `bytes` are
  /// sent, so a server waiting for the rest of a truncated request sees that it ends there.
  public static func send(
    _ bytes: [UInt8], port: Int, timeout: Duration = .seconds(60), halfClose: Bool = false
  ) throws -> HTTPReply? {
    let socket = try connect(port: port, timeout: timeout)
    defer { close(socket) }
    var sent = 0
    while sent < bytes.count {
      let n = bytes[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
      // The server may close a connection it refuses before reading all of it.
      guard n > 0 else { break }
      sent += n
    }
    if halfClose { shutdown(socket, Int32(SHUT_WR)) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      guard n > 0 else { break }
      received += buffer[0..<n]
    }
    return try parse(received)
  }

  /// A connected socket to 127.0.0.1:`port` whose reads give up after `timeout`.
  public static func connect(port: Int, timeout: Duration) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw ToolFailure(description: "socket() failed") }
    var wait = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      throw ToolFailure(description: "cannot connect to 127.0.0.1:\(port)")
    }
    return socket
  }

  /// A whole response: status line, headers, and a body by `Content-Length` or chunked.
  static func parse(_ bytes: [UInt8]) throws -> HTTPReply? {
    guard !bytes.isEmpty else { return nil }
    guard let end = headerEnd(bytes) else {
      throw ToolFailure(description: "a response without the end of its headers")
    }
    let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let statusParts = head[0].split(separator: " ")
    guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
      throw ToolFailure(description: "a bad status line: \(head[0])")
    }
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    var body = Array(bytes[(end + 4)...])
    if headers["transfer-encoding"] == "chunked" { body = ChunkedBody.decode(body).bytes }
    return HTTPReply(status: status, headers: headers, body: body)
  }

  static func headerEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for i in 0...(bytes.count - 4)
    where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
      return i
    }
    return nil
  }
}

/// A chunked body's chunks joined, as far as the bytes given hold whole chunks.
enum ChunkedBody {
  static func decode(_ bytes: [UInt8]) -> (bytes: [UInt8], consumed: Int) {
    var out: [UInt8] = []
    var at = 0
    while true {
      guard let lineEnd = indexOfCRLF(bytes, from: at) else { break }
      let sizeText = String(decoding: bytes[at..<lineEnd], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";")[0], radix: 16) else { break }
      let start = lineEnd + 2
      guard size > 0 else { return (out, bytes.count) }
      guard start + size + 2 <= bytes.count else { break }
      out += bytes[start..<(start + size)]
      at = start + size + 2
    }
    return (out, at)
  }

  static func indexOfCRLF(_ bytes: [UInt8], from: Int) -> Int? {
    var i = from
    while i + 1 < bytes.count {
      if bytes[i] == 13 && bytes[i + 1] == 10 { return i }
      i += 1
    }
    return nil
  }
}
