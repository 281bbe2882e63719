internal import CFFmpeg

/// Demuxes one stream of an open file and decodes it: the packet-and-frame loop both the video
/// and the audio readers run, with damage counted rather than fatal.
///
/// Data the decoder rejects as invalid is skipped and counted, as the `ffmpeg` command does; a
/// read failure ends the input early (`inputError`) and what was read is still decoded; any
/// other FFmpeg failure throws `MediaError.ffmpeg` naming the call.
final class StreamDecoder {
  let format: FormatContext
  let stream: UnsafeMutablePointer<AVStream>
  /// True once the decoder has given out its last frame; cleared by `restart`.
  private(set) var drained = false
  /// Packets or frames the decoder rejected as invalid data and that were skipped.
  private(set) var skippedPackets = 0
  /// Damage the decoder worked around rather than rejected: packets the demuxer flagged
  /// corrupt (an MPEG-TS continuity error) and frames decoded with errors concealed.
  private(set) var damagedPackets = 0
  /// A read failure that ended the input before the end of the file.
  private(set) var inputError: MediaError?

  private let decoder: DecoderContext
  private let packet: Packet
  /// True when `packet` holds a packet the decoder refused with "try again".
  private var packetPending = false
  /// True once the null packet that starts draining has been sent.
  private var inputEnded = false

  /// Opens the decoder of `stream` in `format`; the file's other streams are discarded, which
  /// spares the demuxer their packets.
  init(format: FormatContext, stream: UnsafeMutablePointer<AVStream>) throws(MediaError) {
    for other in format.streams where other != stream {
      other.pointee.discard = AVDISCARD_ALL
    }
    self.format = format
    self.stream = stream
    decoder = try DecoderContext(for: stream)
    packet = try Packet()
  }

  /// The next frame the decoder gives out, in its order, or nil once it is drained.
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
        let picture = frame.pointer.pointee
        if picture.decode_error_flags != 0 || picture.flags & AV_FRAME_FLAG_CORRUPT != 0 {
          damagedPackets += 1
        }
        return frame
      case .tryAgain:
        try feed()
      case .endOfFile:
        drained = true
      }
    }
    return nil
  }

  /// Forgets everything buffered after the caller sought in `format`: decoding starts again
  /// from the next packet read.
  func restart() {
    decoder.flush()
    packet.clear()
    packetPending = false
    inputEnded = false
    drained = false
  }

  /// Reads packets of the stream and gives one to the decoder; at the end of the input, sends
  /// the null packet that makes the decoder give back the frames it still holds.
  private func feed() throws(MediaError) {
    // The decoder asks for input after draining began only if it has nothing left.
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
        if packet.pointer.pointee.flags & AV_PKT_FLAG_CORRUPT != 0 {
          damagedPackets += 1
        }
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
