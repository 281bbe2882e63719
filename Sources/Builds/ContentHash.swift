import Crypto
import Foundation
import Outputs

/// SHA-256 of files and texts, as lower-case hex.
public enum ContentHash {
  /// The SHA-256 of the file at `path`, read in 4 MiB blocks so memory stays flat for any size.
  ///
  /// Throws `RenderInterrupted` between blocks once `cancellation` is requested: a file of
  /// gigabytes takes seconds, and the user's Ctrl-C must not wait for it.
  public static func ofFile(_ path: String, cancellation: Cancellation) throws -> String {
    // O_NONBLOCK, then only a regular file: a FIFO put where an input was would otherwise
    // hold the open, or the reads, for ever.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    // The whole file is read once, front to back: say so, so the kernel reads ahead further.
    _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
    var hasher = SHA256()
    let blockSize = 4 << 20
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 64)
    defer { buffer.deallocate() }
    while true {
      try cancellation.throwIfRequested()
      let count = read(descriptor, buffer.baseAddress, blockSize)
      if count < 0 {
        if errno == EINTR { continue }
        throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
      }
      if count == 0 { break }
      hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }
    return hex(hasher.finalize())
  }

  /// The SHA-256 of `data`.
  public static func of(_ data: some DataProtocol) -> String {
    hex(SHA256.hash(data: data))
  }

  private static func hex(_ digest: SHA256.Digest) -> String {
    digest.map { String(format: "%02x", $0) }.joined()
  }
}
