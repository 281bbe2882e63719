internal import CFFmpeg

/// An RGBA picture made smaller for a preview: `chromake preview` draws every frame at the
/// output's size, exactly as `chromake frame` does, and scales it down to the width a page
/// shows.
public enum PictureScaling {
  /// `rgba` (`width × height`, rows of `4 × width` bytes, top first, straight alpha) scaled to
  /// `toWidth × toHeight`. Area averaging: every source pixel counts once, so thin lines and
  /// text stay legible at a fraction of the size. Where the picture is not opaque, colours are
  /// averaged weighted by their alpha (premultiplied, scaled, divided again), so a transparent
  /// pixel's colour never darkens an edge.
  public static func scaled(
    _ rgba: [UInt8], width: Int, height: Int, toWidth: Int, toHeight: Int
  ) throws(MediaError) -> [UInt8] {
    precondition(rgba.count >= 4 * width * height, "a \(width)x\(height) picture needs its bytes")
    precondition(toWidth > 0 && toHeight > 0, "a picture needs a positive size")
    if toWidth == width && toHeight == height { return rgba }
    let opaque = stride(from: 3, to: 4 * width * height, by: 4).allSatisfy { rgba[$0] == 255 }
    if opaque { return try averaged(rgba, width, height, toWidth, toHeight) }
    var premultiplied = rgba
    for at in stride(from: 0, to: 4 * width * height, by: 4) {
      let alpha = UInt32(rgba[at + 3])
      for channel in 0..<3 {
        premultiplied[at + channel] = UInt8((UInt32(rgba[at + channel]) * alpha + 127) / 255)
      }
    }
    var scaled = try averaged(premultiplied, width, height, toWidth, toHeight)
    for at in stride(from: 0, to: 4 * toWidth * toHeight, by: 4) {
      let alpha = UInt32(scaled[at + 3])
      for channel in 0..<3 {
        scaled[at + channel] =
          alpha == 0 ? 0 : UInt8(min(255, (UInt32(scaled[at + channel]) * 255 + alpha / 2) / alpha))
      }
    }
    return scaled
  }

  /// Each channel averaged alike by libswscale's area filter.
  private static func averaged(
    _ rgba: [UInt8], _ width: Int, _ height: Int, _ toWidth: Int, _ toHeight: Int
  ) throws(MediaError) -> [UInt8] {
    guard
      let scaler = sws_getContext(
        Int32(width), Int32(height), AV_PIX_FMT_RGBA, Int32(toWidth), Int32(toHeight),
        AV_PIX_FMT_RGBA, Int32(SWS_AREA), nil, nil, nil)
    else { throw .outOfMemory("sws_getContext") }
    defer { sws_freeContext(scaler) }
    var output = [UInt8](repeating: 0, count: 4 * toWidth * toHeight)
    var sourceStride = [Int32(4 * width), 0, 0, 0]
    var targetStride = [Int32(4 * toWidth), 0, 0, 0]
    let rows = rgba.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        var sourcePlanes: [UnsafePointer<UInt8>?] = [source.baseAddress, nil, nil, nil]
        var targetPlanes: [UnsafeMutablePointer<UInt8>?] = [target.baseAddress, nil, nil, nil]
        return sws_scale(
          scaler, &sourcePlanes, &sourceStride, 0, Int32(height), &targetPlanes, &targetStride)
      }
    }
    guard rows == Int32(toHeight) else {
      throw .ffmpeg(
        call: "sws_scale", code: rows, message: "gave \(rows) of \(toHeight) rows")
    }
    return output
  }
}
