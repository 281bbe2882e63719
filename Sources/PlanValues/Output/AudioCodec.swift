/// An audio codec chromake encodes (`output.audio.codec`).
public enum AudioCodec: String, Sendable, Codable, CaseIterable {
  /// AAC-LC, FFmpeg's own encoder.
  case aac
  /// Opus through libopus; 48 kHz (or 24, 16, 12 or 8 kHz).
  case opus
  /// 24-bit linear PCM.
  case pcm
  /// FLAC, 24-bit.
  case flac

  /// How people write it in prose: `AAC`, `Opus`, `PCM`, `FLAC`.
  public var displayName: String {
    switch self {
    case .aac: "AAC"
    case .opus: "Opus"
    case .pcm: "PCM"
    case .flac: "FLAC"
    }
  }

  /// Whether it is lossy, so takes a bit rate.
  public var hasBitrate: Bool { self == .aac || self == .opus }

  /// The sample rates it takes, or nil for any.
  public var sampleRates: [Int]? {
    self == .opus ? [48000, 24000, 16000, 12000, 8000] : nil
  }
}
