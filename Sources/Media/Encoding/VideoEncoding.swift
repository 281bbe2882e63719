public import Timeline

/// How the video stream of a movie is encoded: H.264 (libx264) in 8-bit Y′CbCr 4:2:0,
/// BT.709, limited range.
public struct VideoEncoding: Sendable, Equatable {
  /// The picture width in pixels; 4:2:0 needs it even.
  public var width: Int
  /// The picture height in pixels; 4:2:0 needs it even.
  public var height: Int
  /// Frames per second; frame `k` is shown at exactly `k / fps`.
  public var fps: Rational
  /// libx264's constant rate factor: 0 is lossless, 51 the smallest file.
  public var crf: Int
  /// libx264's speed/size preset, such as `"medium"` or `"veryfast"`.
  public var preset: String
  /// libx264's own frame threads; 0 lets libx264 choose from the number of cores.
  public var threads: Int

  /// Creates encoding settings; `crf`, `preset` and `threads` default to libx264's own defaults.
  public init(
    width: Int, height: Int, fps: Rational, crf: Int = 23, preset: String = "medium",
    threads: Int = 0
  ) {
    self.width = width
    self.height = height
    self.fps = fps
    self.crf = crf
    self.preset = preset
    self.threads = threads
  }
}
