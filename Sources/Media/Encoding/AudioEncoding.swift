/// How the audio stream of a movie is encoded: AAC (FFmpeg's own encoder) from float planar
/// samples.
public struct AudioEncoding: Sendable, Equatable {
  /// Samples per second per channel, such as 48000.
  public var sampleRate: Int
  /// The number of channels (1 is mono, 2 stereo); FFmpeg's default layout for that count.
  public var channels: Int
  /// The target bit rate in bits per second, for all channels together.
  public var bitRate: Int

  /// Creates audio settings.
  public init(sampleRate: Int = 48000, channels: Int = 2, bitRate: Int = 192_000) {
    self.sampleRate = sampleRate
    self.channels = channels
    self.bitRate = bitRate
  }
}
