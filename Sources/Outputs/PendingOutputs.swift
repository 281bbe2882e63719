import Foundation

/// The temporary files of every `StagedOutput` not yet committed or discarded, so that a
/// forced exit can delete them first.
///
/// It holds paths, not outputs: deleting by path needs nothing but `unlink`, and an output that
/// finishes meanwhile only makes the `unlink` miss.
final class PendingOutputs: @unchecked Sendable {
  /// The registry every `StagedOutput` uses unless a test passes its own.
  static let shared = PendingOutputs()

  // Held only for a set insert or remove (or a copy), never across a call that could block, so
  // a signal's handler thread always gets it promptly.
  private let lock = NSLock()
  private var paths: Set<String> = []

  /// The temporary paths registered now, sorted.
  var all: [String] {
    lock.withLock { paths.sorted() }
  }

  func add(_ path: String) {
    lock.withLock { _ = paths.insert(path) }
  }

  func remove(_ path: String) {
    lock.withLock { _ = paths.remove(path) }
  }

  /// Deletes every registered temporary file and forgets them; returns how many were listed.
  @discardableResult
  func discardAll() -> Int {
    let taken = lock.withLock {
      defer { paths.removeAll() }
      return paths
    }
    for path in taken {
      unlink(path)
    }
    return taken.count
  }
}
