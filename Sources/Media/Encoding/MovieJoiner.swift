internal import CFFmpeg
internal import Foundation
public import PlanValues
public import Timeline

/// Joins independently encoded H.264 segments (MP4 files that `MovieWriter` made with the same
/// settings, video only) into one movie without re-encoding them, with the whole timeline's
/// sound copied from one AAC file (`SoundWriter`'s): segment packets are copied as they are,
/// their timestamps moved by the segment's first frame, so frame `k` of the movie is shown at
/// exactly `k / fps` as in a movie encoded in one piece, and the sound's packets are copied
/// in step with them.
///
/// Like `MovieWriter`, write to a temporary path and rename it only after `finish()` returns.
/// Not thread-safe.
public final class MovieJoiner {
  /// The file being written.
  public let path: String
  /// Frames per second.
  public let fps: Rational
  /// How many frames have been copied.
  public private(set) var framesWritten: Int64 = 0

  private let format: OutputFormatContext
  private let video: UnsafeMutablePointer<AVStream>
  private let packet: Packet
  /// The sound's file and its stream, and the output's audio stream.
  private let sound:
    (
      source: FormatContext, input: UnsafeMutablePointer<AVStream>,
      output: UnsafeMutablePointer<AVStream>
    )?
  /// The first segment's codec headers, which every other segment must have too.
  private let extradata: [UInt8]
  private var isFinished = false
  /// The sound's packets are read into their own packet, which may hold one read but not yet
  /// due (`soundIsPending`) while segments are copied.
  private let soundPacket: Packet
  private var soundIsPending = false

  /// Creates the file at `path` for segments like the one at `firstSegment` (whose stream
  /// description the movie takes), with the sound of the file at `sound` when given.
  public init(
    path: String, container: OutputContainer, firstSegment: String, fps: Rational,
    sound: String?, encoderTag: String?
  ) throws(MediaError) {
    FFmpegLog.silence()
    self.path = path
    self.fps = fps
    let source = try FormatContext(openingFile: firstSegment)
    guard let input = source.bestVideoStream else {
      throw .notMedia(path: firstSegment, reason: "the segment has no video stream")
    }
    let format = try OutputFormatContext(path: path, formatName: container.muxerName)
    let video = try format.addStream()
    try check(
      avcodec_parameters_copy(video.pointee.codecpar, input.pointee.codecpar),
      "avcodec_parameters_copy")
    // The muxer's tag for H.264 in MP4 and MOV is its own to choose; HEVC keeps the segments'
    // `hvc1` (the muxer's own would be `hev1`, which Apple's players refuse), and ProRes its
    // profile's tag (`apch`, `ap4h`).
    let codec = input.pointee.codecpar.pointee.codec_id
    if codec != AV_CODEC_ID_HEVC && codec != AV_CODEC_ID_PRORES {
      video.pointee.codecpar.pointee.codec_tag = 0
    }
    video.pointee.time_base = Self.frameTimeBase(fps)
    video.pointee.avg_frame_rate = av_inv_q(Self.frameTimeBase(fps))
    self.format = format
    self.video = video
    self.extradata = Self.extradata(of: input)
    self.sound = try sound.map { (path) throws(MediaError) in
      let source = try FormatContext(openingFile: path)
      guard
        let input = source.streams.first(where: {
          $0.pointee.codecpar?.pointee.codec_type == AVMEDIA_TYPE_AUDIO
        })
      else { throw MediaError.notMedia(path: path, reason: "the sound file has no audio stream") }
      let output = try format.addStream()
      try check(
        avcodec_parameters_copy(output.pointee.codecpar, input.pointee.codecpar),
        "avcodec_parameters_copy")
      output.pointee.codecpar.pointee.codec_tag = 0
      output.pointee.time_base = input.pointee.time_base
      return (source, input, output)
    }
    self.packet = try Packet()
    self.soundPacket = try Packet()
    try format.writeHeader(FFmpegOptions(["movflags": "+faststart"]))
    if let encoderTag {
      // As `MovieWriter` does: MP4 reads `encoding_tool`, MOV `encoder`, set after the header.
      try format.setMetadata("encoding_tool", encoderTag)
      try format.setMetadata("encoder", encoderTag)
    }
  }

  /// Copies every packet of the segment at `segment`, whose first frame is the movie's frame
  /// `framesWritten`. It must hold exactly `frameCount` frames, with the first segment's headers.
  public func append(segment: String, frameCount: Int64) throws(MediaError) {
    precondition(!isFinished, "MovieJoiner.append after finish()")
    let source = try FormatContext(openingFile: segment)
    guard let input = source.bestVideoStream else {
      throw .notMedia(path: segment, reason: "the segment has no video stream")
    }
    guard Self.extradata(of: input) == extradata else {
      throw .notMedia(
        path: segment, reason: "it was encoded with other settings than the first segment")
    }
    let frame = Self.frameTimeBase(fps)
    let offset = framesWritten
    var count: Int64 = 0
    while true {
      let code = av_read_frame(source.pointer, packet.pointer)
      if code == FFmpegCode.endOfFile { break }
      try check(code, "av_read_frame")
      guard packet.pointer.pointee.stream_index == input.pointee.index else {
        packet.clear()
        continue
      }
      // Exact: the segment's time base is a multiple of 1 / fps, as its muxer chose it.
      av_packet_rescale_ts(packet.pointer, input.pointee.time_base, frame)
      guard packet.pointer.pointee.pts != Int64.min, packet.pointer.pointee.dts != Int64.min,
        (0..<frameCount).contains(packet.pointer.pointee.pts)
      else {
        packet.clear()
        throw .notMedia(path: segment, reason: "a packet's time lies outside the segment")
      }
      packet.pointer.pointee.pts += offset
      packet.pointer.pointee.dts += offset
      packet.pointer.pointee.duration = 1
      packet.pointer.pointee.pos = -1
      packet.pointer.pointee.stream_index = video.pointee.index
      av_packet_rescale_ts(packet.pointer, frame, video.pointee.time_base)
      try format.writeInterleaved(packet)
      count += 1
    }
    guard count == frameCount else {
      throw .notMedia(
        path: segment, reason: "it holds \(count) frames, not the \(frameCount) it should")
    }
    framesWritten += frameCount
  }

  /// Copies the sound's packets that start before the end of the frames copied so far (all of
  /// them when `all`), so the two streams interleave in the file.
  public func appendSound(all: Bool = false) throws(MediaError) {
    precondition(!isFinished, "MovieJoiner.appendSound after finish()")
    guard let sound else { return }
    let packet = soundPacket
    while true {
      if !soundIsPending {
        let code = av_read_frame(sound.source.pointer, packet.pointer)
        if code == FFmpegCode.endOfFile { return }
        try check(code, "av_read_frame")
        guard packet.pointer.pointee.stream_index == sound.input.pointee.index else {
          packet.clear()
          continue
        }
        soundIsPending = true
      }
      // Exactly: the packet's time against the end of the frames copied, framesWritten / fps.
      if !all,
        av_compare_ts(
          packet.pointer.pointee.pts, sound.input.pointee.time_base, framesWritten,
          Self.frameTimeBase(fps)) >= 0
      {
        return
      }
      packet.pointer.pointee.stream_index = sound.output.pointee.index
      packet.pointer.pointee.pos = -1
      av_packet_rescale_ts(
        packet.pointer, sound.input.pointee.time_base, sound.output.pointee.time_base)
      try format.writeInterleaved(packet)
      soundIsPending = false
    }
  }

  /// Copies what is left of the sound, writes the index and closes the file.
  public func finish() throws(MediaError) {
    precondition(!isFinished, "MovieJoiner.finish() called twice")
    try appendSound(all: true)
    isFinished = true
    try format.finish()
  }

  private static func frameTimeBase(_ fps: Rational) -> AVRational {
    AVRational(num: Int32(fps.denominator), den: Int32(fps.numerator))
  }

  private static func extradata(of stream: UnsafeMutablePointer<AVStream>) -> [UInt8] {
    guard let parameters = stream.pointee.codecpar, let data = parameters.pointee.extradata
    else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: Int(parameters.pointee.extradata_size)))
  }
}
