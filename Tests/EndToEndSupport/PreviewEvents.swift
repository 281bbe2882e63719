import Foundation
import TestSupport

/// One server-sent event: its name and its data, parsed as a JSON object.
public struct PreviewEvent: @unchecked Sendable {
  public var name: String
  public var data: [String: Any]
  /// When it arrived.
  public var arrived: ContinuousClock.Instant
}

/// Follows a preview's `/events` as a page's EventSource does, on a thread of its own, and
/// keeps every event, so a test can wait for the one an edit should bring.
public final class PreviewEventFollower: @unchecked Sendable {
  private let socket: Int32
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var events: [PreviewEvent] = []
  private var ended = false

  /// Connects to the preview on `port` and starts reading (`token` off loopback).
  public init(port: Int, token: String? = nil) throws {
    socket = try RawHTTP.connect(port: port, timeout: .seconds(120))
    let target = "/events" + (token.map { "?token=\($0)" } ?? "")
    let request =
      "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
    _ = Array(request.utf8).withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
    let thread = Thread { [self] in read() }
    thread.start()
  }

  deinit {
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }

  /// Every event so far.
  public var received: [PreviewEvent] {
    condition.lock()
    defer { condition.unlock() }
    return events
  }

  /// The first event named `name` for which `matches` holds, waiting up to `timeout` for it.
  public func wait(
    for name: String, timeout: Duration = .seconds(30),
    where matches: ([String: Any]) -> Bool = { _ in true }
  ) throws -> PreviewEvent {
    let deadline = Date().addingTimeInterval(
      Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let event = events.first(where: { $0.name == name && matches($0.data) }) { return event }
      guard !ended, condition.wait(until: deadline) || Date() < deadline else {
        let seen = events.map { "\($0.name) \($0.data)" }.joined(separator: "\n")
        throw ToolFailure(
          description:
            "no '\(name)' event came\(ended ? " (the stream ended)" : ""); seen:\n\(seen)")
      }
    }
  }

  private func read() {
    var received: [UInt8] = []
    var bodyStart: Int?
    var used = 0
    var text = ""
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(socket, $0.baseAddress, $0.count) }
      guard n > 0 else { break }
      received += buffer[0..<n]
      if bodyStart == nil, let end = RawHTTP.headerEnd(received) { bodyStart = end + 4 }
      guard let start = bodyStart else { continue }
      // Decode the whole chunks received so far, past those already decoded.
      let decoded = ChunkedBody.decode(Array(received[(start + used)...]))
      used += decoded.consumed
      text += String(decoding: decoded.bytes, as: UTF8.self)
      while let blockEnd = text.range(of: "\n\n") {
        let block = String(text[..<blockEnd.lowerBound])
        text = String(text[blockEnd.upperBound...])
        add(block)
      }
    }
    condition.lock()
    ended = true
    condition.broadcast()
    condition.unlock()
  }

  private func add(_ block: String) {
    var name = "message"
    var data = ""
    for line in block.split(separator: "\n") {
      if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
      if line.hasPrefix("data: ") { data += line.dropFirst(6) }
    }
    let object =
      (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:]
    condition.lock()
    events.append(PreviewEvent(name: name, data: object, arrived: .now))
    condition.broadcast()
    condition.unlock()
  }
}
