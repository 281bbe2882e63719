internal import CFFmpeg

/// Converts decoded frames whose pixel format the GPU does not take, with libswscale. Owns
/// one SwsContext, made for the first frame and remade only when the size or format changes.
final class DecoderScaler {
  /// What the context was made for.
  private struct Setup: Equatable {
    var width: Int32
    var height: Int32
    var source: Int32
    var target: Int32
    var fullRange: Bool
  }

  private var context: OpaquePointer?
  private var setup: Setup?

  /// Converts `frame` to `layout` at the same size; returns the new frame and its range.
  ///
  /// A Y′CbCr or grey source keeps its matrix and its code range (`range`), so the shader
  /// applies the stream's own; an RGB-family source becomes full-range `rgba8`.
  func convert(_ frame: DecoderFrame, to layout: PlaneLayout, range: ColorRange)
    throws(MediaError) -> (frame: DecoderFrame, range: ColorRange)
  {
    let source = frame.pointer
    let target = DecoderPixelFormat.format(of: layout)
    let outputRange: ColorRange = layout.isRGB ? .full : range
    try prepare(
      Setup(
        width: source.pointee.width, height: source.pointee.height, source: source.pointee.format,
        target: target.rawValue, fullRange: range == .full))
    let output = try DecoderFrame()
    output.pointer.pointee.format = target.rawValue
    output.pointer.pointee.width = source.pointee.width
    output.pointer.pointee.height = source.pointee.height
    try check(av_frame_get_buffer(output.pointer, 0), "av_frame_get_buffer")
    try check(sws_scale_frame(context, output.pointer, source), "sws_scale_frame")
    try check(av_frame_copy_props(output.pointer, source), "av_frame_copy_props")
    output.pointer.pointee.color_range = outputRange == .full ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
    return (output, outputRange)
  }

  /// Makes the context for `wanted` unless the current one already fits.
  private func prepare(_ wanted: Setup) throws(MediaError) {
    if setup == wanted, context != nil { return }
    sws_freeContext(context)
    context = nil
    setup = nil
    guard let made = sws_alloc_context() else {
      throw .outOfMemory("sws_alloc_context")
    }
    context = made
    let range: Int64 = wanted.fullRange ? 1 : 0
    // Same size in and out, so the filter only matters where chroma is upsampled; equal
    // source and target ranges tell swscale to leave Y′CbCr code values as they are.
    let options: KeyValuePairs<String, Int64> = [
      "srcw": Int64(wanted.width), "srch": Int64(wanted.height),
      "dstw": Int64(wanted.width), "dsth": Int64(wanted.height),
      "src_format": Int64(wanted.source), "dst_format": Int64(wanted.target),
      "src_range": range, "dst_range": range,
      "sws_flags": Int64(SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT),
    ]
    for (name, value) in options {
      try check(av_opt_set_int(UnsafeMutableRawPointer(made), name, value, 0), "av_opt_set_int")
    }
    try check(sws_init_context(made, nil, nil), "sws_init_context")
    setup = wanted
  }

  deinit {
    sws_freeContext(context)
  }
}
