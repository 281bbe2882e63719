internal import CFFmpeg
import Timeline

extension DecodedFrame {
  /// A picture the renderer composited itself (a child project's frame), in `layout`
  /// (`.yuv420p8` or `.yuva420p8`, BT.709 limited range, straight alpha), its planes filled by
  /// `fill(plane, bytes, bytesPerRow)`, where `bytes` holds every row of the plane, padding
  /// included. It is then drawn like any decoded picture.
  public static func planar(
    layout: PlaneLayout, width: Int, height: Int,
    fill: (_ plane: Int, _ bytes: UnsafeMutableRawBufferPointer, _ bytesPerRow: Int) throws ->
      Void
  ) throws -> DecodedFrame {
    precondition(layout == .yuv420p8 || layout == .yuva420p8, "no planar \(layout) pictures")
    let storage = try DecoderFrame()
    let frame = storage.pointer
    frame.pointee.width = Int32(width)
    frame.pointee.height = Int32(height)
    frame.pointee.format = (layout == .yuv420p8 ? AV_PIX_FMT_YUV420P : AV_PIX_FMT_YUVA420P).rawValue
    frame.pointee.colorspace = AVCOL_SPC_BT709
    frame.pointee.color_range = AVCOL_RANGE_MPEG
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
      colorMatrix: .bt709, decodedPixelFormat: layout == .yuv420p8 ? "yuv420p" : "yuva420p")
  }
}
