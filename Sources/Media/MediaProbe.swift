internal import CFFmpeg

/// Reads the facts of a media file that planning needs, without decoding it.
public enum MediaProbe {
  /// Probes the local file at `path`: its container, its best video stream and every audio
  /// stream.
  ///
  /// Only local files are opened. FFmpeg prints nothing; every problem is a thrown
  /// `MediaError`, and no file, however damaged, crashes the probe.
  public static func probe(path: String) throws(MediaError) -> MediaInfo {
    try LocalFile.requireReadableFile(path)
    FFmpegLog.silence()
    let format = try FormatContext(openingFile: path)
    try format.findStreamInfo()
    let streams = format.streams
    let video = bestVideoStream(in: format, streams: streams).flatMap {
      VideoStreamInfo(stream: $0, in: format)
    }
    let audio = streams.filter { $0.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
      .compactMap { AudioStreamInfo(stream: $0, in: format) }
    guard video != nil || !audio.isEmpty else {
      throw .notMedia(path: path, reason: "no audio or video streams")
    }
    return MediaInfo(
      path: path,
      formatName: format.formatName,
      duration: StreamTiming.duration(of: format),
      video: video,
      audio: audio
    )
  }

  /// FFmpeg's choice of video stream, unless it is an attached picture (cover art), which is a
  /// still image and not the video; then the first real video stream, if any.
  private static func bestVideoStream(
    in format: FormatContext, streams: [UnsafeMutablePointer<AVStream>]
  ) -> UnsafeMutablePointer<AVStream>? {
    let candidates = streams.filter {
      $0.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_VIDEO
        && $0.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
    }
    let best = av_find_best_stream(format.pointer, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
    return candidates.first { $0.pointee.index == best } ?? candidates.first
  }
}
