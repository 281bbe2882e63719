/// A video codec chromake encodes (`output.video.codec`), with the settings it takes and
/// their ranges: one table, read by the project reader to check a file and by the writer to
/// open the encoder.
public enum VideoCodec: String, Sendable, Codable, CaseIterable {
  /// H.264 through libx264.
  case h264
  /// HEVC through libx265, tagged `hvc1` in MP4 and MOV so Apple's players play it.
  case hevc
  /// AV1 through SVT-AV1.
  case av1
  /// VP9 through libvpx.
  case vp9
  /// Apple ProRes 422 HQ, or 4444 with alpha (FFmpeg's prores_ks).
  case prores
  /// GIF, 256 colours a frame.
  case gif
  /// Animated WebP (libwebp).
  case webp
  /// PNG, one file a frame.
  case png

  /// The constant-quality setting's range (`crf`), or nil for a codec without one.
  public var crfRange: ClosedRange<Int>? {
    switch self {
    case .h264, .hevc: 0...51
    case .av1, .vp9: 0...63
    case .prores, .gif, .webp, .png: nil
    }
  }

  /// The `crf` a project gets when it gives none: about the same look for each (x264's 20 is
  /// near x265's 24; 32 is the usual VP9 and AV1 web setting).
  public var defaultCRF: Int? {
    switch self {
    case .h264: 20
    case .hevc: 24
    case .av1, .vp9: 32
    case .prores, .gif, .webp, .png: nil
    }
  }

  /// The named speed/size presets (`preset`), for the x264 family.
  public var presets: [String]? {
    switch self {
    case .h264, .hevc:
      [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower",
        "veryslow", "placebo",
      ]
    case .av1, .vp9, .prores, .gif, .webp, .png: nil
    }
  }

  /// The numbered speed (`speed`: higher is faster), for VP9 (libvpx's `cpu-used` at the
  /// `good` deadline) and AV1 (SVT-AV1's preset).
  public var speedRange: ClosedRange<Int>? {
    switch self {
    case .vp9: 0...5
    case .av1: 0...13
    case .h264, .hevc, .prores, .gif, .webp, .png: nil
    }
  }

  /// The default `speed`: the fastest setting whose files are still of a sensible size.
  public var defaultSpeed: Int? {
    switch self {
    case .vp9: 4
    case .av1: 8
    case .h264, .hevc, .prores, .gif, .webp, .png: nil
    }
  }

  /// Whether it can keep an output's transparency (`output.video.alpha`), in some container.
  public var keepsAlpha: Bool {
    switch self {
    case .prores, .vp9, .gif, .webp, .png: true
    case .h264, .hevc, .av1: false
    }
  }

  /// Whether it keeps an output's transparency in `container`: VP9 only in WebM, whose
  /// players read its alpha; the others wherever they go.
  public func keepsAlpha(in container: OutputContainer) -> Bool {
    keepsAlpha && (self != .vp9 || container == .webm)
  }
}
