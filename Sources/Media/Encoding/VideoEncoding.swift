public import Timeline

/// The picture a movie's video stream is encoded from: its size and rate, and how many
/// threads its encoder runs. The codec and its settings are the `OutputFormat`'s.
public struct VideoEncoding: Sendable, Equatable {
  /// The picture width in pixels; 4:2:0 needs it even.
  public var width: Int
  /// The picture height in pixels; 4:2:0 needs it even.
  public var height: Int
  /// Frames per second; frame `k` is shown at exactly `k / fps`.
  public var fps: Rational
  /// The encoder's own threads; 0 lets it choose from the number of cores.
  public var threads: Int

  public init(width: Int, height: Int, fps: Rational, threads: Int = 0) {
    self.width = width
    self.height = height
    self.fps = fps
    self.threads = threads
  }
}
