internal import CFFmpeg

extension EncoderContext {
  /// FFmpeg's AAC encoder opened for `encoding`, float planar: the one setup that a movie's
  /// audio track and `AACRoundTrip` share, so the round trip hears exactly what the movie holds.
  static func aac(_ encoding: AudioEncoding, globalHeader: Bool) throws(MediaError)
    -> EncoderContext
  {
    let encoder = try EncoderContext(encoderNamed: "aac")
    let context = encoder.pointer
    context.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
    context.pointee.sample_rate = Int32(clamping: encoding.sampleRate)
    context.pointee.time_base = AVRational(num: 1, den: Int32(clamping: encoding.sampleRate))
    context.pointee.bit_rate = Int64(encoding.bitRate)
    av_channel_layout_default(&context.pointee.ch_layout, Int32(clamping: encoding.channels))
    if globalHeader {
      context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
    }
    try encoder.open(FFmpegOptions([:]))
    return encoder
  }
}
