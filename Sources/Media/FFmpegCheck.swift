internal import CFFmpeg

/// FFmpeg status codes that callers compare against, named so no code is written as `-11`.
enum FFmpegCode {
  /// AVERROR(EAGAIN): the call needs more input, or its output drained, before it can go on.
  static let tryAgain = chromake_averror_eagain()
  /// AVERROR_EOF: the stream or codec has nothing more to give.
  static let endOfFile = chromake_averror_eof()
  /// AVERROR_INVALIDDATA: the bytes are not what the format or codec expects.
  static let invalidData = chromake_averror_invaliddata()
  /// AVERROR_STREAM_NOT_FOUND: no stream of the requested kind.
  static let streamNotFound = chromake_averror_stream_not_found()
}

/// The outcome of an FFmpeg send or receive call, where "try again" and "end of file" are
/// normal steps of the loop rather than failures.
enum FFmpegStep: Equatable {
  case ready
  case tryAgain
  case endOfFile
}

/// The one throw funnel for FFmpeg: a negative `code` becomes `MediaError.ffmpeg` naming `call`,
/// so an error always says which C function failed.
@discardableResult
func check(_ code: Int32, _ call: String) throws(MediaError) -> Int32 {
  guard code < 0 else { return code }
  throw .ffmpeg(call: call, code: code, message: ffmpegErrorText(code))
}

/// Like `check`, but for send/receive loops: EAGAIN and EOF come back as named steps.
func checkStep(_ code: Int32, _ call: String) throws(MediaError) -> FFmpegStep {
  switch code {
  case FFmpegCode.tryAgain: return .tryAgain
  case FFmpegCode.endOfFile: return .endOfFile
  default:
    try check(code, call)
    return .ready
  }
}

/// FFmpeg's own sentence for an error code (what `av_err2str` gives in C).
func ffmpegErrorText(_ code: Int32) -> String {
  var buffer = [CChar](repeating: 0, count: Int(AV_ERROR_MAX_STRING_SIZE))
  chromake_error_text(code, &buffer, buffer.count)
  return String(nulTerminated: buffer)
}

extension MediaError {
  /// A failed allocation in `call` (the FFmpeg allocators return nil rather than a code).
  static func outOfMemory(_ call: String) -> MediaError {
    .ffmpeg(call: call, code: chromake_averror(ENOMEM), message: "out of memory")
  }
}
