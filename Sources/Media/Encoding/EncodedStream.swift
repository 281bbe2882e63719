internal import CFFmpeg

/// One output stream and the encoder that feeds it: moves finished packets from the encoder
/// into the muxer, converting their timestamps from the encoder's time base to the stream's.
final class EncodedStream {
  /// The opened encoder.
  let encoder: EncoderContext
  /// The stream, owned by the output format context.
  let stream: UnsafeMutablePointer<AVStream>
  /// Added to every packet's timestamps, in the encoder's time base, before they are written:
  /// how a sound's priming is moved to start at 0 where the container says it another way.
  var timestampShift: Int64 = 0

  /// Adds a stream for the opened `encoder` to `format`, before the header is written.
  init(encoder: EncoderContext, format: OutputFormatContext) throws(MediaError) {
    let stream = try format.addStream()
    // A hint only: the muxer picks its own time base when it writes the header (MP4 and MOV
    // use a multiple of the denominator), and packets are rescaled to whatever it chose.
    stream.pointee.time_base = encoder.pointer.pointee.time_base
    if encoder.pointer.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
      stream.pointee.avg_frame_rate = encoder.pointer.pointee.framerate
    }
    try encoder.describe(stream)
    self.encoder = encoder
    self.stream = stream
  }

  /// Hands the encoder `frame` (nil flushes it), making room first if it asks for that.
  func send(
    _ frame: UnsafeMutablePointer<AVFrame>?, to format: OutputFormatContext,
    using packet: Packet
  ) throws(MediaError) {
    if try encoder.send(frame) == .tryAgain {
      // Packets are drained after every send, so this means the encoder holds more than one
      // packet back; writing them out makes room.
      try drain(into: format, using: packet)
      try check(avcodec_send_frame(encoder.pointer, frame), "avcodec_send_frame")
    }
    try drain(into: format, using: packet)
  }

  /// Writes every packet the encoder has ready, until it needs more input (or, once flushed,
  /// has nothing more).
  func drain(into format: OutputFormatContext, using packet: Packet) throws(MediaError) {
    let encoderTimeBase = encoder.pointer.pointee.time_base
    let isVideo = encoder.pointer.pointee.codec_type == AVMEDIA_TYPE_VIDEO
    while try encoder.receive(into: packet) == .ready {
      // A video frame lasts exactly one tick of 1 / fps; stating it means the muxer never
      // has to guess the last frame's duration.
      if isVideo && packet.pointer.pointee.duration == 0 {
        packet.pointer.pointee.duration = 1
      }
      if timestampShift != 0 {
        let times = packet.pointer
        if times.pointee.pts != Int64.min { times.pointee.pts += timestampShift }
        if times.pointee.dts != Int64.min { times.pointee.dts += timestampShift }
      }
      packet.pointer.pointee.stream_index = stream.pointee.index
      av_packet_rescale_ts(packet.pointer, encoderTimeBase, stream.pointee.time_base)
      try format.writeInterleaved(packet)
    }
  }
}
