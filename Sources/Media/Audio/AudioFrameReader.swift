internal import CFFmpeg
import Timeline

/// Demuxes and decodes one audio stream of a file from its start, handing out decoded frames
/// in order. The decoder itself drops the encoder's priming samples and end padding that the
/// container records (an MP4 edit list), so the first sample given out is the stream's time 0.
final class AudioFrameReader {
  /// Packets or frames the decoder rejected as invalid data and that were skipped.
  private(set) var skippedPackets = 0
  /// A read failure that ended the input before the end of the file.
  private(set) var inputError: MediaError?
  /// The video stream's first timestamp in seconds, which is the renderer's time 0 for the
  /// file; nil for a file without video (then the sound's own first sample is time 0).
  private let videoStart: Rational?

  private let format: FormatContext
  private let stream: UnsafeMutablePointer<AVStream>
  private let decoder: DecoderContext
  private let packet: Packet
  /// True when `packet` holds a packet the decoder refused with "try again".
  private var packetPending = false
  /// True once the null packet that starts draining has been sent.
  private var inputEnded = false
  /// True once the decoder has given out its last frame.
  private var drained = false

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
    // Other streams are never read here; discarding them spares the demuxer their packets.
    for other in format.streams where other != stream {
      other.pointee.discard = AVDISCARD_ALL
    }
    self.format = format
    self.stream = stream
    self.decoder = try DecoderContext(for: stream)
    self.packet = try Packet()
  }

  /// Seconds from the file's time 0 to `frame`'s first sample (the first frame's, after the
  /// decoder dropped the priming and moved its timestamp past it): positive when the sound
  /// starts after the picture. 0 without video or timestamps, or when they are more than ten
  /// seconds apart (a broken timestamp, not a real lead or delay).
  func offset(of frame: DecoderFrame) -> Rational {
    guard let videoStart,
      let start = StreamTiming.seconds(
        frame.pointer.pointee.best_effort_timestamp, stream.pointee.time_base)
    else { return .zero }
    let offset = start - videoStart
    return abs(offset.doubleValue) <= 10 ? offset : .zero
  }

  /// The next decoded frame, or nil once the decoder is drained. Data the decoder rejects as
  /// invalid is skipped and counted, as the `ffmpeg` command does; any other failure throws.
  func nextFrame() throws(MediaError) -> DecoderFrame? {
    while !drained {
      let frame = try DecoderFrame()
      let code = avcodec_receive_frame(decoder.pointer, frame.pointer)
      if code == FFmpegCode.invalidData {
        skippedPackets += 1
        continue
      }
      switch try checkStep(code, "avcodec_receive_frame") {
      case .ready:
        if frame.pointer.pointee.nb_samples > 0 { return frame }
      case .tryAgain:
        try feed()
      case .endOfFile:
        drained = true
      }
    }
    return nil
  }

  /// Reads packets of the stream and gives one to the decoder; at the end of the input, sends
  /// the null packet that makes the decoder give back the frames it still holds.
  private func feed() throws(MediaError) {
    guard !inputEnded else {
      drained = true
      return
    }
    while true {
      if !packetPending {
        packet.clear()
        let code = av_read_frame(format.pointer, packet.pointer)
        if code < 0 {
          // A truncated or damaged file ends here like a whole one: what was read is decoded.
          if code != FFmpegCode.endOfFile {
            inputError = .ffmpeg(call: "av_read_frame", code: code, message: ffmpegErrorText(code))
          }
          inputEnded = true
          _ = try checkStep(avcodec_send_packet(decoder.pointer, nil), "avcodec_send_packet")
          return
        }
        guard packet.pointer.pointee.stream_index == stream.pointee.index else { continue }
      }
      let code = avcodec_send_packet(decoder.pointer, packet.pointer)
      if code == FFmpegCode.invalidData {
        skippedPackets += 1
        packetPending = false
        return
      }
      switch try checkStep(code, "avcodec_send_packet") {
      case .ready:
        packetPending = false
      case .tryAgain:
        // The decoder has frames to give first; the packet is sent again on the next call.
        packetPending = true
      case .endOfFile:
        drained = true
      }
      return
    }
  }
}
