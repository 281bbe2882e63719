internal import CFFmpeg
public import PlanValues

/// Writes one RGBA picture as a PNG, JPEG or WebP file: a render's poster (`output.poster`).
/// PNG is exact (`PNGWriter`); JPEG is baseline JFIF (BT.601 full-range Y′CbCr 4:2:0, as every
/// viewer expects of a JPEG) at quality 2 of FFmpeg's 2–31 scale, always opaque; WebP is lossy
/// at quality 90, its alpha (with `alpha`) kept losslessly. Like `PNGWriter`, the file is written under a temporary name and
/// renamed over `path` only when complete.
public enum StillWriter {
  public static func write(
    rgba: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
    as format: PosterFormat, alpha: Bool = false, to path: String
  ) throws(MediaError) {
    if format == .png {
      try PNGWriter.write(
        rgba: rgba, width: width, height: height, bytesPerRow: bytesPerRow, to: path,
        keepAlpha: alpha)
      return
    }
    FFmpegLog.silence()
    let file = try PartialFile(path: path)
    let (name, target): (String, AVPixelFormat) =
      format == .jpeg
      ? ("mjpeg", AV_PIX_FMT_YUVJ420P)
      : ("libwebp", alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P)
    let encoder = try EncoderContext(encoderNamed: name)
    let context = encoder.pointer
    context.pointee.width = Int32(clamping: width)
    context.pointee.height = Int32(clamping: height)
    context.pointee.pix_fmt = target
    context.pointee.time_base = AVRational(num: 1, den: 1)
    context.pointee.color_range = AVCOL_RANGE_JPEG
    if format == .jpeg {
      // A fixed quantiser: quality 2, the best of FFmpeg's JPEG scale short of lossless.
      context.pointee.flags |= AV_CODEC_FLAG_QSCALE
      context.pointee.global_quality = 2 * FF_QP2LAMBDA
      try encoder.open(FFmpegOptions([String: String]()))
    } else {
      try encoder.open(FFmpegOptions(["quality": "90"]))
    }
    let source = try PNGWriter.picture(
      rgba, width: width, height: height, bytesPerRow: bytesPerRow, format: AV_PIX_FMT_RGBA)
    let converted = try convert(source, to: target, width: width, height: height)
    try PNGWriter.encodeOne(converted, with: encoder, named: name, into: file)
  }

  /// `frame` (RGBA) as full-range Y′CbCr 4:2:0 by BT.601's matrix, as JPEG and WebP define
  /// their colour, with its alpha when `target` has a plane for it.
  private static func convert(
    _ frame: DecoderFrame, to target: AVPixelFormat, width: Int, height: Int
  ) throws(MediaError) -> DecoderFrame {
    guard
      let scaler = sws_getContext(
        Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(width), Int32(height), target,
        Int32(SWS_BICUBIC | SWS_ACCURATE_RND), nil, nil, nil)
    else { throw .outOfMemory("sws_getContext") }
    defer { sws_freeContext(scaler) }
    let bt601 = sws_getCoefficients(SWS_CS_ITU601)
    try check(
      sws_setColorspaceDetails(scaler, bt601, 1, bt601, 1, 0, 1 << 16, 1 << 16),
      "sws_setColorspaceDetails")
    let output = try DecoderFrame()
    output.pointer.pointee.format = target.rawValue
    output.pointer.pointee.width = Int32(width)
    output.pointer.pointee.height = Int32(height)
    output.pointer.pointee.color_range = AVCOL_RANGE_JPEG
    try check(av_frame_get_buffer(output.pointer, 0), "av_frame_get_buffer")
    try check(sws_scale_frame(scaler, output.pointer, frame.pointer), "sws_scale_frame")
    return output
  }
}
