internal import CFFmpeg
import PlanValues

extension EncoderContext {
  /// The audio encoder for `encoding`, opened: the one setup that a movie's audio track and
  /// `AudioRoundTrip` share, so the round trip hears exactly what the movie holds.
  ///
  /// AAC takes float planar samples; libopus float interleaved; FLAC and 24-bit PCM 32-bit
  /// integers holding 24 significant bits (`AudioEncoderFrame` converts).
  static func audio(_ encoding: AudioEncoding, globalHeader: Bool) throws(MediaError)
    -> EncoderContext
  {
    let (name, sampleFormat): (String, AVSampleFormat) =
      switch encoding.codec {
      case .aac: ("aac", AV_SAMPLE_FMT_FLTP)
      case .opus: ("libopus", AV_SAMPLE_FMT_FLT)
      case .flac: ("flac", AV_SAMPLE_FMT_S32)
      case .pcm: ("pcm_s24le", AV_SAMPLE_FMT_S32)
      }
    let encoder = try EncoderContext(encoderNamed: name)
    let context = encoder.pointer
    context.pointee.sample_fmt = sampleFormat
    context.pointee.sample_rate = Int32(clamping: encoding.sampleRate)
    context.pointee.time_base = AVRational(num: 1, den: Int32(clamping: encoding.sampleRate))
    if let bitRate = encoding.bitRate { context.pointee.bit_rate = Int64(bitRate) }
    if encoding.codec == .flac || encoding.codec == .pcm {
      context.pointee.bits_per_raw_sample = 24
    }
    av_channel_layout_default(&context.pointee.ch_layout, Int32(clamping: encoding.channels))
    if globalHeader {
      context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
    }
    try encoder.open(FFmpegOptions([String: String]()))
    return encoder
  }
}
