import Foundation

/// A file's identity as the file system reports it: the quick check of whether a file may have
/// changed since it was last hashed.
///
/// Size and modification time are what make compares; the inode and the status-change time
/// (`ctime`) are added because a copy that keeps the old modification time (`cp -p`,
/// `rsync -t`, a restored backup) still gets a new inode or `ctime`, which no program can set.
/// A differing stamp only means "hash it again": the content hash decides.
public struct FileStamp: Codable, Sendable, Hashable {
  /// Size in bytes.
  public var size: UInt64
  /// Modification time, in nanoseconds since 1970.
  public var modified: Int64
  /// Status-change time, in nanoseconds since 1970.
  public var changed: Int64
  /// The inode number.
  public var inode: UInt64

  /// The stamp of the file at `path` (symbolic links followed), or `nil` if it cannot be read.
  public static func read(_ path: String) -> FileStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileStamp(
      size: UInt64(info.st_size),
      modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
      changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
      inode: UInt64(info.st_ino))
  }
}
