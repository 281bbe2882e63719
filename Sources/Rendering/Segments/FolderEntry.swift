import Crypto
import Foundation
import Outputs
import RenderPlan

/// What is at a name inside a segment folder, read without following a link or waiting on a
/// pipe: the folder is chromake's own, so only regular files it wrote are read there, and
/// anything else at one of its names (a FIFO, a link, a folder, a device) is in the way.
enum FolderEntry: Equatable {
  /// Nothing.
  case missing
  /// A regular file of `size` bytes.
  case file(size: Int64)
  /// A folder (not a link to one).
  case folder
  /// A symbolic link, wherever it points.
  case link
  /// Something else, in words (`a named pipe`).
  case other(String)

  /// What is at `path`, by `lstat`: a link is never followed.
  static func at(_ path: String) -> FolderEntry {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file(size: Int64(info.st_size))
    case S_IFLNK: return .link
    case S_IFDIR: return .folder
    case S_IFIFO: return .other("a named pipe")
    case S_IFSOCK: return .other("a socket")
    default: return .other("a device")
    }
  }

  /// What the entry is, in words, for a message: `a named pipe`.
  var kind: String {
    switch self {
    case .missing: "nothing"
    case .file: "a file"
    case .folder: "a folder"
    case .link: "a symbolic link"
    case .other(let kind): kind
    }
  }

  /// Opens the regular file at `path` for reading; nil for anything else. O_NOFOLLOW and
  /// O_NONBLOCK, then `fstat`: a link swapped in after a look is not followed, and a FIFO does
  /// not hold the open.
  static func openFile(_ path: String) -> Int32? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      return nil
    }
    return descriptor
  }

  /// The bytes of the regular file at `path`, when it is one of at most `limit` bytes.
  static func contents(_ path: String, limit: Int) -> Data? {
    guard let descriptor = openFile(path) else { return nil }
    defer { close(descriptor) }
    var data = Data()
    let block = 64 << 10
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: block, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer.baseAddress, block)
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { return data }
      guard data.count + count <= limit else { return nil }
      data.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }
  }

  /// The SHA-256 of the regular file at `path` as lower-case hex, nil when it is not one or
  /// cannot be read. Throws `RenderInterrupted` between blocks once `cancellation` is requested.
  static func sha256(_ path: String, cancellation: Cancellation) throws -> String? {
    guard let descriptor = openFile(path) else { return nil }
    defer { close(descriptor) }
    _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
    var hasher = SHA256()
    let block = 1 << 20
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: block, alignment: 64)
    defer { buffer.deallocate() }
    while true {
      try cancellation.throwIfRequested()
      let count = read(descriptor, buffer.baseAddress, block)
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { break }
      hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }
    return hasher.finalize().map { String(format: "%02x", $0) }.joined()
  }

  /// Writes `data` to `path` in one step: into a temporary file beside it, renamed over
  /// whatever is at `path` (a link is replaced, never written through).
  static func writeStaged(_ data: Data, to path: String) throws {
    try clearForFile(path)
    let staged = try StagedOutput(target: path)
    do {
      try data.write(to: URL(fileURLWithPath: staged.temporaryPath))
      try staged.commit()
    } catch {
      staged.discard()
      throw error
    }
  }

  /// Writes the small `data` to `path` directly, replacing whatever is there (a link is
  /// removed, never followed): for a record that is judged by its content, where a record cut
  /// short by a crash reads as no record and costs one segment encoded again, cheaper than a
  /// staged file's scan of a folder of thousands.
  static func writeRecord(_ data: Data, to path: String) throws(RenderFailure) {
    try clearForFile(path)
    var attempt = 0
    while true {
      attempt += 1
      unlink(path)
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
      if descriptor < 0 {
        // Another process wrote the same record in between: write it again over that one.
        if errno == EEXIST, attempt < 4 { continue }
        throw RenderFailure("cannot write '\(path)': \(String(cString: strerror(errno)))")
      }
      defer { close(descriptor) }
      let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard written == data.count else {
        unlink(path)
        throw RenderFailure("cannot write '\(path)': \(String(cString: strerror(errno)))")
      }
      return
    }
  }

  /// Clears the way for a file to be renamed to `path`: a rename replaces a link, a pipe or a
  /// socket by itself, but not a folder, which is removed when empty. A folder with something
  /// in it is not chromake's to delete.
  static func clearForFile(_ path: String) throws(RenderFailure) {
    guard at(path) == .folder else { return }
    guard rmdir(path) == 0 || errno == ENOENT else {
      throw RenderFailure(
        "'\(path)' is a folder with files in it, where chromake keeps a file of its own; "
          + "remove it")
    }
  }
}
