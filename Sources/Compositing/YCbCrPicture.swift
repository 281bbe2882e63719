/// One composited frame's planes as the encoder gets them: 8-bit BT.709 limited-range Y′CbCr
/// 4:2:0, rows without padding, and for an output that keeps alpha a straight alpha plane.
public struct YCbCrPicture {
  let width: Int
  let height: Int
  var y: [UInt8]
  var cb: [UInt8]
  var cr: [UInt8]
  var alpha: [UInt8]?

  init(width: Int, height: Int, alpha: Bool = false) {
    self.width = width
    self.height = height
    y = [UInt8](repeating: 0, count: width * height)
    cb = [UInt8](repeating: 0, count: width / 2 * (height / 2))
    cr = cb
    self.alpha = alpha ? y : nil
  }

  /// The picture as RGBA rows, top first, as a player shows it: chroma interpolated
  /// bilinearly between sample centres, then the output's BT.709 limited range to R′G′B′;
  /// alpha straight, opaque where the picture has none.
  public func rgba() -> [UInt8] {
    let toRGB = ColorConversion.toRGB(matrix: .bt709, range: .limited, bitDepth: 8)
    // Column-major, read once: `apply` per pixel would copy the matrix each time.
    let m = toRGB.matrix.map(Double.init)
    let o = SIMD3<Double>(Double(toRGB.offset.x), Double(toRGB.offset.y), Double(toRGB.offset.z))
    let chromaWidth = width / 2
    let chromaHeight = height / 2
    var result = [UInt8](repeating: 255, count: width * height * 4)
    func chroma(_ plane: [UInt8], _ x: Double, _ y: Double) -> Double {
      let x0 = min(max(Int(x.rounded(.down)), 0), chromaWidth - 1)
      let y0 = min(max(Int(y.rounded(.down)), 0), chromaHeight - 1)
      let x1 = min(x0 + 1, chromaWidth - 1)
      let y1 = min(y0 + 1, chromaHeight - 1)
      let fx = min(max(x - Double(x0), 0), 1)
      let fy = min(max(y - Double(y0), 0), 1)
      let top =
        Double(plane[y0 * chromaWidth + x0]) * (1 - fx)
        + Double(plane[y0 * chromaWidth + x1]) * fx
      let bottom =
        Double(plane[y1 * chromaWidth + x0]) * (1 - fx)
        + Double(plane[y1 * chromaWidth + x1]) * fx
      return top * (1 - fy) + bottom * fy
    }
    for row in 0..<height {
      // The chroma sample centres lie at the centres of 2×2 pixel blocks.
      let cy = (Double(row) + 0.5) / 2 - 0.5
      for column in 0..<width {
        let cx = (Double(column) + 0.5) / 2 - 0.5
        // Normalised samples, code / 255, as the map takes them.
        let s =
          SIMD3(
            Double(y[row * width + column]), chroma(cb, cx, cy), chroma(cr, cx, cy)) / 255
        let rgb =
          SIMD3(
            m[0] * s.x + m[3] * s.y + m[6] * s.z, m[1] * s.x + m[4] * s.y + m[7] * s.z,
            m[2] * s.x + m[5] * s.y + m[8] * s.z) + o
        let index = (row * width + column) * 4
        for channel in 0..<3 {
          result[index + channel] = UInt8(min(max((rgb[channel] * 255).rounded(), 0), 255))
        }
        if let alpha { result[index + 3] = alpha[row * width + column] }
      }
    }
    return result
  }
}
