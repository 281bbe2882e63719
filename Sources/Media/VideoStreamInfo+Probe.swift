internal import CFFmpeg
import Timeline

extension VideoStreamInfo {
  /// Reads the facts of a video stream after `avformat_find_stream_info`; nil if FFmpeg left
  /// the stream without codec parameters.
  init?(stream: UnsafeMutablePointer<AVStream>, in format: FormatContext) {
    guard let parameters = stream.pointee.codecpar?.pointee else { return nil }
    let pixelFormat =
      av_get_pix_fmt_name(AVPixelFormat(rawValue: parameters.format)).map { String(cString: $0) }
      ?? "unknown"
    let height = Int(parameters.height)
    let taggedMatrix = ColorRules.taggedMatrix(parameters.color_space)
    let sampleAspectRatio = StreamTiming.positive(
      av_guess_sample_aspect_ratio(format.pointer, stream, nil))
    self.init(
      streamIndex: Int(stream.pointee.index),
      codec: String(cString: avcodec_get_name(parameters.codec_id)),
      pixelFormat: pixelFormat,
      width: Int(parameters.width),
      height: height,
      frameRate: StreamTiming.positive(stream.pointee.avg_frame_rate)
        ?? StreamTiming.positive(stream.pointee.r_frame_rate),
      duration: StreamTiming.duration(of: stream, in: format),
      frameCount: stream.pointee.nb_frames > 0 ? Int(stream.pointee.nb_frames) : nil,
      rotation: Self.rotation(of: stream),
      sampleAspectRatio: sampleAspectRatio ?? .one,
      colorMatrix: ColorRules.matrix(parameters.color_space, height: height),
      colorMatrixTagged: taggedMatrix != nil,
      colorRange: ColorRules.range(
        parameters.color_range, format: AVPixelFormat(rawValue: parameters.format))
    )
  }

  /// Clockwise degrees to apply for display, from the stream's display matrix.
  /// `av_display_rotation_get` gives the counter-clockwise angle the matrix rotates by, so the
  /// clockwise angle is its negation, snapped to a quarter turn (phones only write those).
  private static func rotation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
    let sideData = stream.pointee.side_data
    let count = Int(stream.pointee.nb_side_data)
    guard count > 0, let sideData else { return 0 }
    for index in 0..<count {
      let entry = sideData[index]
      guard entry.type == AV_PKT_DATA_DISPLAYMATRIX, entry.size >= 9 * 4, let data = entry.data
      else { continue }
      let counterClockwise = data.withMemoryRebound(to: Int32.self, capacity: 9) {
        av_display_rotation_get($0)
      }
      guard counterClockwise.isFinite else { return 0 }
      let quarterTurns = Int((-counterClockwise / 90).rounded()) % 4
      return (quarterTurns + 4) % 4 * 90
    }
    return 0
  }
}
