internal import CFFmpeg

/// An open libavcodec decoder for one stream: owns the AVCodecContext and frees it on release.
final class DecoderContext {
  /// The open context; valid for the object's lifetime.
  let pointer: UnsafeMutablePointer<AVCodecContext>

  /// Opens the stream's decoder with frame and slice threads, `threads` of them (0: as many as
  /// FFmpeg picks for the machine). Frame threads add a delay of about one frame per thread,
  /// which the send/receive loop absorbs and draining at the end of the file returns.
  init(for stream: UnsafeMutablePointer<AVStream>, threads: Int32 = 0) throws(MediaError) {
    guard let parameters = stream.pointee.codecpar else {
      throw .ffmpeg(
        call: "avcodec_find_decoder", code: chromake_averror_decoder_not_found(),
        message: "the stream has no codec parameters")
    }
    let codecID = parameters.pointee.codec_id
    guard let codec = avcodec_find_decoder(codecID) else {
      throw .ffmpeg(
        call: "avcodec_find_decoder", code: chromake_averror_decoder_not_found(),
        message: "no decoder for \(String(cString: avcodec_get_name(codecID)))")
    }
    guard let context = avcodec_alloc_context3(codec) else {
      throw .outOfMemory("avcodec_alloc_context3")
    }
    // From here on deinit frees the context, whichever call below throws.
    pointer = context
    try check(avcodec_parameters_to_context(context, parameters), "avcodec_parameters_to_context")
    context.pointee.pkt_timebase = stream.pointee.time_base
    context.pointee.thread_count = threads
    context.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
    try check(avcodec_open2(context, codec, nil), "avcodec_open2")
  }

  /// Forgets every buffered packet and frame, after a seek.
  func flush() {
    avcodec_flush_buffers(pointer)
  }

  deinit {
    var context: UnsafeMutablePointer<AVCodecContext>? = pointer
    avcodec_free_context(&context)
  }
}
