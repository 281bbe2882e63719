internal import CFFmpeg

/// An input file opened by libavformat: owns the AVFormatContext and closes it on release.
final class FormatContext {
  /// The open context; valid for the object's lifetime.
  let pointer: UnsafeMutablePointer<AVFormatContext>
  /// The path it was opened from, for errors.
  let path: String

  /// Opens a local file and reads its header. Only the `file` protocol is allowed, so a
  /// playlist or reference inside a file can never make FFmpeg open a URL or another protocol,
  /// and formats that name further files (playlists, scripts, index files) are refused before
  /// they are read, so a file can never make FFmpeg open another file either.
  init(openingFile path: String) throws(MediaError) {
    // The "file:" prefix stops FFmpeg reading a relative name with a colon ("take:2.mov") as a
    // protocol name.
    let url = "file:" + path
    let format = try Self.selfContainedFormat(url, path: path)
    let options = try FFmpegOptions([
      "protocol_whitelist": "file",
      // The open probes again; allowing only the format checked above means a file changed in
      // between is refused rather than read by another demuxer.
      "format_whitelist": String(cString: format.pointee.name),
      // image2 reads a name such as "frame%03d.png" as a numbered series of other files.
      "pattern_type": "none",
    ])
    var context: UnsafeMutablePointer<AVFormatContext>? = nil
    let code = avformat_open_input(&context, url, nil, &options.dictionary)
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

  /// Demuxers that open further files or streams named inside the file they read: playlists
  /// and manifests (`hls`, `dash`, `imf`), edit scripts (`concat`), subtitle indexes that open
  /// their data file (`vobsub`), session descriptions (`sdp`, and the network inputs).
  static let referencingFormats: Set<String> = [
    "avisynth", "concat", "dash", "hls", "imf", "rtp", "rtsp", "sap", "sdp", "vapoursynth",
    "vobsub",
  ]

  /// The demuxer FFmpeg chooses for the file, found from its first bytes as avformat_open_input
  /// would, before any demuxer reads it; throws when that demuxer would open other files.
  private static func selfContainedFormat(_ url: String, path: String) throws(MediaError)
    -> UnsafePointer<AVInputFormat>
  {
    let options = try FFmpegOptions(["protocol_whitelist": "file"])
    var io: UnsafeMutablePointer<AVIOContext>? = nil
    defer { avio_closep(&io) }
    try checkInput(
      avio_open2(&io, url, AVIO_FLAG_READ, nil, &options.dictionary), "avio_open2", path: path)
    var found: UnsafePointer<AVInputFormat>? = nil
    try checkInput(
      av_probe_input_buffer2(io, &found, url, nil, 0, 0), "av_probe_input_buffer2", path: path)
    guard let format = found, let cName = format.pointee.name else {
      throw .notMedia(path: path, reason: "FFmpeg recognises no format in it")
    }
    let name = String(cString: cName)
    if referencingFormats.contains(name) {
      throw .notMedia(
        path: path,
        reason: "its format is '\(name)': playlists and scripts that name other files are not read")
    }
    // image2 reads "x.y" (raw luma) together with "x.U" and "x.V" beside it.
    if name == "image2", path.lowercased().hasSuffix(".y") {
      throw .notMedia(
        path: path, reason: "a '.y' image is read with other files ('.U', '.V'), which is not done")
    }
    return format
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
