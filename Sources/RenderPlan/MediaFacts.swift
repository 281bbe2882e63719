import PlanValues
public import Timeline

/// What the planner needs to know about one media file, measured by probing it.
///
/// Pure data, so planning is testable without FFmpeg: tests write facts by hand, the
/// renderer fills them from a probe.
public struct MediaFacts: Codable, Sendable, Equatable {
  /// The container's duration in seconds, when known.
  public var duration: Rational?
  /// The picture stream, if any.
  public var video: VideoFacts?
  /// Every audio stream, in container order.
  public var audio: [AudioFacts]

  /// Creates facts.
  public init(duration: Rational?, video: VideoFacts?, audio: [AudioFacts]) {
    self.duration = duration
    self.video = video
    self.audio = audio
  }

  /// How long the pictures last: the video stream's duration, else the container's.
  public var videoDuration: Rational? { video?.duration ?? duration }

  /// How long the given audio streams last: the longest of them, else the container's duration.
  public func audioDuration(of streams: [Int]) -> Rational? {
    let known = streams.compactMap { audio.indices.contains($0) ? audio[$0].duration : nil }
    return known.max() ?? duration
  }
}

/// A video stream's facts.
public struct VideoFacts: Codable, Sendable, Equatable {
  /// Codec name, e.g. `h264`.
  public var codec: String
  /// Pixel format, e.g. `yuv420p`.
  public var pixelFormat: String
  /// Coded width before rotation.
  public var width: Int
  /// Coded height before rotation.
  public var height: Int
  /// Average frame rate, when known.
  public var frameRate: Rational?
  /// Seconds from the first frame to the end of the last.
  public var duration: Rational?
  /// Clockwise degrees to rotate for display: 0, 90, 180 or 270.
  public var rotation: Int
  /// Sample (pixel) aspect ratio; 1 for square pixels.
  public var sampleAspectRatio: Rational
  /// `bt601`, `bt709` or `bt2020`.
  public var colorMatrix: String
  /// `limited` or `full`.
  public var colorRange: String

  /// Creates facts.
  public init(
    codec: String, pixelFormat: String, width: Int, height: Int, frameRate: Rational?,
    duration: Rational?, rotation: Int = 0, sampleAspectRatio: Rational = .one,
    colorMatrix: String = "bt709", colorRange: String = "limited"
  ) {
    self.codec = codec
    self.pixelFormat = pixelFormat
    self.width = width
    self.height = height
    self.frameRate = frameRate
    self.duration = duration
    self.rotation = rotation
    self.sampleAspectRatio = sampleAspectRatio
    self.colorMatrix = colorMatrix
    self.colorRange = colorRange
  }
}

/// An audio stream's facts.
public struct AudioFacts: Codable, Sendable, Equatable {
  /// The stream's index among all the container's streams.
  public var streamIndex: Int
  /// Codec name, e.g. `aac`.
  public var codec: String
  /// Samples per second.
  public var sampleRate: Int
  /// Channel count.
  public var channels: Int
  /// FFmpeg's layout name, e.g. `stereo`.
  public var layout: String
  /// Seconds, when known.
  public var duration: Rational?

  /// Creates facts.
  public init(
    streamIndex: Int, codec: String, sampleRate: Int, channels: Int, layout: String,
    duration: Rational?
  ) {
    self.streamIndex = streamIndex
    self.codec = codec
    self.sampleRate = sampleRate
    self.channels = channels
    self.layout = layout
    self.duration = duration
  }
}

extension VideoFacts {
  /// Codecs of still pictures: the image decoders FFmpeg reads PNG, JPEG, WebP and their
  /// common relatives with.
  public static let imageCodecs: Set<String> = [
    "png", "apng", "mjpeg", "jpegls", "webp", "bmp", "tiff", "gif", "ppm", "pgm", "pgmyuv", "pam",
    "pbm", "targa", "jpeg2000", "qoi", "sgi", "xbm", "xwd", "pcx", "dpx", "exr", "hdr",
  ]

  /// Whether the picture is larger than chromake draws (`PictureLimits`).
  public var isTooLarge: Bool { PictureLimits.exceeded(width: width, height: height) }

  /// Whether the stream is one still picture (a PNG, a JPEG): an image codec and no length of
  /// its own. A matte that is one is held for the layer's whole time.
  public var isStillPicture: Bool {
    guard Self.imageCodecs.contains(codec) else { return false }
    guard let duration, let frameRate, frameRate > .zero else { return true }
    return duration <= Rational(1) / frameRate
  }
}
