/// The container a `MovieWriter` writes.
public enum MovieContainer: String, Sendable {
  /// ISO base media (`.mp4`).
  case mp4
  /// QuickTime (`.mov`).
  case mov

  /// FFmpeg's name for the muxer.
  var muxerName: String { rawValue }
}
