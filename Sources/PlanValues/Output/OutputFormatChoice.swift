/// What a project file asks of its output's format (`output.video` and `output.audio`):
/// each setting it gives, nil where it leaves it to the container and codec. The plan keeps
/// it beside the format decided from it, so `render -o other.webm` decides again, by the same
/// rule, with the same requests.
public struct OutputFormatChoice: Sendable, Codable, Equatable {
  public var videoCodec: VideoCodec?
  public var crf: Int?
  public var preset: String?
  public var speed: Int?
  /// `output.video.alpha`.
  public var alpha: Bool
  public var audioCodec: AudioCodec?
  /// `output.audio.bitrate`, when given.
  public var bitrate: Int?

  public init(
    videoCodec: VideoCodec? = nil, crf: Int? = nil, preset: String? = nil, speed: Int? = nil,
    alpha: Bool = false, audioCodec: AudioCodec? = nil, bitrate: Int? = nil
  ) {
    self.videoCodec = videoCodec
    self.crf = crf
    self.preset = preset
    self.speed = speed
    self.alpha = alpha
    self.audioCodec = audioCodec
    self.bitrate = bitrate
  }
}
