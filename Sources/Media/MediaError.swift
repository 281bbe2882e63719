/// Why a media file could not be probed, opened or processed.
///
/// The cases are kept apart so that a diagnostic can tell the user what to fix: a wrong path,
/// a permission, a file that is not media at all, or a failure inside FFmpeg itself.
public enum MediaError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing exists at `path`.
  case fileNotFound(path: String)
  /// Something exists at `path` but cannot be read as a file (permissions, a directory, a device).
  case unreadable(path: String, reason: String)
  /// The file was read, but FFmpeg recognises no format in it, or it holds no audio or video,
  /// or it is a playlist or script that names other files (those are never followed).
  case notMedia(path: String, reason: String)
  /// The file opened, but the decoder of `stream` (as in "audio stream 0 (aac)") refused its
  /// first packets; `reason` is the failing call and FFmpeg's sentence.
  case undecodable(path: String, stream: String, reason: String)
  /// A named FFmpeg call failed with `code`; `message` is FFmpeg's own text for it.
  case ffmpeg(call: String, code: Int32, message: String)

  /// One line for the user, naming the file or the failing call.
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      return "\(path): no such file"
    case .unreadable(let path, let reason):
      return "\(path): cannot be read: \(reason)"
    case .notMedia(let path, let reason):
      return "\(path): not a media file: \(reason)"
    case .undecodable(let path, let stream, let reason):
      return "\(path): \(stream) cannot be decoded: \(reason)"
    case .ffmpeg(let call, let code, let message):
      return "\(call) failed: \(message) (FFmpeg error \(code))"
    }
  }
}
