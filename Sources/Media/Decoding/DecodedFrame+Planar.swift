internal import CFFmpeg
import Timeline

extension DecodedFrame {
  /// A Y′CbCr picture in `layout` whose planes the caller fills: a composition drawn into a
  /// picture that another composition draws as a layer, in the same form as a decoded frame
  /// so the compositor treats every layer alike. BT.709, limited range, at pts 0.
  ///
  /// `fill` is called once for each plane, in order, with the plane's index, its bytes (rows
  /// `bytesPerRow` apart, `bytesPerRow × rows` in all; rows may be padded past the plane's
  /// width) and `bytesPerRow`; it must write every sample, as the buffer is not cleared. The
  /// buffer is FFmpeg's own (`av_frame_get_buffer`, rows aligned for SIMD), so whoever fills
  /// it writes each byte once, and the frame keeps it without a copy. The bytes are valid only
  /// inside `fill`.
  public static func planar(
    layout: PlaneLayout, width: Int, height: Int,
    fill: (_ plane: Int, _ bytes: UnsafeMutableRawBufferPointer, _ bytesPerRow: Int) throws ->
      Void
  ) throws -> DecodedFrame {
    precondition(!layout.isRGB, "planar pictures are Y′CbCr, not \(layout)")
    precondition(width > 0 && height > 0, "a \(width)×\(height) picture")
    let storage = try DecoderFrame()
    let frame = storage.pointer
    frame.pointee.width = Int32(width)
    frame.pointee.height = Int32(height)
    let format = DecoderPixelFormat.format(of: layout)
    frame.pointee.format = format.rawValue
    frame.pointee.color_primaries = AVCOL_PRI_BT709
    frame.pointee.color_trc = AVCOL_TRC_BT709
    frame.pointee.colorspace = AVCOL_SPC_BT709
    frame.pointee.color_range = AVCOL_RANGE_MPEG
    // Alignment 0 lets FFmpeg pick the one the CPU's SIMD code wants.
    _ = try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
    for plane in 0..<layout.planeCount {
      let (data, bytesPerRow) = storage.plane(plane)
      guard let data else { throw MediaError.outOfMemory("av_frame_get_buffer") }
      let rows = layout.planeSize(plane, width: width, height: height).height
      try fill(
        plane, UnsafeMutableRawBufferPointer(start: data, count: bytesPerRow * rows), bytesPerRow)
    }
    return DecodedFrame(
      storage: storage, ticks: 0, pts: .zero, layout: layout, colorRange: .limited,
      colorMatrix: .bt709, decodedPixelFormat: DecoderPixelFormat.name(of: format))
  }
}
