import FlyingFox
import Foundation
import RenderPlan
import Synchronization

/// What the preview answers: the page, frames, the plan, box layouts and the events, after
/// the guard has let the request in. Every bad request is a 4xx with a sentence of JSON, and
/// nothing a client sends can stop the server.
struct PreviewRoutes: HTTPHandler {
  let state: PreviewState
  let drawer: FrameDrawer
  /// The `--host` name, if any.
  let host: String?
  /// The token every request must carry, off loopback.
  let token: String?
  /// The port listened on, known once the system has picked it.
  let port: PortBox

  func handleRequest(_ request: HTTPRequest) async -> HTTPResponse {
    // A query name given twice is ambiguous; refuse it rather than guess which one counts.
    var query: [String: String] = [:]
    for item in request.query {
      guard query.updateValue(item.value, forKey: item.name) == nil else {
        return Self.refused(.badRequest, "\(Self.shown(item.name)) is given twice")
      }
    }
    let guardian = RequestGuard(port: port.value, host: host, token: token)
    if let refusal = guardian.refusal(
      hostHeader: request.headers[.host], token: query["token"],
      origin: request.headers[HTTPHeader("Origin")],
      fetchSite: request.headers[HTTPHeader("Sec-Fetch-Site")])
    {
      return Self.refused(.forbidden, refusal)
    }
    guard request.method == .GET else {
      var response = Self.refused(.methodNotAllowed, "only GET is served")
      response.headers[HTTPHeader("Allow")] = "GET"
      return response
    }
    query["token"] = nil
    if let page = PageFiles.file(at: request.path) {
      return Self.answer(Data(page.bytes), type: page.type)
    }
    switch request.path {
    case "/frame": return await frame(query)
    case "/plan.json":
      guard let current = state.current else { return Self.noPlanYet() }
      var response = Self.answer(current.json, type: "application/json")
      response.headers[HTTPHeader("X-Chromake-Plan")] = String(current.counter)
      return response
    case "/layout":
      guard let current = state.current else { return Self.noPlanYet() }
      guard let text = query["f"], let k = Int64(text), k >= 0,
        k < current.plan.output.frameCount
      else {
        return Self.refused(
          .badRequest,
          "give the frame as f=FRAME, from 0 to \(current.plan.output.frameCount - 1)")
      }
      return Self.answer(LayoutReport.json(current.plan, frame: k), type: "application/json")
    case "/events":
      guard let events = state.follow() else {
        return Self.refused(
          .serviceUnavailable,
          "\(PreviewState.followerLimit) pages already follow this preview's events")
      }
      var response = HTTPResponse(
        statusCode: .ok, body: HTTPBodySequence(from: EventStreamBytes(events: events)))
      response.headers[.contentType] = "text/event-stream"
      response.headers[.cacheControl] = "no-store"
      return response
    default:
      return Self.refused(.notFound, "\(Self.shown(request.path)) is not served here")
    }
  }

  private func frame(_ query: [String: String]) async -> HTTPResponse {
    guard let current = state.current else { return Self.noPlanYet() }
    for name in query.keys where !["f", "t", "width", "format"].contains(name) {
      return Self.refused(.badRequest, "\(Self.shown(name)) is not a parameter of /frame")
    }
    let request: FrameRequest
    switch FrameRequest.parse(query, output: current.plan.output) {
    case .failure(let refusal): return Self.refused(.badRequest, refusal.message)
    case .success(let made): request = made
    }
    do {
      let picture = try await drawer.draw(request, of: current.plan, counter: current.counter)
      var response = Self.answer(
        Data(picture.bytes), type: request.format == .jpeg ? "image/jpeg" : "image/png")
      response.headers[HTTPHeader("X-Chromake-Frame")] = String(picture.frame)
      response.headers[HTTPHeader("X-Chromake-Plan")] = String(picture.counter)
      return response
    } catch let busy as FrameDrawer.Busy {
      return Self.refused(.serviceUnavailable, busy.description)
    } catch {
      return Self.refused(
        .internalServerError, "frame \(request.frame) could not be drawn: \(error)")
    }
  }

  private static func answer(_ body: Data, type: String) -> HTTPResponse {
    var response = HTTPResponse(statusCode: .ok, body: body)
    response.headers[.contentType] = type
    response.headers[.cacheControl] = "no-store"
    return response
  }

  private static func noPlanYet() -> HTTPResponse {
    refused(
      .serviceUnavailable,
      "the project has not planned yet: fix the problems /events reports (or the terminal shows)")
  }

  static func refused(_ status: HTTPStatusCode, _ message: String) -> HTTPResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let body = (try? encoder.encode(["error": message])) ?? Data()
    var response = HTTPResponse(statusCode: status, body: body)
    response.headers[.contentType] = "application/json"
    response.headers[.cacheControl] = "no-store"
    return response
  }

  /// A client's text quoted in an answer: at most 64 characters of it.
  private static func shown(_ text: String) -> String {
    text.count <= 64 ? "'\(text)'" : "'\(text.prefix(64))…'"
  }
}

/// The port the server listens on: 0 until the system has picked it.
final class PortBox: Sendable {
  private let port = Mutex(0)
  var value: Int { port.withLock { $0 } }
  func set(_ value: Int) { port.withLock { $0 = value } }
}
