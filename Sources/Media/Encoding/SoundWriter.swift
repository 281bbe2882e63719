internal import CFFmpeg

/// Writes a sound alone as AAC in an MP4 file (`.m4a`): a segmented render's whole-timeline
/// sound, encoded once and copied into the joined movie by `MovieJoiner` as a movie's sound is.
///
/// Like `MovieWriter`, write to a temporary path and rename it only after `finish()` returns.
public final class SoundWriter: AudioSink {
  /// The file being written.
  public let path: String
  private let format: OutputFormatContext
  private let track: AudioEncoderTrack
  private let packet: Packet

  /// Creates the file at `path` with an AAC encoder for `audio`.
  public init(path: String, audio: AudioEncoding) throws(MediaError) {
    FFmpegLog.silence()
    self.path = path
    let format = try OutputFormatContext(path: path, formatName: "mp4")
    self.format = format
    track = try AudioEncoderTrack(audio, format: format)
    packet = try Packet()
    try format.writeHeader(FFmpegOptions([:]))
  }

  /// Encodes the next samples, as `MovieWriter.writeAudio` does.
  public func writeAudio(_ channels: [UnsafeBufferPointer<Float>]) throws(MediaError) {
    try track.append(channels, to: format, using: packet)
  }

  /// Flushes the encoder, writes the index and closes the file.
  public func finish() throws(MediaError) {
    try track.finish(to: format, using: packet)
    try format.finish()
  }
}
