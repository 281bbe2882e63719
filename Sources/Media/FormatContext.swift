internal import CFFmpeg

/// An input file opened by libavformat: owns the AVFormatContext and closes it on release.
final class FormatContext {
  /// The open context; valid for the object's lifetime.
  let pointer: UnsafeMutablePointer<AVFormatContext>
  /// The path it was opened from, for errors.
  let path: String

  /// Opens a local file and reads its header. Only the `file` protocol is allowed, so a
  /// playlist or reference inside a file can never make FFmpeg open a URL or another protocol.
  init(openingFile path: String) throws(MediaError) {
    let options = try FFmpegOptions(["protocol_whitelist": "file"])
    var context: UnsafeMutablePointer<AVFormatContext>? = nil
    // The "file:" prefix stops FFmpeg reading a relative name with a colon ("take:2.mov") as a
    // protocol name.
    let code = avformat_open_input(&context, "file:" + path, nil, &options.dictionary)
    // On failure avformat_open_input has already freed the context, so there is nothing to close.
    try Self.checkInput(code, "avformat_open_input", path: path)
    guard let context else {
      throw .ffmpeg(call: "avformat_open_input", code: code, message: "returned no context")
    }
    self.pointer = context
    self.path = path
  }

  deinit {
    var context: UnsafeMutablePointer<AVFormatContext>? = pointer
    avformat_close_input(&context)
  }

  /// Reads the start of the file to fill in what the header leaves out (frame rates,
  /// pixel formats, durations).
  func findStreamInfo() throws(MediaError) {
    try Self.checkInput(
      avformat_find_stream_info(pointer, nil), "avformat_find_stream_info", path: path)
  }

  /// The container's streams, in container order.
  var streams: [UnsafeMutablePointer<AVStream>] {
    let count = Int(pointer.pointee.nb_streams)
    guard count > 0, let streams = pointer.pointee.streams else { return [] }
    return (0..<count).compactMap { streams[$0] }
  }

  /// FFmpeg's name for the container format.
  var formatName: String {
    guard let format = pointer.pointee.iformat, let name = format.pointee.name else { return "" }
    return String(cString: name)
  }

  /// Like `check`, but reports bytes FFmpeg cannot make sense of as `notMedia`: for an input
  /// file that is a fact about the file, not a failure of FFmpeg.
  private static func checkInput(_ code: Int32, _ call: String, path: String) throws(MediaError) {
    if code == FFmpegCode.invalidData || code == FFmpegCode.endOfFile {
      throw .notMedia(path: path, reason: "\(ffmpegErrorText(code)) (\(call))")
    }
    try check(code, call)
  }
}

extension FormatContext {
  /// FFmpeg's choice of video stream, unless it is an attached picture (cover art), which is a
  /// still image and not the video; then the first real video stream, if any.
  var bestVideoStream: UnsafeMutablePointer<AVStream>? {
    let candidates = streams.filter {
      $0.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_VIDEO
        && $0.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
    }
    let best = av_find_best_stream(pointer, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    return candidates.first { $0.pointee.index == best } ?? candidates.first
  }
}
