internal import CFFmpeg
import Timeline

/// Demuxes and decodes one audio stream of a file from its start, handing out decoded frames
/// in order. The decoder itself drops the encoder's priming samples and end padding that the
/// container records (an MP4 edit list), so the first sample given out is the stream's time 0.
final class AudioFrameReader {
  /// Packets or frames the decoder rejected as invalid data and that were skipped.
  var skippedPackets: Int { decoding.skippedPackets }
  /// The video stream's first timestamp in seconds, which is the renderer's time 0 for the
  /// file; nil for a file without video (then the sound's own first sample is time 0).
  private let videoStart: Rational?

  private let decoding: StreamDecoder
  /// The channel layout the stream declares (an unspecified one becomes the default for its
  /// count, as for a frame).
  let declaredLayout: AudioChannelLayout
  /// Each declared channel's position; nil when the stream only counts its channels.
  let declaredPositions: [ChannelPosition]?

  /// Opens the local file at `path` (the `file` protocol only) and the decoder of its audio
  /// stream number `audioStream`, counted among the audio streams only (0 is the first).
  init(path: String, audioStream: Int) throws(MediaError) {
    try LocalFile.requireReadableFile(path)
    FFmpegLog.silence()
    let format = try FormatContext(openingFile: path)
    try format.findStreamInfo()
    let audio = format.audioStreams
    guard !audio.isEmpty else {
      throw .notMedia(path: path, reason: "no audio stream")
    }
    guard audio.indices.contains(audioStream) else {
      throw .notMedia(
        path: path, reason: "no audio stream \(audioStream): the file has \(audio.count)")
    }
    let stream = audio[audioStream]
    videoStart = format.bestVideoStream.flatMap {
      StreamTiming.seconds($0.pointee.start_time, $0.pointee.time_base)
    }
    decoding = try StreamDecoder(format: format, stream: stream)
    guard let parameters = stream.pointee.codecpar else {
      throw .notMedia(path: path, reason: "audio stream \(audioStream) has no codec parameters")
    }
    guard parameters.pointee.ch_layout.nb_channels > 0, parameters.pointee.sample_rate > 0 else {
      throw .notMedia(
        path: path, reason: "audio stream \(audioStream) declares no channels or no sample rate")
    }
    declaredLayout = try AudioChannelLayout(copying: &parameters.pointee.ch_layout)
    declaredPositions = ChannelPosition.positions(of: &parameters.pointee.ch_layout)
  }

  /// Seconds from the file's time 0 to `frame`'s first sample (the first frame's, after the
  /// decoder dropped the priming and moved its timestamp past it): positive when the sound
  /// starts after the picture. 0 without video or timestamps, or when they are more than ten
  /// seconds apart (a broken timestamp, not a real lead or delay).
  func offset(of frame: DecoderFrame) -> Rational {
    guard let videoStart,
      let start = StreamTiming.seconds(
        frame.pointer.pointee.best_effort_timestamp, decoding.stream.pointee.time_base)
    else { return .zero }
    let offset = start - videoStart
    return abs(offset.doubleValue) <= 10 ? offset : .zero
  }

  /// The next decoded frame with samples in it, or nil once the decoder is drained.
  func nextFrame() throws(MediaError) -> DecoderFrame? {
    while let frame = try decoding.nextFrame() {
      if frame.pointer.pointee.nb_samples > 0 { return frame }
    }
    return nil
  }
}
