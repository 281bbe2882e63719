internal import CFFmpeg
public import PlanValues
import Timeline

/// Writes a render's file in its `OutputFormat`, frame-exactly, with an optional sound
/// stream: a movie (MP4, MOV, Matroska or WebM, in any codec the format allows), an animated
/// GIF or WebP, or a PNG sequence (one file a frame, frame k numbered k). Frame `k` is shown at
/// exactly `k / fps`, the first frame written is the first frame shown, and the last one lasts
/// its full `1 / fps`.
///
/// Frames come in as the compositor makes them (`EncoderFrame`: 8-bit BT.709 limited-range
/// 4:2:0, with straight alpha where the format keeps it) and are converted to what the
/// encoder takes (`VideoEncoderSetup`, `EncoderScaler`, `GIFPalette`). The video is tagged
/// BT.709 (primaries, transfer and matrix; RGB formats full range, the others limited; a PNG
/// sequence's transfer sRGB's, as browsers read the video), and an
/// MP4's or MOV's index (`moov`) is moved to the front so players can start before the
/// download ends. Write to a temporary path and rename it only after `finish()` returns: a
/// writer released without `finish()`, or one whose `finish()` threw, frees everything but
/// leaves a partial file at `path`, which the caller deletes.
///
/// A writer is not thread-safe: call it from one thread at a time.
public final class MovieWriter: AudioSink {
  /// The file being written (a PNG sequence's pattern).
  public let path: String
  /// The format it writes.
  public let format: OutputFormat
  /// The picture's size and rate.
  public let video: VideoEncoding
  /// The audio settings it was opened with; nil for a movie without sound.
  public var audio: AudioEncoding? { audioTrack?.encoding }
  /// How many frames have been written; the next frame written is shown at
  /// `framesWritten / fps`.
  public private(set) var framesWritten = 0
  /// How many samples per channel `writeAudio` has taken.
  public private(set) var audioSamplesWritten = 0

  private let muxer: OutputFormatContext
  private let videoOutput: EncodedStream
  private let audioTrack: AudioEncoderTrack?
  private let packet: Packet
  private let framePool: FramePool
  /// Converts the compositor's frames where the encoder takes another pixel format.
  private let scaler: EncoderScaler?
  /// GIF's per-frame palettes.
  private let palette: GIFPalette?
  private var isFinished = false

  /// Creates the file at `path` (replacing any file there), opens `format`'s video encoder
  /// with `video`'s size, rate and threads and, when `audio` is given, its audio encoder, and
  /// writes the container's header. `encoderTag`, when given, becomes a movie's `encoder` tag
  /// (see `EncoderTag`).
  ///
  /// `video.fps` must be positive with numerator and denominator below 2³¹, which the plan
  /// guarantees, and `audio` nil for a format without sound. A missing folder throws
  /// `.fileNotFound` naming the folder; any FFmpeg failure (an odd size, a size the encoder
  /// refuses) throws `.ffmpeg` naming the call.
  public init(
    path: String, format: OutputFormat, video: VideoEncoding, audio: AudioEncoding? = nil,
    encoderTag: String? = nil
  ) throws(MediaError) {
    precondition(
      video.fps > .zero && video.fps.numerator <= Int128(Int32.max)
        && video.fps.denominator <= Int128(Int32.max),
      "MovieWriter needs a positive frame rate that fits FFmpeg's 32-bit rationals")
    precondition(
      audio == nil || format.audio == audio?.codec,
      "the sound's codec is the format's, and a format without sound takes none")
    FFmpegLog.silence()
    self.path = path
    self.format = format
    self.video = video
    let muxer = try OutputFormatContext(path: path, formatName: format.container.muxerName)
    let setup = VideoEncoderSetup(format, video: video)
    let encoder = try setup.open(video, globalHeader: muxer.wantsGlobalHeader)
    self.muxer = muxer
    self.videoOutput = try EncodedStream(encoder: encoder, format: muxer)
    if let tag = setup.tagValue { videoOutput.stream.pointee.codecpar.pointee.codec_tag = tag }
    self.audioTrack = try audio.map { (audio) throws(MediaError) in
      try AudioEncoderTrack(
        audio, format: muxer, matroska: format.container == .mkv || format.container == .webm)
    }
    self.packet = try Packet()
    self.framePool = try FramePool(width: video.width, height: video.height, alpha: format.alpha)
    let made = format.alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P
    let isGIF = format.video == .gif
    // GIF's palettes are made from BGRA.
    let scaled = isGIF ? AV_PIX_FMT_BGRA : setup.pixelFormat
    scaler =
      scaled == made
      ? nil
      : try EncoderScaler(
        width: video.width, height: video.height, source: made, target: scaled,
        rgb: setup.isRGB, transfer: setup.transfer)
    palette =
      isGIF
      ? try GIFPalette(
        width: video.width, height: video.height, timeBase: encoder.pointer.pointee.time_base,
        alpha: format.alpha)
      : nil
    try muxer.writeHeader(FFmpegOptions(Self.muxerOptions(format.container)))
    if let encoderTag, !format.container.isPictures {
      // The muxer writes its tags into the index, at the trailer. MP4's `©too` (which readers
      // show as `encoder`) comes from the `encoding_tool` key, else libavformat's own name;
      // MOV's `©swr` from `encoder`, which avformat_write_header has just set to that name,
      // so it is replaced here, after the header.
      try muxer.setMetadata("encoding_tool", encoderTag)
      try muxer.setMetadata("encoder", encoderTag)
    }
  }

  /// The muxer's options for `container`.
  private static func muxerOptions(_ container: OutputContainer) -> [String: String] {
    switch container {
    case .mp4, .mov: ["movflags": "+faststart"]
    // Played over and over, as people expect of an animation.
    case .gif, .webp: ["loop": "0"]
    // Frame k is file number k.
    case .png: ["start_number": "0"]
    case .mkv, .webm: [:]
    }
  }

  /// A new, blank frame of the movie's size in its own buffer, to fill and then `write`.
  ///
  /// Its buffer comes from the writer's pool and returns there once encoded; this may be
  /// called from another thread than `write`.
  public func nextFrame() throws(MediaError) -> EncoderFrame {
    try EncoderFrame(
      width: video.width, height: video.height, alpha: format.alpha, pool: framePool)
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
    guard let scaler else {
      try videoOutput.send(frame.pointer, to: muxer, using: packet)
      return
    }
    var converted: UnsafeMutablePointer<AVFrame>? = try scaler.convert(frame.pointer)
    defer { av_frame_free(&converted) }
    try send(converted)
  }

  /// Sends a converted frame (nil at the end) to the encoder, through GIF's palettes.
  private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws(MediaError) {
    guard let palette else {
      try videoOutput.send(frame, to: muxer, using: packet)
      return
    }
    let ready = try palette.filter(frame)
    defer {
      for paletted in ready {
        var freed: UnsafeMutablePointer<AVFrame>? = paletted
        av_frame_free(&freed)
      }
    }
    for paletted in ready {
      try videoOutput.send(paletted, to: muxer, using: packet)
    }
    if frame == nil { try videoOutput.send(nil, to: muxer, using: packet) }
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
    try audioTrack.append(channels, to: muxer, using: packet)
  }

  /// Flushes the encoders' delayed frames, writes the index and closes the file. Only after
  /// this returns is the file at `path` a complete movie.
  public func finish() throws(MediaError) {
    precondition(!isFinished, "MovieWriter.finish() called twice")
    isFinished = true
    if scaler != nil {
      try send(nil)
    } else {
      try videoOutput.send(nil, to: muxer, using: packet)
    }
    try audioTrack?.finish(to: muxer, using: packet)
    if format.container == .gif, framesWritten > 0 {
      // GIF's muxer times each frame by the next one's timestamp, in hundredths of a second,
      // and the last by the one before it: at 30 fps a 4/100 s frame where the movie has 3/100
      // s left. Its final delay is the rest of the movie's length instead, so the frames add
      // up to N / fps as the timestamps round it.
      let tick = av_inv_q(
        AVRational(num: Int32(video.fps.numerator), den: Int32(video.fps.denominator)))
      let hundredths = AVRational(num: 1, den: 100)
      let end = av_rescale_q(Int64(framesWritten), tick, hundredths)
      let last = av_rescale_q(Int64(framesWritten - 1), tick, hundredths)
      try muxer.setMuxerOption("final_delay", end - last)
    }
    try muxer.finish()
  }
}
