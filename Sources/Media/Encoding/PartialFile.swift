internal import CFFmpeg
internal import Foundation

/// A file written under a temporary name beside its destination and renamed over it only when
/// complete: owns the AVIOContext open on the temporary file.
///
/// Released without `commit()`, or after `commit()` threw, it closes and deletes the temporary
/// file, so a failed write leaves any earlier file at the destination as it was.
final class PartialFile {
  /// Where the finished file goes.
  let path: String
  /// The file being written: `.<name>.<pid>.partial` in the destination's folder, so the
  /// rename never crosses file systems and is atomic.
  let temporaryPath: String
  private var context: UnsafeMutablePointer<AVIOContext>?
  private var isCommitted = false

  /// Creates the temporary file for `path`. A missing folder throws `.fileNotFound` naming
  /// the folder; a folder at `path` itself throws `.unreadable`.
  init(path: String) throws(MediaError) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
      throw .fileNotFound(path: folder.path)
    }
    guard isDirectory.boolValue else {
      throw .unreadable(path: folder.path, reason: "it is not a folder")
    }
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw .unreadable(path: path, reason: "it is a directory")
    }
    self.path = path
    // The process id keeps two Chromake runs writing the same output from sharing one file.
    temporaryPath =
      folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
    // From here on a throw runs deinit, which deletes whatever avio_open left behind. The
    // "file:" prefix stops FFmpeg reading a name with a colon as a protocol.
    try check(avio_open(&context, "file:" + temporaryPath, AVIO_FLAG_WRITE), "avio_open")
  }

  deinit {
    if context != nil {
      avio_closep(&context)
    }
    if !isCommitted {
      // unlink, unlike FileManager.removeItem, never deletes a folder that took the name.
      unlink(temporaryPath)
    }
  }

  /// Appends `bytes`. A failed write shows up in `commit()`.
  func write(_ bytes: UnsafeRawBufferPointer) {
    guard let context, let start = bytes.baseAddress else { return }
    // AVPacket sizes are `int`, so encoded data always fits avio_write's count.
    precondition(bytes.count <= Int(Int32.max), "avio_write takes at most 2 GiB at a time")
    avio_write(context, start.assumingMemoryBound(to: UInt8.self), Int32(bytes.count))
  }

  /// Closes the temporary file and renames it over `path`; only after this returns is the
  /// file at `path` the new one.
  func commit() throws(MediaError) {
    precondition(!isCommitted, "PartialFile.commit() called twice")
    if let context {
      avio_flush(context)
      // avio_write and avio_flush return nothing; a failed write is kept on the context.
      try check(context.pointee.error, "avio_write")
    }
    try check(avio_closep(&context), "avio_closep")
    guard rename(temporaryPath, path) == 0 else {
      let code = chromake_averror(errno)
      throw .ffmpeg(call: "rename", code: code, message: ffmpegErrorText(code))
    }
    isCommitted = true
  }
}
