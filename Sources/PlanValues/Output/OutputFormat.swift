/// The one decided format of a render's output: its container, the video codec and every
/// setting it is opened with, whether the picture keeps its alpha, and the audio codec (none
/// for the picture formats). The planner decides it (`decide`) and the writer takes it whole;
/// nothing else chooses a codec or falls back to one.
public struct OutputFormat: Sendable, Codable, Equatable {
  public var container: OutputContainer
  public var video: VideoCodec
  /// The constant-quality setting, for the codecs that have one.
  public var crf: Int?
  /// The x264-family preset, for H.264 and HEVC.
  public var preset: String?
  /// The numbered speed, for VP9 and AV1.
  public var speed: Int?
  /// Whether the output keeps the composition's transparency.
  public var alpha: Bool
  /// nil: no sound is written.
  public var audio: AudioCodec?

  public init(
    container: OutputContainer, video: VideoCodec, crf: Int? = nil, preset: String? = nil,
    speed: Int? = nil, alpha: Bool = false, audio: AudioCodec? = nil
  ) {
    self.container = container
    self.video = video
    self.crf = crf
    self.preset = preset
    self.speed = speed
    self.alpha = alpha
    self.audio = audio
  }

  /// The pixel format the encoder is given (FFmpeg's name): 8-bit 4:2:0 Y′CbCr as the
  /// compositor makes it, with alpha where kept; ProRes 10-bit 4:2:2 (4:4:4 with alpha, the
  /// 4444 profile); PNG and WebP R′G′B′; GIF a palette of 256 colours. WebP is given R′G′B′,
  /// which libwebp converts to WebP's own Y′CbCr (BT.601's matrix): given the compositor's
  /// BT.709 samples as they are, every viewer would decode them by BT.601. The one table of
  /// pixel formats: the encoder looks its format up by this name (`VideoEncoderSetup`).
  public var pixelFormat: String {
    switch video {
    case .h264, .hevc, .av1: "yuv420p"
    case .vp9: alpha ? "yuva420p" : "yuv420p"
    case .webp: "bgra"
    case .prores: alpha ? "yuva444p10le" : "yuv422p10le"
    case .png: alpha ? "rgba" : "rgb24"
    case .gif: "pal8"
    }
  }

  /// The format for an output in `container` with `choice`'s requests (`background`: whether
  /// the project is drawn over nothing; `sampleRate`: the mix's), or the first request it
  /// cannot honour.
  public static func decide(
    container: OutputContainer, choice: OutputFormatChoice, transparent: Bool, sampleRate: Int
  ) -> Result<OutputFormat, OutputFormatProblem> {
    let (format, problems) = examine(
      container: container, choice: choice, transparent: transparent, sampleRate: sampleRate)
    if let first = problems.first { return .failure(first) }
    return .success(format)
  }

  /// Every request of `choice` that an output in `container` cannot honour, in the order of
  /// the settings, so a file that asks three impossible things hears of all three at once.
  public static func problems(
    container: OutputContainer, choice: OutputFormatChoice, transparent: Bool, sampleRate: Int
  ) -> [OutputFormatProblem] {
    examine(container: container, choice: choice, transparent: transparent, sampleRate: sampleRate)
      .problems
  }

  /// The format `choice` asks for, and what is wrong with it. Each setting is checked against
  /// the codec asked for, even one the container cannot hold: "prores has no speed setting" is
  /// true of the request whatever the container.
  private static func examine(
    container: OutputContainer, choice: OutputFormatChoice, transparent: Bool, sampleRate: Int
  ) -> (format: OutputFormat, problems: [OutputFormatProblem]) {
    var problems: [OutputFormatProblem] = []
    let videoCodecs = container.videoCodecs
    let video = choice.videoCodec ?? videoCodecs[0]
    if !videoCodecs.contains(video) {
      problems.append(
        .init(
          .videoCodec, "\(container.displayName) cannot hold \(video.rawValue) video",
          help: "\(container.displayName) holds \(list(videoCodecs.map(\.rawValue)))"))
    }
    var format = OutputFormat(container: container, video: video, alpha: choice.alpha)
    if let crf = choice.crf {
      if let range = video.crfRange {
        if !range.contains(crf) {
          problems.append(
            .init(
              .crf,
              "crf must be from \(range.lowerBound) to \(range.upperBound) for "
                + "\(video.rawValue), found \(crf)"))
        }
      } else {
        problems.append(.init(.crf, "\(video.rawValue) has no crf setting"))
      }
    }
    format.crf = choice.crf ?? video.defaultCRF
    if let preset = choice.preset {
      if let presets = video.presets {
        if !presets.contains(preset) {
          problems.append(
            .init(
              .preset, "unknown \(video.rawValue) preset '\(preset)'",
              help: "presets: \(presets.joined(separator: ", "))"))
        }
      } else {
        problems.append(
          .init(
            .preset, "\(video.rawValue) has no preset setting",
            help: video.speedRange.map {
              "\(video.rawValue) takes 'speed', from \($0.lowerBound) to \($0.upperBound)"
            }))
      }
    }
    format.preset = choice.preset ?? (video.presets == nil ? nil : "medium")
    if let speed = choice.speed {
      if let range = video.speedRange {
        if !range.contains(speed) {
          problems.append(
            .init(
              .speed,
              "speed must be from \(range.lowerBound) to \(range.upperBound) for "
                + "\(video.rawValue), found \(speed)"))
        }
      } else {
        problems.append(
          .init(
            .speed, "\(video.rawValue) has no speed setting",
            help: video.presets == nil ? nil : "\(video.rawValue) takes 'preset'"))
      }
    }
    format.speed = choice.speed ?? video.defaultSpeed
    if choice.alpha {
      if !video.keepsAlpha(in: container) {
        problems.append(
          .init(
            .alpha, "\(video.rawValue) in \(container.displayName) cannot keep alpha",
            help: "alpha is kept by prores (.mov), vp9 (.webm), .webp, .gif and PNG sequences"))
      } else if !transparent {
        problems.append(
          .init(
            .alpha, "output.video.alpha needs 'output.background: transparent'",
            help: "over a colour every pixel is opaque, so there is no alpha to keep"))
      }
    }
    let audioCodecs = container.audioCodecs
    guard let audio = choice.audioCodec ?? audioCodecs.first else {
      // A picture format: no sound, so the sound settings must not ask for one.
      if choice.bitrate != nil {
        problems.append(
          .init(.bitrate, "\(container.displayName) has no sound to set a bit rate of"))
      }
      return (format, problems)
    }
    if !audioCodecs.contains(audio) {
      problems.append(
        .init(
          .audioCodec,
          audioCodecs.isEmpty
            ? "\(container.displayName) has no sound"
            : "\(container.displayName) cannot hold \(audio.rawValue) sound",
          help: audioCodecs.isEmpty
            ? nil : "\(container.displayName) holds \(list(audioCodecs.map(\.rawValue)))"))
    }
    if choice.bitrate != nil, !audio.hasBitrate {
      problems.append(.init(.bitrate, "\(audio.rawValue) is lossless: it has no bit rate"))
    }
    if let rates = audio.sampleRates, !rates.contains(sampleRate) {
      problems.append(
        .init(
          .sampleRate, "\(audio.rawValue) cannot be \(sampleRate) Hz",
          help: "\(audio.rawValue) takes \(list(rates.map { "\($0)" })) Hz"))
    }
    format.audio = audio
    return (format, problems)
  }

  private static func list(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }
}
