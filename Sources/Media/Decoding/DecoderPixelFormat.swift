internal import CFFmpeg

/// Which FFmpeg pixel formats the GPU takes as they are, and what every other one is converted
/// to on the CPU.
enum DecoderPixelFormat {
  /// The layout `format` already has, or nil when it must be converted. Only little-endian
  /// 10-bit formats qualify: the GPU reads host-order words, and every supported host is
  /// little-endian.
  static func layout(of format: AVPixelFormat) -> PlaneLayout? {
    switch format {
    case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: .yuv420p8
    case AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUVJ422P: .yuv422p8
    case AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUVJ444P: .yuv444p8
    case AV_PIX_FMT_NV12: .nv12
    case AV_PIX_FMT_YUV420P10LE: .yuv420p10
    case AV_PIX_FMT_YUV422P10LE: .yuv422p10
    case AV_PIX_FMT_YUV444P10LE: .yuv444p10
    case AV_PIX_FMT_YUVA420P: .yuva420p8
    case AV_PIX_FMT_YUVA444P: .yuva444p8
    case AV_PIX_FMT_RGBA: .rgba8
    default: nil
    }
  }

  /// The FFmpeg format a layout is stored in.
  static func format(of layout: PlaneLayout) -> AVPixelFormat {
    switch layout {
    case .yuv420p8: AV_PIX_FMT_YUV420P
    case .yuv422p8: AV_PIX_FMT_YUV422P
    case .yuv444p8: AV_PIX_FMT_YUV444P
    case .nv12: AV_PIX_FMT_NV12
    case .yuv420p10: AV_PIX_FMT_YUV420P10LE
    case .yuv422p10: AV_PIX_FMT_YUV422P10LE
    case .yuv444p10: AV_PIX_FMT_YUV444P10LE
    case .yuva420p8, .yuva420p8Premultiplied: AV_PIX_FMT_YUVA420P
    case .yuva444p8: AV_PIX_FMT_YUVA444P
    case .rgba8, .rgba8Premultiplied: AV_PIX_FMT_RGBA
    }
  }

  /// The layout a format without one is converted to. RGB-family, palette and Bayer formats
  /// go to `rgba8`, which is exact for 8-bit sources and needs no matrix; Y′CbCr and grey
  /// formats stay Y′CbCr, so the stream's own matrix and range still apply: with alpha to
  /// `yuva444p8`, above 8 bits to `yuv444p10`, otherwise to `yuv444p8`. 4:4:4 never loses
  /// chroma detail the source had.
  static func conversionTarget(for format: AVPixelFormat) -> PlaneLayout {
    guard let descriptor = av_pix_fmt_desc_get(format)?.pointee else { return .yuv444p8 }
    let flags = descriptor.flags
    let rgbLike = UInt64(AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_BAYER)
    if flags & rgbLike != 0 { return .rgba8 }
    if flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 { return .yuva444p8 }
    return descriptor.comp.0.depth > 8 ? .yuv444p10 : .yuv444p8
  }

  /// True for formats whose samples use the full code range unless tagged otherwise: the
  /// JPEG-style `yuvj*` formats by definition, and grey, which image formats store full range.
  static func isFullRangeByDefault(_ format: AVPixelFormat) -> Bool {
    guard let name = av_get_pix_fmt_name(format).map({ String(cString: $0) }) else {
      return false
    }
    return name.hasPrefix("yuvj") || name.hasPrefix("gray") || name.hasPrefix("ya")
  }

  /// FFmpeg's name for `format`, or `"unknown"`.
  static func name(of format: AVPixelFormat) -> String {
    av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "unknown"
  }
}
