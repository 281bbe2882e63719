internal import CFFmpeg

extension FormatContext {
  /// The file's audio streams in container order: the streams that `MediaProbe` lists as
  /// `MediaInfo.audio`, so an index into either names the same stream.
  var audioStreams: [UnsafeMutablePointer<AVStream>] {
    streams.filter { $0.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
  }
}
