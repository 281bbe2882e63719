public import PlanValues

/// How the audio stream of a movie is encoded, from float planar samples.
public struct AudioEncoding: Sendable, Equatable {
  /// The codec (`OutputFormat.audio`).
  public var codec: AudioCodec
  /// Samples per second per channel, such as 48000.
  public var sampleRate: Int
  /// The number of channels (1 is mono, 2 stereo); FFmpeg's default layout for that count.
  public var channels: Int
  /// A lossy codec's target bit rate in bits per second, for all channels together; nil for
  /// a lossless one.
  public var bitRate: Int?

  /// Creates audio settings.
  public init(
    codec: AudioCodec = .aac, sampleRate: Int = 48000, channels: Int = 2,
    bitRate: Int? = 192_000
  ) {
    self.codec = codec
    self.sampleRate = sampleRate
    self.channels = channels
    self.bitRate = codec.hasBitrate ? bitRate : nil
  }
}
