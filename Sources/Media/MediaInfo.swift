public import Timeline

/// What a probe learned about one media file.
public struct MediaInfo: Sendable, Equatable {
  /// The path as it was given to the probe.
  public var path: String
  /// FFmpeg's name for the container format, such as `"mov,mp4,m4a,3gp,3g2,mj2"`.
  public var formatName: String
  /// The container's duration in seconds; nil when unknown.
  public var duration: Rational?
  /// The best video stream, never an attached picture such as cover art; nil when there is none.
  public var video: VideoStreamInfo?
  /// Every audio stream, in container order.
  public var audio: [AudioStreamInfo]

  /// Creates probe results; `MediaProbe` fills these in from the file.
  public init(
    path: String, formatName: String, duration: Rational?, video: VideoStreamInfo?,
    audio: [AudioStreamInfo]
  ) {
    self.path = path
    self.formatName = formatName
    self.duration = duration
    self.video = video
    self.audio = audio
  }
}
