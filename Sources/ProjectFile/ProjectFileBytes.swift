import Foundation

/// Reads a project file's (or a subtitle file's) bytes, saying in words why it cannot be, and
/// refusing one larger than its limit before reading it.
enum ProjectFileBytes {
  /// Why a file could not be read: too large, or one sentence on why not.
  struct Problem: Error {
    var isTooLarge: Bool
    var message: String
    /// The id a project file's problem has.
    var id: String { isTooLarge ? "project-too-large" : "unreadable-project" }
  }

  /// The bytes of the regular file at `path`, at most `limit` of them.
  static func contents(
    of path: String, limit: Int = ProjectLimits.fileBytes, what: String = "project file"
  ) -> Result<[UInt8], Problem> {
    let tooLarge = Problem(isTooLarge: true, message: "\(what) is larger than \(limit >> 20) MiB")
    // The path is looked at before it is opened: opening a device or a FIFO can itself wait
    // or have effects. It is opened non-blocking all the same, and must then still be the
    // same regular file, in case it was swapped in between.
    var named = stat()
    guard stat(path, &named) == 0 else { return .failure(problem(errno, what: what)) }
    if let refusal = refusal(named.st_mode, what: what) { return .failure(refusal) }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(problem(errno, what: what)) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(problem(errno, what: what)) }
    if let refusal = refusal(status.st_mode, what: what) { return .failure(refusal) }
    guard status.st_dev == named.st_dev, status.st_ino == named.st_ino else {
      return .failure(Problem(isTooLarge: false, message: "\(what) changed while it was opened"))
    }
    if status.st_size > off_t(limit) { return .failure(tooLarge) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(problem(errno, what: what))
      }
      if count == 0 { return .success(bytes) }
      bytes.append(contentsOf: chunk[0..<count])
      // A file that grows while it is read (one still being written) is held to the same bound.
      if bytes.count > limit { return .failure(tooLarge) }
    }
  }

  /// Why a file of `mode` is not read: a folder, a pipe, a device; nil for a regular file.
  private static func refusal(_ mode: mode_t, what: String) -> Problem? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: Problem(isTooLarge: false, message: "\(what) is a folder")
    // A FIFO, socket or device may never end, or never begin.
    default: Problem(isTooLarge: false, message: "\(what) is not a regular file (\(kind(mode)))")
    }
  }

  /// What a file that is not a regular file is, in words.
  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "a named pipe"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    default: "not a file"
    }
  }

  private static func problem(_ code: Int32, what: String) -> Problem {
    let message =
      switch code {
      case ENOENT: "\(what) does not exist"
      case ELOOP: "\(what)'s path is a loop of symbolic links"
      case EACCES: "\(what) cannot be read: permission denied"
      case ENOTDIR: "\(what)'s path goes through something that is not a folder"
      case ENAMETOOLONG: "\(what)'s path is too long"
      default: "\(what) cannot be read: \(String(cString: strerror(code)))"
      }
    return Problem(isTooLarge: false, message: message)
  }
}
