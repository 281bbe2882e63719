internal import CFFmpeg

/// An owned AVPacket that an encoder fills and the muxer empties, reused for every packet.
final class EncoderPacket {
  /// The packet; valid for the object's lifetime.
  let pointer: UnsafeMutablePointer<AVPacket>

  /// Allocates an empty packet.
  init() throws(MediaError) {
    guard let packet = av_packet_alloc() else {
      throw .ffmpeg(
        call: "av_packet_alloc", code: chromake_averror(ENOMEM), message: "out of memory")
    }
    pointer = packet
  }

  deinit {
    var packet: UnsafeMutablePointer<AVPacket>? = pointer
    av_packet_free(&packet)
  }
}
