internal import CFFmpeg

/// Decodes the first few packets of each stream a probe found, so a file whose data the
/// decoder refuses fails when the project is checked, naming the stream, rather than minutes
/// into a render.
///
/// Only errors a render would stop on count: data the decoder rejects as invalid is skipped by
/// a render (and reported as damage), so it is skipped here too, and a file that ends early is
/// left to the render's own, located, "ends at" error.
enum FirstPackets {
  /// Packets decoded per stream: enough to open the decoder on real data and reach the first
  /// frame of a stream with a short reorder delay, few enough to keep `check` fast.
  static let perStream = 8
  /// Packets read in all, whatever their streams, so a file interleaved with streams nobody
  /// decodes (data, subtitles) is not read to its end.
  static let readLimit = 512

  /// Decodes the first packets of `streams` of `format` (each with the name a message gives
  /// it, as in "audio stream 1"); `format` must not have been read from since
  /// `findStreamInfo` (its buffered packets are read again from the start).
  static func decode(
    _ format: FormatContext, streams: [(stream: UnsafeMutablePointer<AVStream>, name: String)],
    path: String
  ) throws(MediaError) {
    var decoders:
      [Int32: (name: String, stream: UnsafeMutablePointer<AVStream>, decoder: DecoderContext)] =
        [:]
    for (stream, name) in streams {
      do {
        // One thread: a frame thread reports a decoding error a few packets late.
        decoders[stream.pointee.index] = (
          name, stream, try DecoderContext(for: stream, threads: 1)
        )
      } catch {
        throw undecodable(path, name, stream, error)
      }
    }
    var sent: [Int32: Int] = [:]
    let packet = try Packet()
    let frame = try DecoderFrame()
    for _ in 0..<readLimit {
      guard decoders.keys.contains(where: { sent[$0, default: 0] < perStream }) else { return }
      packet.clear()
      // The end of the file, or a read error the render treats as one.
      guard av_read_frame(format.pointer, packet.pointer) >= 0 else { return }
      let index = packet.pointer.pointee.stream_index
      guard let (name, stream, decoder) = decoders[index], sent[index, default: 0] < perStream
      else {
        continue
      }
      sent[index, default: 0] += 1
      do {
        try send(packet, to: decoder, frame: frame)
      } catch {
        throw undecodable(path, name, stream, error)
      }
    }
  }

  /// Sends one packet, taking out every frame it gives (and any the decoder holds first).
  private static func send(_ packet: Packet, to decoder: DecoderContext, frame: DecoderFrame)
    throws(MediaError)
  {
    while true {
      let code = avcodec_send_packet(decoder.pointer, packet.pointer)
      if code == FFmpegCode.invalidData { return }
      let step = try checkStep(code, "avcodec_send_packet")
      try receiveAll(from: decoder, into: frame)
      guard step == .tryAgain else { return }
    }
  }

  private static func receiveAll(from decoder: DecoderContext, into frame: DecoderFrame)
    throws(MediaError)
  {
    while true {
      let code = avcodec_receive_frame(decoder.pointer, frame.pointer)
      if code == FFmpegCode.invalidData { continue }
      guard try checkStep(code, "avcodec_receive_frame") == .ready else { return }
      av_frame_unref(frame.pointer)
    }
  }

  private static func undecodable(
    _ path: String, _ name: String, _ stream: UnsafeMutablePointer<AVStream>,
    _ error: MediaError
  ) -> MediaError {
    let codec = stream.pointee.codecpar.map {
      String(cString: avcodec_get_name($0.pointee.codec_id))
    }
    return .undecodable(
      path: path, stream: codec.map { "\(name) (\($0))" } ?? name, reason: "\(error)")
  }
}
