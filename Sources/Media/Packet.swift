internal import CFFmpeg

/// One owned AVPacket, reused for every read (demuxer to decoder) or every write (encoder to
/// muxer); freed on release.
final class Packet {
  /// The packet; valid for the object's lifetime.
  let pointer: UnsafeMutablePointer<AVPacket>

  /// Allocates an empty packet.
  init() throws(MediaError) {
    guard let packet = av_packet_alloc() else { throw .outOfMemory("av_packet_alloc") }
    pointer = packet
  }

  /// Drops the data of the last use, keeping the packet for the next.
  func clear() {
    av_packet_unref(pointer)
  }

  deinit {
    var packet: UnsafeMutablePointer<AVPacket>? = pointer
    av_packet_free(&packet)
  }
}
