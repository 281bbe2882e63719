public import Timeline

/// The facts about one audio stream that planning and mixing need.
public struct AudioStreamInfo: Sendable, Equatable {
  /// The stream's index among all the container's streams, as FFmpeg numbers them.
  public var streamIndex: Int
  /// FFmpeg's short codec name, such as `"aac"`.
  public var codec: String
  /// Samples per second per channel.
  public var sampleRate: Int
  /// The number of channels.
  public var channels: Int
  /// FFmpeg's description of the channel layout, such as `"stereo"`, `"mono"` or `"5.1"`.
  public var channelLayout: String
  /// The stream's length in seconds, measured from its own first sample; nil when unknown.
  public var duration: Rational?

  /// Creates stream facts; the probe fills these in from the file.
  public init(
    streamIndex: Int, codec: String, sampleRate: Int, channels: Int, channelLayout: String,
    duration: Rational?
  ) {
    self.streamIndex = streamIndex
    self.codec = codec
    self.sampleRate = sampleRate
    self.channels = channels
    self.channelLayout = channelLayout
    self.duration = duration
  }
}
