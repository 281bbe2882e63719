internal import CFFmpeg
public import PlanValues

/// Writes one RGBA picture as a PNG, JPEG or WebP file: a render's poster (`output.poster`).
/// PNG is exact (`PNGWriter`); JPEG is baseline JFIF (BT.601 full-range Y′CbCr 4:2:0, as every
/// viewer expects of a JPEG) at quality 2 of FFmpeg's 2–31 scale, always opaque; WebP is lossy
/// at quality 90, its alpha (with `alpha`) kept losslessly. Like `PNGWriter`, the file is
/// written under a temporary name and renamed over `path` only when complete.
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
    try encode(
      rgba: rgba, width: width, height: height, bytesPerRow: bytesPerRow, as: format, alpha: alpha
    ) { file.write($0) }
    try file.commit()
  }

  /// The JPEG or WebP file `write` makes, as bytes (a PNG is `PNGWriter.encoded`'s).
  public static func encoded(
    rgba: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
    as format: PosterFormat, alpha: Bool = false
  ) throws(MediaError) -> [UInt8] {
    if format == .png {
      return try PNGWriter.encoded(
        rgba: rgba, width: width, height: height, bytesPerRow: bytesPerRow, keepAlpha: alpha)
    }
    FFmpegLog.silence()
    var bytes: [UInt8] = []
    try encode(
      rgba: rgba, width: width, height: height, bytesPerRow: bytesPerRow, as: format, alpha: alpha
    ) { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// A JPEG or WebP of the picture, its bytes handed to `write`.
  private static func encode(
    rgba: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
    as format: PosterFormat, alpha: Bool, into write: (UnsafeRawBufferPointer) -> Void
  ) throws(MediaError) {
    // libwebp is given R′G′B′, as the animated WebP's encoder is, and makes its own
    // limited-range BT.601 Y′CbCr from it: lossy WebP's colour, which full-range samples handed
    // to it as they are would misstate. It writes alpha only for a picture not wholly opaque.
    let (name, target): (String, AVPixelFormat) =
      format == .jpeg ? ("mjpeg", AV_PIX_FMT_YUVJ420P) : ("libwebp", AV_PIX_FMT_BGRA)
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
    if format == .webp {
      let picture = try PNGWriter.picture(
        rgba, width: width, height: height, bytesPerRow: bytesPerRow, format: target)
      if !alpha { makeOpaque(picture, width: width, height: height) }
      try PNGWriter.encodeOne(picture, with: encoder, named: name, into: write)
      return
    }
    let source = try PNGWriter.picture(
      rgba, width: width, height: height, bytesPerRow: bytesPerRow, format: AV_PIX_FMT_RGBA)
    let converted = try convert(source, to: target, width: width, height: height)
    try PNGWriter.encodeOne(converted, with: encoder, named: name, into: write)
  }

  /// Sets every alpha byte of a BGRA `frame` to 255: a poster without alpha is opaque
  /// whatever the picture's alpha, and libwebp then writes no alpha at all.
  private static func makeOpaque(_ frame: DecoderFrame, width: Int, height: Int) {
    let (data, stride) = frame.plane(0)
    guard let data else { return }
    for y in 0..<height {
      for x in 0..<width { data[y * stride + 4 * x + 3] = 255 }
    }
  }

  /// `frame` (RGBA) as full-range Y′CbCr 4:2:0 by BT.601's matrix, as JPEG defines its
  /// colour.
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
