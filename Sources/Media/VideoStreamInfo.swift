public import Timeline

/// The facts about one video stream that planning and rendering need.
public struct VideoStreamInfo: Sendable, Equatable {
  /// The stream's index among all the container's streams, as FFmpeg numbers them.
  public var streamIndex: Int
  /// FFmpeg's short codec name, such as `"h264"`.
  public var codec: String
  /// FFmpeg's pixel format name, such as `"yuv420p"`, or `"unknown"` when FFmpeg found none.
  public var pixelFormat: String
  /// The coded picture width, before rotation.
  public var width: Int
  /// The coded picture height, before rotation.
  public var height: Int
  /// Frames per second: the average frame rate, else the base frame rate; nil when unknown.
  public var frameRate: Rational?
  /// The stream's length in seconds, measured from its own first frame; nil when unknown.
  public var duration: Rational?
  /// The number of frames, when the container states it.
  public var frameCount: Int?
  /// Clockwise degrees to rotate the decoded picture for display: 0, 90, 180 or 270.
  public var rotation: Int
  /// The shape of one pixel (width / height); 1 when the file does not say.
  public var sampleAspectRatio: Rational
  /// The Y′CbCr matrix to decode with: the tagged one, else BT.601 below 720 lines, else BT.709.
  public var colorMatrix: ColorMatrix
  /// True when `colorMatrix` came from the file's tag rather than from the size rule.
  public var colorMatrixTagged: Bool
  /// The tagged range, else full for the `yuvj*` pixel formats, else limited.
  public var colorRange: ColorRange

  /// Creates stream facts; the probe fills these in from the file.
  public init(
    streamIndex: Int, codec: String, pixelFormat: String, width: Int, height: Int,
    frameRate: Rational?, duration: Rational?, frameCount: Int?, rotation: Int,
    sampleAspectRatio: Rational, colorMatrix: ColorMatrix, colorMatrixTagged: Bool,
    colorRange: ColorRange
  ) {
    self.streamIndex = streamIndex
    self.codec = codec
    self.pixelFormat = pixelFormat
    self.width = width
    self.height = height
    self.frameRate = frameRate
    self.duration = duration
    self.frameCount = frameCount
    self.rotation = rotation
    self.sampleAspectRatio = sampleAspectRatio
    self.colorMatrix = colorMatrix
    self.colorMatrixTagged = colorMatrixTagged
    self.colorRange = colorRange
  }
}
