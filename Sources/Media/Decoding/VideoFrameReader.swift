internal import CFFmpeg
import Timeline

/// Demuxes and decodes one file's video stream, handing out frames in presentation order with
/// times measured from the first frame; seeks on request. `VideoDecoder` decides what to read.
final class VideoFrameReader {
  /// The stream's time base: one tick is this many seconds.
  let timeBase: AVRational
  /// The raw pts of the first frame the decoder gave out (after the container's edit list),
  /// which becomes time 0; nil until that frame is decoded.
  private(set) var origin: Int64?
  /// True once the decoder has given out its last frame; cleared by a seek.
  var drained: Bool { decoding.drained }
  /// Packets or frames the decoder rejected as invalid data and that were skipped.
  var skippedPackets: Int { decoding.skippedPackets }
  /// Damage the decoder worked around rather than rejected (see `StreamDecoder`).
  var damagedPackets: Int { decoding.damagedPackets }
  /// A read failure that ended the input before the end of the file.
  var inputError: MediaError? { decoding.inputError }

  private let decoding: StreamDecoder
  private var stream: UnsafeMutablePointer<AVStream> { decoding.stream }
  private let scaler = DecoderScaler()
  /// One frame's length in ticks at the stream's frame rate, for frames without a timestamp.
  private let nominalFrameTicks: Int64?
  /// The raw pts of the last frame given out since opening or seeking.
  private var lastRaw: Int64?

  /// Opens the local file at `path` (the `file` protocol only) and the decoder of its best
  /// video stream, never an attached picture such as cover art.
  init(path: String) throws(MediaError) {
    try LocalFile.requireReadableFile(path)
    FFmpegLog.silence()
    let format = try FormatContext(openingFile: path)
    try format.findStreamInfo()
    guard let stream = format.bestVideoStream else {
      throw .notMedia(path: path, reason: "no video stream")
    }
    let timeBase = stream.pointee.time_base
    guard timeBase.num > 0, timeBase.den > 0 else {
      throw .notMedia(path: path, reason: "the video stream has no time base")
    }
    self.decoding = try StreamDecoder(format: format, stream: stream)
    self.timeBase = timeBase
    let rate = stream.pointee.avg_frame_rate
    if rate.num > 0, rate.den > 0 {
      let ticks = Rational(
        Int64(timeBase.den) * Int64(rate.den), Int64(timeBase.num) * Int64(rate.num))
      nominalFrameTicks = ticks.rounded > 0 ? ticks.rounded : nil
    } else {
      nominalFrameTicks = nil
    }
  }

  /// The next frame in presentation order, or nil once the decoder is drained.
  ///
  /// Frames come out strictly increasing in time: a frame at or before the previous one (a
  /// damaged or duplicated timestamp), or before the first frame, is dropped. Data the
  /// decoder rejects as invalid is skipped and counted, as the `ffmpeg` command does; any
  /// other decoder failure throws.
  func nextFrame() throws(MediaError) -> DecodedFrame? {
    while let frame = try decoding.nextFrame() {
      if let decoded = try accept(frame) { return decoded }
    }
    return nil
  }

  /// Seeks to the keyframe at or before `ticks` (from the first frame) and forgets everything
  /// buffered; the next frame comes from there.
  func seek(to ticks: Int64) throws(MediaError) {
    let origin = self.origin ?? 0
    let (target, overflow) = origin.addingReportingOverflow(ticks)
    let timestamp = overflow ? (ticks < 0 ? .min : .max) : target
    try check(
      av_seek_frame(
        decoding.format.pointer, stream.pointee.index, timestamp, AVSEEK_FLAG_BACKWARD),
      "av_seek_frame")
    decoding.restart()
    lastRaw = nil
  }

  /// The time (in ticks from the first frame) of the last keyframe at or before `ticks`, from
  /// the container's index; nil when the index does not say.
  func keyframe(atOrBefore ticks: Int64) -> Int64? {
    guard let origin else { return nil }
    let (target, overflow) = origin.addingReportingOverflow(ticks)
    guard !overflow else { return nil }
    let index = av_index_search_timestamp(stream, target, AVSEEK_FLAG_BACKWARD)
    guard index >= 0, let entry = avformat_index_get_entry(stream, index) else { return nil }
    let (keyframe, late) = entry.pointee.timestamp.subtractingReportingOverflow(origin)
    return late ? nil : keyframe
  }

  /// The greatest tick count whose time is at or before `t`: a frame at `ticks` is shown at
  /// `t` exactly when `ticks ≤ ticks(atOrBefore: t)`. Absurdly large times saturate.
  func ticks(atOrBefore t: Rational) -> Int64 {
    let ticksPerSecond = Rational(Int64(timeBase.den), Int64(timeBase.num))
    guard let ticks = Rational.productReportingOverflow(t, ticksPerSecond) else {
      return t.isNegative ? -.max : .max
    }
    return ticks.floor
  }

  /// Times a decoded frame and brings it into a `PlaneLayout`; nil when it must be dropped.
  private func accept(_ frame: DecoderFrame) throws(MediaError) -> DecodedFrame? {
    let picture = frame.pointer.pointee
    guard let raw = rawTime(of: picture) else { return nil }
    if let lastRaw, raw <= lastRaw { return nil }
    let origin = self.origin ?? raw
    let (ticks, overflow) = raw.subtractingReportingOverflow(origin)
    guard !overflow, ticks >= 0, let pts = StreamTiming.seconds(ticks, timeBase) else {
      return nil
    }
    self.origin = origin
    lastRaw = raw

    let pixelFormat = AVPixelFormat(rawValue: picture.format)
    let matrix = ColorRules.matrix(picture.colorspace, height: Int(picture.height))
    var range = ColorRules.range(picture.color_range, format: pixelFormat)
    var storage = frame
    let layout: PlaneLayout
    if let native = DecoderPixelFormat.layout(of: pixelFormat), !Self.isFlipped(frame, native) {
      layout = native
    } else {
      // A bottom-up frame (negative stride) in a native format is copied the right way up.
      layout =
        DecoderPixelFormat.layout(of: pixelFormat)
        ?? DecoderPixelFormat.conversionTarget(for: pixelFormat)
      (storage, range) = try scaler.convert(frame, to: layout, range: range)
    }
    return DecodedFrame(
      storage: storage, ticks: ticks, pts: pts, layout: layout,
      colorRange: layout.isRGB ? .full : range, colorMatrix: matrix,
      decodedPixelFormat: DecoderPixelFormat.name(of: pixelFormat))
  }

  /// FFmpeg's best guess at the frame's pts; for a frame without one, the previous frame's
  /// plus one frame's length, and 0 for a first frame without one. Nil when there is no way
  /// to tell (after a seek, before any timed frame).
  private func rawTime(of picture: AVFrame) -> Int64? {
    if picture.best_effort_timestamp != StreamTiming.noTimestamp {
      return picture.best_effort_timestamp
    }
    guard let lastRaw else { return origin == nil ? 0 : nil }
    let length = picture.pkt_duration > 0 ? picture.pkt_duration : nominalFrameTicks
    guard let length else { return nil }
    let (raw, overflow) = lastRaw.addingReportingOverflow(length)
    return overflow ? nil : raw
  }

  /// True when any plane is stored bottom-up, which the uploader cannot take.
  private static func isFlipped(_ frame: DecoderFrame, _ layout: PlaneLayout) -> Bool {
    (0..<layout.planeCount).contains { frame.plane($0).bytesPerRow < 0 }
  }
}
