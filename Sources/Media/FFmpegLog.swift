internal import CFFmpeg

/// FFmpeg writes its own warnings to stderr; Chromake reports problems as values instead, so
/// FFmpeg is told once, before its first use, to print nothing.
enum FFmpegLog {
  private static let silenced: Void = av_log_set_level(AV_LOG_QUIET)

  /// Silences FFmpeg's logging; only the first call does anything.
  static func silence() {
    _ = silenced
  }
}
