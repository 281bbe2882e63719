internal import Foundation

/// Checks a path with the file system before FFmpeg sees it, so that a missing file, a
/// directory, a symbolic-link loop and an unreadable file each get their own error rather than
/// one FFmpeg code.
enum LocalFile {
  /// Throws unless `path` names a readable, non-empty regular file (symbolic links followed).
  static func requireReadableFile(_ path: String) throws(MediaError) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw failure(of: path, errno: errno)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      break
    case S_IFDIR:
      throw .unreadable(path: path, reason: "it is a directory")
    default:
      // A FIFO or a device may never end, and FFmpeg would wait on it forever.
      throw .unreadable(path: path, reason: "not a regular file")
    }
    guard access(path, R_OK) == 0 else {
      throw .unreadable(path: path, reason: "permission denied")
    }
    if info.st_size == 0 {
      throw .notMedia(path: path, reason: "the file is empty")
    }
  }

  /// What `stat` failing with `code` means for the user.
  private static func failure(of path: String, errno code: Int32) -> MediaError {
    switch code {
    case ELOOP:
      // Following the links never ends: "no such file" would send the user looking for a
      // file that is not missing.
      return .unreadable(path: path, reason: "it is a symbolic-link loop")
    case ENOENT, ENOTDIR:
      // A dangling symbolic link included: what it names is missing.
      return .fileNotFound(path: path)
    case EACCES:
      return .unreadable(path: path, reason: "permission denied")
    default:
      return .unreadable(path: path, reason: String(cString: strerror(code)))
    }
  }
}
