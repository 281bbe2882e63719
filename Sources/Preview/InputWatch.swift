import Foundation
import Glibc
import Synchronization

/// Tells when a saved file is one of a set, through Linux's inotify.
///
/// Each file's folder is watched, not the file: editors save by writing a new file and renaming
/// it over the old one (a new inode, which a watch on the file would lose), and a file deleted
/// and made again must still be seen. A save often arrives as several events (write, close,
/// rename; two files saved together), so `waitForChange` returns once the events have been
/// quiet for `quiet`, or after `longest` from the first, whichever comes first.
final class InputWatch: Sendable {
  private let descriptor: Int32
  private struct Watched {
    /// Folder by watch descriptor.
    var folders: [Int32: String] = [:]
    var files: Set<String> = []
    /// Whether a file made or moved into a watched folder counts as a save, whatever its
    /// name: while the last plan failed, the file it missed may be the one that appears.
    var anyArrival = false
  }
  private let watched = Mutex(Watched())

  /// A watch with no files yet; `nil` when inotify cannot be used (too many watches in use).
  init?() {
    descriptor = inotify_init1(Int32(IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
  }

  deinit { close(descriptor) }

  /// Whether no file is watched yet.
  var isEmpty: Bool { watched.withLock { $0.files.isEmpty } }

  /// Watches exactly `files` (absolute, standardized paths) from now on; with `anyArrival`,
  /// any file made in their folders counts too.
  func watch(_ files: Set<String>, anyArrival: Bool = false) {
    let folders = Set(files.map { ($0 as NSString).deletingLastPathComponent })
    watched.withLock { state in
      state.files = files
      state.anyArrival = anyArrival
      let known = Set(state.folders.values)
      for folder in folders.subtracting(known) {
        // The same folder always gets the same descriptor from one inotify instance. A
        // folder deleted or moved away is told too, so it is watched again when it is back.
        let mask = UInt32(
          IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_DELETE_SELF
            | IN_MOVE_SELF)
        let wd = inotify_add_watch(descriptor, folder, mask)
        if wd >= 0 { state.folders[wd] = folder }
      }
    }
  }

  /// Blocks until a watched file is saved, then until the save has settled. Events for other
  /// files in the same folders (an output being written, an editor's swap file) are ignored.
  func waitForChange(quiet: Duration = .milliseconds(25), longest: Duration = .milliseconds(150)) {
    // Wait, without a timeout, for the first event that touches a watched file.
    while !readEvents(timeoutMilliseconds: -1) {}
    let clock = ContinuousClock()
    let deadline = clock.now + longest
    var lastSeen = clock.now
    while clock.now < deadline {
      let left = min(lastSeen + quiet, deadline) - clock.now
      let milliseconds =
        max(0, Int32(left.components.seconds * 1000))
        + Int32(left.components.attoseconds / 1_000_000_000_000_000)
      if milliseconds <= 0 { break }
      if readEvents(timeoutMilliseconds: milliseconds) { lastSeen = clock.now }
      if clock.now >= lastSeen + quiet { break }
    }
  }

  /// Reads what events there are within `timeoutMilliseconds` (-1: until there are some);
  /// whether any touched a watched file.
  private func readEvents(timeoutMilliseconds: Int32) -> Bool {
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, timeoutMilliseconds)
    guard ready > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    var touched = false
    watched.withLock { state in
      var offset = 0
      // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
      while offset + 16 <= count {
        let wd = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
        let mask = buffer.withUnsafeBytes {
          $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
        }
        let length = Int(
          buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
        let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)]
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        offset += 16 + length
        // Events were lost: anything may have changed.
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
          touched = true
          continue
        }
        guard let folder = state.folders[wd] else { continue }
        // The folder itself went away (deleted, or moved: its watch would follow it under a
        // name no file has): plan again, and watch it again when a plan names it.
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
          if mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(descriptor, wd) }
          state.folders[wd] = nil
          touched = true
          continue
        }
        let path = (folder as NSString).appendingPathComponent(name)
        let made = mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
        let finished = mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0
        // A watched file; a folder made again on the way to one; while the project is broken,
        // any file finished in a watched folder (the one it missed may be it).
        if state.files.contains(path) || (finished && state.anyArrival)
          || (made && state.files.contains { $0.hasPrefix(path + "/") })
        {
          touched = true
        }
      }
    }
    return touched
  }
}
