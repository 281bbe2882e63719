internal import CFFmpeg

/// The owned AVFrame that float planar samples are copied into for the AAC encoder, refilled
/// for every chunk of the encoder's frame size.
final class AudioEncoderFrame {
  /// The frame; valid for the object's lifetime.
  let pointer: UnsafeMutablePointer<AVFrame>
  /// The most samples per channel it holds: the encoder's frame size.
  let capacity: Int

  /// Allocates a frame with room for `encoder`'s frame size in its sample format and layout.
  init(for encoder: EncoderContext) throws(MediaError) {
    guard let frame = av_frame_alloc() else {
      throw .outOfMemory("av_frame_alloc")
    }
    pointer = frame
    let context = encoder.pointer.pointee
    capacity = Int(context.frame_size)
    frame.pointee.format = context.sample_fmt.rawValue
    frame.pointee.sample_rate = context.sample_rate
    frame.pointee.nb_samples = context.frame_size
    try check(
      av_channel_layout_copy(&frame.pointee.ch_layout, &encoder.pointer.pointee.ch_layout),
      "av_channel_layout_copy")
    try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
  }

  deinit {
    var frame: UnsafeMutablePointer<AVFrame>? = pointer
    av_frame_free(&frame)
  }

  /// Copies `count` samples per channel from `channels`, starting at `offset`, into the frame,
  /// stamped with `pts` in samples. The encoder may still hold the previous chunk, so the
  /// buffer is made writable (copied away from the encoder's reference) first.
  func fill(
    from channels: [[Float]], offset: Int, count: Int, pts: Int64
  ) throws(MediaError) {
    precondition(count <= capacity, "an AAC frame holds at most \(capacity) samples")
    try check(av_frame_make_writable(pointer), "av_frame_make_writable")
    pointer.pointee.nb_samples = Int32(count)
    pointer.pointee.pts = pts
    guard let planes = pointer.pointee.extended_data else {
      preconditionFailure("av_frame_get_buffer left the frame without planes")
    }
    for (index, channel) in channels.enumerated() {
      guard let plane = planes[index] else {
        preconditionFailure("av_frame_get_buffer left channel \(index) without memory")
      }
      plane.withMemoryRebound(to: Float.self, capacity: count) { destination in
        _ = UnsafeMutableBufferPointer(start: destination, count: count)
          .update(fromContentsOf: channel[offset..<offset + count])
      }
    }
  }
}
