internal import CFFmpeg
public import PlanValues

/// Writes a sound alone in an MP4 or MOV file (named `.m4a`): a segmented render's
/// whole-timeline sound, encoded once in the output's audio codec and container, and copied
/// into the joined movie by `MovieJoiner` as a movie's sound is.
///
/// Like `MovieWriter`, write to a temporary path and rename it only after `finish()` returns.
public final class SoundWriter: AudioSink {
  /// The file being written.
  public let path: String
  private let format: OutputFormatContext
  private let track: AudioEncoderTrack
  private let packet: Packet

  /// Creates the file at `path`, in `container`, with an encoder for `audio`.
  public init(path: String, container: OutputContainer, audio: AudioEncoding) throws(MediaError) {
    FFmpegLog.silence()
    self.path = path
    let format = try OutputFormatContext(path: path, formatName: container.muxerName)
    self.format = format
    // Segments join into MP4 and MOV only, whose edit list places the priming.
    track = try AudioEncoderTrack(audio, format: format, matroska: false)
    packet = try Packet()
    try format.writeHeader(FFmpegOptions([String: String]()))
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
