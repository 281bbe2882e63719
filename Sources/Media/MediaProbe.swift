internal import CFFmpeg
import PlanValues

/// Reads the facts of a media file that planning needs, decoding only the first few packets of
/// each stream (so data the decoder refuses is found before a render).
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
    let video = format.bestVideoStream.flatMap {
      VideoStreamInfo(stream: $0, in: format)
    }
    let audio = streams.filter { $0.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
      .compactMap { AudioStreamInfo(stream: $0, in: format) }
    guard video != nil || !audio.isEmpty else {
      throw .notMedia(path: path, reason: "no audio or video streams")
    }
    // Audio streams are named as the project counts them: among the file's audio streams.
    let audioStreams = audio.enumerated().compactMap { number, info in
      streams.first { Int($0.pointee.index) == info.streamIndex }.map {
        ($0, "audio stream \(number)")
      }
    }
    // A picture larger than chromake draws is refused by the checks at its path; decoding it
    // here would only fail in FFmpeg's size check, or take gigabytes.
    let videoStream =
      video.map { PictureLimits.exceeded(width: $0.width, height: $0.height) } == false
      ? format.bestVideoStream : nil
    try FirstPackets.decode(
      format, streams: (videoStream.map { [($0, "the video stream")] } ?? []) + audioStreams,
      path: path)
    return MediaInfo(
      path: path,
      formatName: format.formatName,
      duration: StreamTiming.duration(of: format),
      video: video,
      audio: audio
    )
  }
}
