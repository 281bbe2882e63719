import Foundation
import Glibc

/// Turns off Nagle's algorithm for every connection the server accepts.
///
/// The server writes a response's header and body in two writes; with Nagle's algorithm the
/// body then waits for the client to acknowledge the header, which a client delays by up to
/// 40 ms, so every response after a connection's first took 40 ms more (a cached frame: 44 ms
/// kept alive, 1 ms on a fresh connection). FlyingFox keeps its listening socket to itself,
/// so it is found among this process's descriptors: the one listening on `port`. Linux gives
/// each accepted socket the listening socket's `TCP_NODELAY`.
enum ListeningSocket {
  static func sendAtOnce(port: Int) {
    // Every descriptor the process may have open, up to a bound that keeps the scan short.
    for descriptor in Int32(0)..<min(getdtablesize(), 1 << 16) {
      var listening: Int32 = 0
      var size = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0,
        listening == 1, boundPort(descriptor) == port
      else { continue }
      var on: Int32 = 1
      setsockopt(
        descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }
  }

  private static func boundPort(_ descriptor: Int32) -> Int? {
    var storage = sockaddr_storage()
    var size = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let named = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &size) }
    }
    guard named == 0 else { return nil }
    switch Int32(storage.ss_family) {
    case AF_INET:
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          Int(UInt16(bigEndian: $0.pointee.sin_port))
        }
      }
    case AF_INET6:
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          Int(UInt16(bigEndian: $0.pointee.sin6_port))
        }
      }
    default: return nil
    }
  }
}
