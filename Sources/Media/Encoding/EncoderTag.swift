/// The `encoder` tag a movie carries (what `ffprobe` shows as `encoder=`), naming the program
/// and the codec libraries that made it, as FFmpeg's own tools tag their files.
public enum EncoderTag {
  /// `software (Lavc59.37.100, libx264 164)`, such as `chromake 0.1.0 (Lavc…, libx264 164)`.
  public static func text(software: String) -> String {
    "\(software) (\(FFmpegVersion.libavcodecIdent), libx264 \(X264Version.build))"
  }
}
