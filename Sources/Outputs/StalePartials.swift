import Foundation
import PlanValues

/// The temporary files that killed renders of one output left beside it, and the lock that
/// tells them apart from those of renders still running.
///
/// A render killed by SIGKILL (a Kubernetes pod past its grace period, the OOM killer) runs no
/// code, so its `.NAME.chromake-PID-TOKEN.partial.EXT` stays behind; the next render of the same
/// output removes it. Whether its writer is gone is asked of the kernel, not read from the
/// name: every writer holds an exclusive `flock` on its temporary file for as long as it lives,
/// and the kernel drops that lock when the process ends, however it ends. A file whose lock can
/// be taken without waiting has no writer left. The pid in the name could not say as much: pids
/// are reused, and a volume shared between machines holds files whose pid means nothing here.
///
/// Where a file system cannot lock at all, nothing is removed. Where its locks do not reach
/// other machines (some FUSE mounts), a render elsewhere could lose its temporary file; it then
/// fails at its final rename, loudly, and never leaves a wrong output. Temporary files of
/// chromake versions before this lock hold none and count as stale.
enum StalePartials {
  /// Deletes every temporary file of the output called `name` in `folder` whose writer is gone,
  /// and nothing else; returns their paths.
  static func remove(folder: String, name: String) -> [String] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return []
    }
    return entries.sorted().filter { OutputNames.isTemporary($0, for: name) }.compactMap { entry in
      let path = OutputPath.join(folder, entry)
      return removeIfUnlocked(path) ? path : nil
    }
  }

  /// Takes the writer's lock on the open temporary file `descriptor`, waiting for a cleaner
  /// that holds it for a moment. False when the file system has no locks.
  static func lockForWriting(_ descriptor: Int32) -> Bool {
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { return false }
    }
    return true
  }

  /// Whether the open file `descriptor` is still the file at `path` (not deleted, nor replaced).
  static func isStill(_ descriptor: Int32, at path: String) -> Bool {
    var open = stat()
    var named = stat()
    return fstat(descriptor, &open) == 0 && lstat(path, &named) == 0
      && open.st_dev == named.st_dev && open.st_ino == named.st_ino
  }

  /// Deletes the regular file at `path` if no process holds its lock.
  private static func removeIfUnlocked(_ path: String) -> Bool {
    // O_NOFOLLOW: a link that took a partial's name is not ours to judge, nor what it points at.
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      flock(descriptor, LOCK_EX | LOCK_NB) == 0
    else { return false }
    // Holding the lock, the file is ours to delete, if the name still leads to it.
    guard isStill(descriptor, at: path) else { return false }
    return unlink(path) == 0
  }
}
