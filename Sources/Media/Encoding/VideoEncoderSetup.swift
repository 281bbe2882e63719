internal import CFFmpeg
internal import Foundation
import PlanValues

/// How an `OutputFormat`'s video codec is opened: FFmpeg's encoder, the pixel format it is
/// given, its options and the stream's tag. One case per codec, and nothing here chooses
/// what the plan has not: every setting comes from the format.
struct VideoEncoderSetup {
  /// FFmpeg's encoder.
  var encoderName: String
  /// What the encoder takes; the writer converts the compositor's frames to it. Found by
  /// FFmpeg's own name for it in `OutputFormat.pixelFormat`, the one table of them.
  var pixelFormat: AVPixelFormat
  /// The encoder's private options.
  var options: [String: String]
  /// The stream's four-character tag, where the container needs one named.
  var codecTag: String?
  /// The transfer the stream and its frames are tagged with: BT.709's, except for PNG, whose
  /// viewers (browsers above all) show untagged or sRGB pictures as the video's R′G′B′ but
  /// apply a BT.709 tag as a gamma of 0.51 (`gAMA`), drawing them lighter.
  var transfer: AVColorTransferCharacteristic {
    format.video == .png ? AVCOL_TRC_IEC61966_2_1 : AVCOL_TRC_BT709
  }
  private let format: OutputFormat

  init(_ format: OutputFormat, video: VideoEncoding) {
    self.format = format
    codecTag = nil
    options = [:]
    pixelFormat = Self.pixelFormat(named: format.pixelFormat)
    switch format.video {
    case .h264:
      encoderName = "libx264"
      options = ["preset": format.preset ?? "medium", "crf": String(format.crf ?? 20)]
      // Capped below AVX-512 (see X264Assembly).
      if let assembly = X264Assembly.parameter { options["x264-params"] = "asm=\(assembly)" }
    case .hevc:
      encoderName = "libx265"
      options = ["preset": format.preset ?? "medium", "crf": String(format.crf ?? 24)]
      // x265 prints its settings on standard error unless told not to. Its thread pool is
      // sized by `pools` and its frame threads by `frame-threads`, which would otherwise follow
      // the machine's cores (and change the bytes a segment's encoder writes).
      var params = ["log-level=error"]
      if video.threads > 0 {
        params += ["pools=\(video.threads)", "frame-threads=\(video.threads)"]
      }
      options["x265-params"] = params.joined(separator: ":")
      // MP4 and MOV players from Apple take HEVC only as `hvc1` (parameter sets in the
      // sample description), not FFmpeg's default `hev1`.
      if format.container == .mp4 || format.container == .mov { codecTag = "hvc1" }
    case .av1:
      encoderName = "libsvtav1"
      options = ["crf": String(format.crf ?? 32), "preset": String(format.speed ?? 8)]
    case .vp9:
      encoderName = "libvpx-vp9"
      // Constant quality: crf with no target bit rate; rows encoded in parallel.
      options = [
        "crf": String(format.crf ?? 32), "b": "0", "deadline": "good",
        "cpu-used": String(format.speed ?? 4), "row-mt": "1",
      ]
    case .prores:
      encoderName = "prores_ks"
      // 4444 keeps alpha; 422 HQ is the usual master without it. Apple's vendor code, as
      // some of Apple's tools expect.
      options = ["profile": format.alpha ? "4444" : "hq", "vendor": "apl0"]
    case .gif:
      encoderName = "gif"
    case .webp:
      encoderName = "libwebp_anim"
    case .png:
      encoderName = "png"
    }
  }

  /// FFmpeg's pixel format called `name`. The names are `OutputFormat.pixelFormat`'s, each
  /// one FFmpeg knows (a test opens every one), so a name it does not know is a mistake in
  /// chromake.
  static func pixelFormat(named name: String) -> AVPixelFormat {
    let format = av_get_pix_fmt(name)
    precondition(format != AV_PIX_FMT_NONE, "FFmpeg has no pixel format '\(name)'")
    return format
  }

  /// Whether the pixel format is RGB (PNG, and GIF's palette), whose samples the writer
  /// converts from BT.709 limited-range Y′CbCr to full-range R′G′B′.
  var isRGB: Bool {
    pixelFormat == AV_PIX_FMT_RGBA || pixelFormat == AV_PIX_FMT_RGB24
      || pixelFormat == AV_PIX_FMT_BGRA || pixelFormat == AV_PIX_FMT_PAL8
  }

  /// The encoder, set up for `video` and opened.
  func open(_ video: VideoEncoding, globalHeader: Bool) throws(MediaError) -> EncoderContext {
    if encoderName == "libsvtav1" {
      // SVT-AV1 prints its banner and settings on standard error at its default level (3);
      // 1 keeps its errors.
      setenv("SVT_LOG", "1", 0)
    }
    let encoder = try EncoderContext(encoderNamed: encoderName)
    let context = encoder.pointer
    let fps = AVRational(num: Int32(video.fps.numerator), den: Int32(video.fps.denominator))
    context.pointee.width = Int32(clamping: video.width)
    context.pointee.height = Int32(clamping: video.height)
    context.pointee.pix_fmt = pixelFormat
    context.pointee.framerate = fps
    context.pointee.time_base = av_inv_q(fps)
    context.pointee.color_primaries = AVCOL_PRI_BT709
    context.pointee.color_trc = transfer
    if isRGB {
      context.pointee.colorspace = AVCOL_SPC_RGB
      context.pointee.color_range = AVCOL_RANGE_JPEG
    } else {
      context.pointee.colorspace = AVCOL_SPC_BT709
      context.pointee.color_range = AVCOL_RANGE_MPEG
    }
    // libx264 runs its own frame threads (not FFmpeg's): thread_count becomes its thread
    // count, and frame (not slice) threading is asked for here. libvpx and SVT-AV1 read
    // thread_count as their own.
    context.pointee.thread_count = Int32(clamping: video.threads)
    if encoderName == "libx264" { context.pointee.thread_type = FF_THREAD_FRAME }
    if globalHeader {
      context.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER
    }
    try encoder.open(FFmpegOptions(options))
    return encoder
  }

  /// `codecTag` as FFmpeg's little-endian four-character code.
  var tagValue: UInt32? {
    guard let codecTag, codecTag.utf8.count == 4 else { return nil }
    return codecTag.utf8.enumerated().reduce(UInt32(0)) {
      $0 | UInt32($1.element) << (8 * $1.offset)
    }
  }
}
