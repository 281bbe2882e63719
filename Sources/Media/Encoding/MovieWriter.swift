internal import CFFmpeg
import Timeline

/// Writes an H.264 movie (MP4 or MOV), frame-exactly, with an optional AAC audio stream:
/// frame `k` is shown at exactly `k / fps`, the first frame written is the first frame shown,
/// and the last one lasts its full `1 / fps`.
///
/// The video is tagged BT.709 (primaries, transfer and matrix) with limited range, and the
/// index (`moov`) is moved to the front of the file so players can start before the download
/// ends. Write to a temporary path and rename it only after `finish()` returns: a writer
/// released without `finish()`, or one whose `finish()` threw, frees everything but leaves a
/// partial file at `path` (without an index, so no player takes it for a movie), which the
/// caller deletes.
///
/// A writer is not thread-safe: call it from one thread at a time.
public final class MovieWriter: AudioSink {
  /// The file being written.
  public let path: String
  /// The video settings it was opened with.
  public let video: VideoEncoding
  /// The audio settings it was opened with; nil for a movie without sound.
  public var audio: AudioEncoding? { audioTrack?.encoding }
  /// How many frames have been written; the next frame written is shown at
  /// `framesWritten / fps`.
  public private(set) var framesWritten = 0
  /// How many samples per channel `writeAudio` has taken.
  public private(set) var audioSamplesWritten = 0

  private let format: OutputFormatContext
  private let videoOutput: EncodedStream
  private let audioTrack: AudioEncoderTrack?
  private let packet: Packet
  private let framePool: FramePool
  private var isFinished = false

  /// Creates the file at `path` (replacing any file there), opens libx264 with `video`'s
  /// settings and, when `audio` is given, an AAC encoder, and writes the container's header.
  /// `encoderTag`, when given, becomes the file's `encoder` tag (see `EncoderTag`).
  ///
  /// `video.fps` must be positive with numerator and denominator below 2³¹, which the plan
  /// guarantees. A missing folder throws `.fileNotFound` naming the folder; any FFmpeg
  /// failure (an odd size, an unknown preset, an unsupported sample rate) throws `.ffmpeg`
  /// naming the call.
  public init(
    path: String, container: MovieContainer, video: VideoEncoding, audio: AudioEncoding? = nil,
    encoderTag: String? = nil
  ) throws(MediaError) {
    precondition(
      video.fps > .zero && video.fps.numerator <= Int128(Int32.max)
        && video.fps.denominator <= Int128(Int32.max),
      "MovieWriter needs a positive frame rate that fits FFmpeg's 32-bit rationals")
    FFmpegLog.silence()
    self.path = path
    self.video = video
    let format = try OutputFormatContext(path: path, formatName: container.muxerName)
    let encoder = try Self.makeVideoEncoder(video, globalHeader: format.wantsGlobalHeader)
    self.format = format
    self.videoOutput = try EncodedStream(encoder: encoder, format: format)
    self.audioTrack = try audio.map { (audio) throws(MediaError) in
      try AudioEncoderTrack(audio, format: format)
    }
    self.packet = try Packet()
    self.framePool = try FramePool(width: video.width, height: video.height)
    try format.writeHeader(FFmpegOptions(["movflags": "+faststart"]))
    if let encoderTag {
      // The muxer writes its tags into the index, at the trailer. MP4's `©too` (which readers
      // show as `encoder`) comes from the `encoding_tool` key, else libavformat's own name;
      // MOV's `©swr` from `encoder`, which avformat_write_header has just set to that name,
      // so it is replaced here, after the header.
      try format.setMetadata("encoding_tool", encoderTag)
      try format.setMetadata("encoder", encoderTag)
    }
  }

  /// A new, blank frame of the movie's size in its own buffer, to fill and then `write`.
  ///
  /// Its buffer comes from the writer's pool and returns there once encoded; this may be
  /// called from another thread than `write`.
  public func nextFrame() throws(MediaError) -> EncoderFrame {
    try EncoderFrame(width: video.width, height: video.height, pool: framePool)
  }

  /// Encodes `frame` as frame number `framesWritten`, shown at exactly `framesWritten / fps`,
  /// and writes whatever packets the encoder has ready. The frame is used up.
  public func write(_ frame: EncoderFrame) throws(MediaError) {
    precondition(!isFinished, "MovieWriter.write after finish()")
    precondition(!frame.isWritten, "an EncoderFrame can be written only once")
    precondition(
      frame.width == video.width && frame.height == video.height,
      "the frame is \(frame.width)x\(frame.height), the movie \(video.width)x\(video.height)")
    // The encoder's time base is exactly 1 / fps, so frame k has timestamp k and lasts 1.
    frame.pointer.pointee.pts = Int64(framesWritten)
    frame.pointer.pointee.pkt_duration = 1
    framesWritten += 1
    // The encoder takes its own reference to the buffer, so this object lets go of it even
    // when sending fails.
    defer { frame.markWritten() }
    try videoOutput.send(frame.pointer, to: format, using: packet)
  }

  /// Encodes float planar samples, one buffer per channel, all the same length: the next
  /// `count` samples per channel of the sound, which starts at `t = 0` with the first frame.
  /// Any length is fine; samples are kept until they fill an AAC frame.
  ///
  /// Feed audio and video in step (a frame's worth of samples per frame, or a few at a time):
  /// the muxer holds packets back until both streams reach the same time.
  public func writeAudio(_ channels: [UnsafeBufferPointer<Float>]) throws(MediaError) {
    precondition(!isFinished, "MovieWriter.writeAudio after finish()")
    guard let audioTrack else {
      preconditionFailure("MovieWriter.writeAudio on a writer opened without audio")
    }
    precondition(
      channels.count == audioTrack.encoding.channels,
      "\(channels.count) channels given, the movie has \(audioTrack.encoding.channels)")
    let count = channels.first?.count ?? 0
    precondition(
      channels.allSatisfy { $0.count == count }, "every channel needs the same number of samples")
    audioSamplesWritten += count
    try audioTrack.append(channels, to: format, using: packet)
  }

  /// Flushes the encoders' delayed frames, writes the index and closes the file. Only after
  /// this returns is the file at `path` a complete movie.
  public func finish() throws(MediaError) {
    precondition(!isFinished, "MovieWriter.finish() called twice")
    isFinished = true
    try videoOutput.send(nil, to: format, using: packet)
    try audioTrack?.finish(to: format, using: packet)
    try format.finish()
  }

  /// A libx264 encoder set up for `video`, opened.
  private static func makeVideoEncoder(
    _ video: VideoEncoding, globalHeader: Bool
  ) throws(MediaError) -> EncoderContext {
    let encoder = try EncoderContext(encoderNamed: "libx264")
    let context = encoder.pointer
    let fps = AVRational(num: Int32(video.fps.numerator), den: Int32(video.fps.denominator))
    context.pointee.width = Int32(clamping: video.width)
    context.pointee.height = Int32(clamping: video.height)
    context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
    context.pointee.framerate = fps
    context.pointee.time_base = av_inv_q(fps)
    context.pointee.color_primaries = AVCOL_PRI_BT709
    context.pointee.color_trc = AVCOL_TRC_BT709
    context.pointee.colorspace = AVCOL_SPC_BT709
    context.pointee.color_range = AVCOL_RANGE_MPEG
    // libx264 runs its own frame threads (not FFmpeg's): thread_count becomes its thread
    // count, and frame (not slice) threading is asked for here.
    context.pointee.thread_count = Int32(clamping: video.threads)
    context.pointee.thread_type = FF_THREAD_FRAME
    if globalHeader {
      context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
    }
    // GOP length, B-frames and references stay libx264's defaults for the preset; its
    // assembly is capped below AVX-512 (see X264Assembly).
    if let assembly = X264Assembly.parameter {
      try encoder.open(
        FFmpegOptions([
          "preset": video.preset, "crf": String(video.crf), "x264-params": "asm=\(assembly)",
        ]))
    } else {
      try encoder.open(FFmpegOptions(["preset": video.preset, "crf": String(video.crf)]))
    }
    return encoder
  }
}
