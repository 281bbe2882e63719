internal import CFFmpeg
internal import Foundation

/// An output file being muxed by libavformat: owns the AVFormatContext and its open file.
///
/// Releasing it closes the file without writing a trailer, so an unfinished movie stays on
/// disk as a partial file for the caller to delete.
final class OutputFormatContext {
  /// The context; valid for the object's lifetime.
  let pointer: UnsafeMutablePointer<AVFormatContext>
  /// The path being written, for errors.
  let path: String

  /// Creates a muxer for `formatName` and opens `path` for writing, replacing any file there.
  init(path: String, formatName: String) throws(MediaError) {
    // FFmpeg only says "No such file or directory" for a missing folder; naming the folder
    // tells the user which part of the path is wrong.
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      throw .fileNotFound(path: folder)
    }
    guard isDirectory.boolValue else {
      throw .unreadable(path: folder, reason: "it is not a folder")
    }
    // The "file:" prefix stops FFmpeg reading a name with a colon ("take:2.mp4") as a
    // protocol; the muxer reopens this same name to move the index to the front (faststart).
    let url = "file:" + path
    var context: UnsafeMutablePointer<AVFormatContext>? = nil
    try check(
      avformat_alloc_output_context2(&context, nil, formatName, url),
      "avformat_alloc_output_context2")
    guard let context else {
      throw .ffmpeg(
        call: "avformat_alloc_output_context2", code: 0, message: "returned no context")
    }
    self.pointer = context
    self.path = path
    // From here on a throw runs deinit, which frees the context. A muxer that opens its own
    // files (image2: one a frame) gets none.
    guard !writesOwnFiles else { return }
    try check(avio_open(&context.pointee.pb, url, AVIO_FLAG_WRITE), "avio_open")
  }

  deinit {
    if pointer.pointee.pb != nil {
      avio_closep(&pointer.pointee.pb)
    }
    avformat_free_context(pointer)
  }

  /// True when the muxer opens its files itself, one a frame, from the path's pattern.
  var writesOwnFiles: Bool {
    guard let format = pointer.pointee.oformat else { return false }
    return format.pointee.flags & AVFMT_NOFILE != 0
  }

  /// True when the container keeps codec headers in the stream description (MP4 and MOV
  /// do), so the encoder must put them there rather than in the bitstream.
  var wantsGlobalHeader: Bool {
    guard let format = pointer.pointee.oformat else { return false }
    return format.pointee.flags & AVFMT_GLOBALHEADER != 0
  }

  /// Adds a stream, owned by the context.
  func addStream() throws(MediaError) -> UnsafeMutablePointer<AVStream> {
    guard let stream = avformat_new_stream(pointer, nil) else {
      throw .outOfMemory("avformat_new_stream")
    }
    return stream
  }

  /// Writes the file header; the muxer may change each stream's time base here.
  func writeHeader(_ options: FFmpegOptions) throws(MediaError) {
    try check(avformat_write_header(pointer, &options.dictionary), "avformat_write_header")
  }

  /// Sets the file-level tag `key` to `value`, replacing any.
  func setMetadata(_ key: String, _ value: String) throws(MediaError) {
    try check(av_dict_set(&pointer.pointee.metadata, key, value, 0), "av_dict_set")
  }

  /// Sets the muxer's own option `name` (one of its private options) to `value`.
  func setMuxerOption(_ name: String, _ value: Int64) throws(MediaError) {
    try check(av_opt_set_int(pointer.pointee.priv_data, name, value, 0), "av_opt_set_int")
  }

  /// Writes one packet, buffering as needed so the streams come out interleaved by time.
  /// The muxer takes the packet's contents and leaves it blank.
  func writeInterleaved(_ packet: Packet) throws(MediaError) {
    try check(av_interleaved_write_frame(pointer, packet.pointer), "av_interleaved_write_frame")
  }

  /// Writes out every buffered packet and the trailer (the index), then closes the file.
  func finish() throws(MediaError) {
    try check(av_write_trailer(pointer), "av_write_trailer")
    if pointer.pointee.pb != nil {
      try check(avio_closep(&pointer.pointee.pb), "avio_closep")
    }
  }
}
