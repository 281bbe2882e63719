import Foundation
import RenderPlan

/// A lock on one segment's index in a segment folder, held while a process encodes it, so
/// that two renders or shares on one folder never encode the same segment at once: the second
/// waits, then finds the first's file.
///
/// The lock is `flock` on a small file per index (`.000012.lock`), which the kernel releases
/// when the process ends however it ends, so a killed share never leaves a segment locked.
final class SegmentClaim {
  private var descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit { release() }

  /// Takes the lock at `path`: at once, or nil if another process holds it.
  ///
  /// Only a regular file is locked: a link at the lock's name is not followed (O_NOFOLLOW,
  /// so nothing is created where it points), and a link, pipe or socket there is removed and
  /// the lock made afresh; O_NONBLOCK keeps a pipe from holding the open.
  static func take(_ path: String) throws(RenderFailure) -> SegmentClaim? {
    var descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o666)
    if descriptor >= 0, !isRegular(descriptor) {
      close(descriptor)
      descriptor = -1
      errno = ELOOP
    }
    if descriptor < 0, errno == ELOOP || errno == ENXIO || errno == EISDIR {
      // Something chromake did not make is in the way, inside its own folder.
      try FolderEntry.clearForFile(path)
      unlink(path)
      descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
      // Another process made the lock in between: take that one.
      if descriptor < 0, errno == EEXIST {
        descriptor = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      }
      if descriptor >= 0, !isRegular(descriptor) {
        close(descriptor)
        throw RenderFailure("the segment lock '\(path)' is not a regular file")
      }
    }
    guard descriptor >= 0 else {
      throw RenderFailure(
        "cannot open the segment lock '\(path)': \(String(cString: strerror(errno)))")
    }
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
      return SegmentClaim(descriptor: descriptor)
    }
    let code = errno
    close(descriptor)
    guard code == EWOULDBLOCK else {
      // A file system without locks: encode anyway; files are still renamed into place whole.
      return SegmentClaim(descriptor: -1)
    }
    return nil
  }

  private static func isRegular(_ descriptor: Int32) -> Bool {
    var info = stat()
    return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Takes the lock at `path`, waiting for another process to let go of it; `checkCancelled`
  /// is called while waiting and throws to stop.
  static func wait(_ path: String, checkCancelled: () throws -> Void) throws -> SegmentClaim {
    while true {
      if let claim = try take(path) { return claim }
      try checkCancelled()
      usleep(50_000)
    }
  }

  /// Lets go of the lock.
  func release() {
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
  }
}
