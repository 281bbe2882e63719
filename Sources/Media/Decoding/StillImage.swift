import Timeline

/// Decodes a still picture (PNG, JPEG, WebP and the other formats FFmpeg's image decoders
/// read) once, as the first frame of the file, with RGBA pictures premultiplied.
public enum StillImage {
  /// The file's first picture.
  public static func decode(path: String) throws(MediaError) -> DecodedFrame {
    let decoder = try VideoDecoder(path: path)
    guard let frame = try decoder.frame(at: Rational(1, 1000)) else {
      throw .notMedia(path: path, reason: "it holds no picture")
    }
    return try frame.premultiplied()
  }
}
