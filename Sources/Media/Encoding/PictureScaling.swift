internal import CFFmpeg

/// An RGBA picture made smaller for a preview: `chromake preview` draws every frame at the
/// output's size, exactly as `chromake frame` does, and scales it down to the width a page
/// shows.
public enum PictureScaling {
  /// `rgba` (`width × height`, rows of `4 × width` bytes, top first) scaled to
  /// `toWidth × toHeight`, each channel alike. Area averaging: every source pixel counts once,
  /// so thin lines and text stay legible at a fraction of the size.
  public static func scaled(
    _ rgba: [UInt8], width: Int, height: Int, toWidth: Int, toHeight: Int
  ) throws(MediaError) -> [UInt8] {
    precondition(rgba.count >= 4 * width * height, "a \(width)x\(height) picture needs its bytes")
    precondition(toWidth > 0 && toHeight > 0, "a picture needs a positive size")
    if toWidth == width && toHeight == height { return rgba }
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
