import FlyingFox
import FlyingSocks
import Foundation

/// A never-ending response body made of the events a page follows: each event is handed to
/// the server as one chunk, so it is sent the moment it is published. The body ends when the
/// events do; a page that closes is noticed by the next write failing, which ends the stream.
struct EventStreamBytes: AsyncBufferedSequence, Sendable {
  typealias Element = UInt8
  let events: AsyncStream<Data>

  func makeAsyncIterator() -> Iterator { Iterator(events: events.makeAsyncIterator()) }

  struct Iterator: AsyncBufferedIteratorProtocol {
    var events: AsyncStream<Data>.AsyncIterator
    /// What is left of the event being sent.
    var pending: ArraySlice<UInt8> = []

    mutating func next() async -> UInt8? {
      guard let bytes = await nextBuffer(suggested: 1) else { return nil }
      return bytes.first
    }

    mutating func nextBuffer(suggested count: Int) async -> ArraySlice<UInt8>? {
      if pending.isEmpty {
        guard let event = await events.next() else { return nil }
        pending = ArraySlice(event)
      }
      let chunk = pending.prefix(Swift.max(1, count))
      pending = pending.dropFirst(chunk.count)
      return chunk
    }
  }
}
