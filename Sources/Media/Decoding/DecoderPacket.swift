internal import CFFmpeg

/// One owned AVPacket, reused for every read; freed on release.
final class DecoderPacket {
  /// The packet; valid for the object's lifetime.
  let pointer: UnsafeMutablePointer<AVPacket>

  /// Allocates an empty packet.
  init() throws(MediaError) {
    guard let packet = av_packet_alloc() else {
      throw .ffmpeg(
        call: "av_packet_alloc", code: chromake_averror_enomem(), message: "out of memory")
    }
    pointer = packet
  }

  /// Drops the data of the last read, keeping the packet for the next.
  func clear() {
    av_packet_unref(pointer)
  }

  deinit {
    var packet: UnsafeMutablePointer<AVPacket>? = pointer
    av_packet_free(&packet)
  }
}
