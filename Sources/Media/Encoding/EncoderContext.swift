internal import CFFmpeg

/// An encoder opened by libavcodec: owns the AVCodecContext and frees it on release.
final class EncoderContext {
  /// The context; settings go in before `open`, and stay fixed after.
  let pointer: UnsafeMutablePointer<AVCodecContext>

  /// Allocates a context for the encoder FFmpeg knows as `name` (such as `"libx264"`).
  init(encoderNamed name: String) throws(MediaError) {
    guard let codec = avcodec_find_encoder_by_name(name) else {
      throw .ffmpeg(
        call: "avcodec_find_encoder_by_name", code: chromake_averror_encoder_not_found(),
        message: "this FFmpeg has no \(name) encoder")
    }
    guard let context = avcodec_alloc_context3(codec) else {
      throw .outOfMemory("avcodec_alloc_context3")
    }
    pointer = context
  }

  deinit {
    var context: UnsafeMutablePointer<AVCodecContext>? = pointer
    avcodec_free_context(&context)
  }

  /// Opens the encoder with the settings already on the context plus the encoder's private
  /// `options`. An option the encoder does not know is an error, not silently ignored.
  func open(_ options: FFmpegOptions) throws(MediaError) {
    try check(avcodec_open2(pointer, nil, &options.dictionary), "avcodec_open2")
    if let unused = av_dict_get(options.dictionary, "", nil, AV_DICT_IGNORE_SUFFIX) {
      let key = String(cString: unused.pointee.key)
      throw .ffmpeg(
        call: "avcodec_open2", code: chromake_averror(EINVAL),
        message: "the encoder has no option \"\(key)\"")
    }
  }

  /// Copies the opened encoder's parameters (size, format, colour tags, headers) to `stream`.
  func describe(_ stream: UnsafeMutablePointer<AVStream>) throws(MediaError) {
    try check(
      avcodec_parameters_from_context(stream.pointee.codecpar, pointer),
      "avcodec_parameters_from_context")
  }

  /// Hands the encoder a frame, or nil to flush it. `.tryAgain` means its packets must be
  /// received before it takes more.
  func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws(MediaError) -> FFmpegStep {
    try checkStep(avcodec_send_frame(pointer, frame), "avcodec_send_frame")
  }

  /// Takes the next finished packet. `.tryAgain` means it needs more frames first, and
  /// `.endOfFile` that a flushed encoder has given everything.
  func receive(into packet: Packet) throws(MediaError) -> FFmpegStep {
    try checkStep(avcodec_receive_packet(pointer, packet.pointer), "avcodec_receive_packet")
  }
}
