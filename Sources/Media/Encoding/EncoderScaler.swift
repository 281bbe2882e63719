internal import CFFmpeg

/// Converts the compositor's frames (8-bit BT.709 limited-range 4:2:0, with straight alpha
/// where kept) to the pixel format an encoder takes, with libswscale: 10-bit 4:2:2 or 4:4:4
/// for ProRes, full-range R′G′B′ by BT.709's matrix for PNG and GIF. One context for the
/// writer's whole life, as the size and formats never change. Where the target keeps alpha,
/// its fully transparent pixels come out black (`TransparentPixels`).
final class EncoderScaler {
  private let context: OpaquePointer
  let target: AVPixelFormat
  private let rgb: Bool
  private let transfer: AVColorTransferCharacteristic

  /// `transfer` is the transfer the converted frames are tagged with (`VideoEncoderSetup`'s).
  init(
    width: Int, height: Int, source: AVPixelFormat, target: AVPixelFormat, rgb: Bool,
    transfer: AVColorTransferCharacteristic
  ) throws(MediaError) {
    guard let made = sws_alloc_context() else { throw .outOfMemory("sws_alloc_context") }
    context = made
    self.target = target
    self.rgb = rgb
    self.transfer = transfer
    let options: KeyValuePairs<String, Int64> = [
      "srcw": Int64(width), "srch": Int64(height), "dstw": Int64(width), "dsth": Int64(height),
      "src_format": Int64(source.rawValue), "dst_format": Int64(target.rawValue),
      "src_range": 0, "dst_range": rgb ? 1 : 0,
      // Chroma is upsampled (never the size): bicubic, rounded accurately, at full
      // horizontal resolution.
      "sws_flags": Int64(SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP),
    ]
    for (name, value) in options {
      try check(av_opt_set_int(UnsafeMutableRawPointer(made), name, value, 0), "av_opt_set_int")
    }
    try check(sws_init_context(made, nil, nil), "sws_init_context")
    // swscale's Y′CbCr ↔ R′G′B′ matrix is BT.601's unless told: the output is BT.709.
    let bt709 = sws_getCoefficients(SWS_CS_ITU709)
    try check(
      sws_setColorspaceDetails(made, bt709, 0, bt709, rgb ? 1 : 0, 0, 1 << 16, 1 << 16),
      "sws_setColorspaceDetails")
  }

  deinit {
    sws_freeContext(context)
  }

  /// `frame` converted into a new frame of the target format, with its timestamp and the
  /// target's colour tags. The caller frees the result (`av_frame_free`).
  func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws(MediaError)
    -> UnsafeMutablePointer<AVFrame>
  {
    guard let output = av_frame_alloc() else { throw .outOfMemory("av_frame_alloc") }
    do throws(MediaError) {
      output.pointee.format = target.rawValue
      output.pointee.width = frame.pointee.width
      output.pointee.height = frame.pointee.height
      try check(av_frame_get_buffer(output, 0), "av_frame_get_buffer")
      try check(sws_scale_frame(context, output, frame), "sws_scale_frame")
      try check(av_frame_copy_props(output, frame), "av_frame_copy_props")
      output.pointee.color_trc = transfer
      if rgb {
        output.pointee.colorspace = AVCOL_SPC_RGB
        output.pointee.color_range = AVCOL_RANGE_JPEG
      }
      TransparentPixels.clear(output)
    } catch {
      var freed: UnsafeMutablePointer<AVFrame>? = output
      av_frame_free(&freed)
      throw error
    }
    return output
  }
}
