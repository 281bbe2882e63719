internal import CFFmpeg

/// The owned AVFrame that float planar samples are copied into for an audio encoder, in the
/// encoder's sample format, refilled for every chunk of the encoder's frame size.
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
    // An encoder that takes any length (PCM) says 0: it gets chunks of 1024.
    capacity = context.frame_size > 0 ? Int(context.frame_size) : 1024
    frame.pointee.nb_samples = Int32(capacity)
    frame.pointee.format = context.sample_fmt.rawValue
    frame.pointee.sample_rate = context.sample_rate
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
    precondition(count <= capacity, "a frame holds at most \(capacity) samples")
    try check(av_frame_make_writable(pointer), "av_frame_make_writable")
    pointer.pointee.nb_samples = Int32(count)
    pointer.pointee.pts = pts
    guard let planes = pointer.pointee.extended_data else {
      preconditionFailure("av_frame_get_buffer left the frame without planes")
    }
    let format = AVSampleFormat(rawValue: pointer.pointee.format)
    let channelCount = channels.count
    switch format {
    case AV_SAMPLE_FMT_FLTP:
      for index in channels.indices {
        guard let plane = planes[index] else {
          preconditionFailure("av_frame_get_buffer left channel \(index) without memory")
        }
        plane.withMemoryRebound(to: Float.self, capacity: count) { destination in
          _ = UnsafeMutableBufferPointer(start: destination, count: count)
            .update(fromContentsOf: channels[index][offset..<offset + count])
        }
      }
    case AV_SAMPLE_FMT_FLT:
      guard let plane = planes[0] else { preconditionFailure("no sample buffer") }
      plane.withMemoryRebound(to: Float.self, capacity: count * channelCount) { destination in
        for i in 0..<count {
          for c in 0..<channelCount { destination[i * channelCount + c] = channels[c][offset + i] }
        }
      }
    case AV_SAMPLE_FMT_S32:
      // 24 significant bits in the top of each 32-bit word, as FFmpeg's FLAC and PCM
      // encoders take them; rounded, and clipped to the 24-bit range.
      guard let plane = planes[0] else { preconditionFailure("no sample buffer") }
      plane.withMemoryRebound(to: Int32.self, capacity: count * channelCount) { destination in
        for i in 0..<count {
          for c in 0..<channelCount {
            let scaled = (Double(channels[c][offset + i]) * 8_388_608).rounded()
            let clipped = Int32(min(max(scaled, -8_388_608), 8_388_607))
            destination[i * channelCount + c] = clipped << 8
          }
        }
      }
    default:
      preconditionFailure("an audio encoder with an unexpected sample format \(format)")
    }
  }
}
