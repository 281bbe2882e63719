internal import CFFmpeg
import Timeline

extension DecodedFrame {
  /// A picture made of RGBA rows (top first, `width × 4` bytes each, no padding) in `layout`,
  /// `.rgba8` or `.rgba8Premultiplied`: text and solid colours the renderer made itself, in
  /// the same form as a decoded picture so the compositor treats every layer alike.
  public static func rgba(_ pixels: [UInt8], width: Int, height: Int, layout: PlaneLayout)
    throws(MediaError) -> DecodedFrame
  {
    precondition(layout.isRGB, "RGBA pixels need an RGBA layout, not \(layout)")
    precondition(pixels.count == width * height * 4, "\(pixels.count) bytes for \(width)×\(height)")
    let storage = try DecoderFrame()
    let frame = storage.pointer
    frame.pointee.width = Int32(width)
    frame.pointee.height = Int32(height)
    frame.pointee.format = AV_PIX_FMT_RGBA.rawValue
    _ = try check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
    let (data, bytesPerRow) = storage.plane(0)
    guard let data else { throw .outOfMemory("av_frame_get_buffer") }
    pixels.withUnsafeBufferPointer { source in
      guard let base = source.baseAddress else { return }
      for row in 0..<height {
        (data + row * bytesPerRow).update(from: base + row * width * 4, count: width * 4)
      }
    }
    return DecodedFrame(
      storage: storage, ticks: 0, pts: .zero, layout: layout, colorRange: .full,
      colorMatrix: .bt709, decodedPixelFormat: "rgba")
  }

  /// The picture with its colour premultiplied by its alpha, rounded to the nearest code, for
  /// an `rgba8` picture; any other picture as it is.
  public func premultiplied() throws(MediaError) -> DecodedFrame {
    guard layout == .rgba8 else { return self }
    var rows = [UInt8](repeating: 0, count: width * height * 4)
    withPlane(0) { bytes, bytesPerRow, _, _ in
      for y in 0..<height {
        for x in 0..<width {
          let at = y * bytesPerRow + x * 4
          let alpha = UInt32(bytes[at + 3])
          let out = (y * width + x) * 4
          for channel in 0..<3 {
            rows[out + channel] = UInt8((UInt32(bytes[at + channel]) * alpha + 127) / 255)
          }
          rows[out + 3] = UInt8(alpha)
        }
      }
    }
    return try DecodedFrame.rgba(rows, width: width, height: height, layout: .rgba8Premultiplied)
  }
}
