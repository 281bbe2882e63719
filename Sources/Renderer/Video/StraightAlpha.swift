import Media

/// Turns a frame stacked over a transparent background (premultiplied: Y′·α, Cb·α and Cr·α,
/// Cb and Cr by the mean of the four alphas each chroma sample stands for, as
/// `ChromaAlphaPass` leaves them) into the straight colour encoders take with an alpha plane.
/// Where α is zero the colour is limited-range black, which is what players show under it.
enum StraightAlpha {
  /// 255 / α for each 8-bit α (0 for 0): one multiply a sample instead of a division.
  private static let reciprocals: [Float] = (0...255).map { $0 == 0 ? 0 : 255 / Float($0) }

  static func unpremultiply(_ frame: EncoderFrame) {
    frame.withMutablePlane(3) { alpha, alphaStride, width, height in
      let a = alpha.bindMemory(to: UInt8.self)
      frame.withMutablePlane(0) { luma, lumaStride, _, _ in
        let y = luma.bindMemory(to: UInt8.self)
        for row in 0..<height {
          for column in 0..<width {
            let coverage = Int(a[row * alphaStride + column])
            let index = row * lumaStride + column
            y[index] = coverage == 0 ? 16 : straight(y[index], coverage * 4, reciprocalOf: coverage)
          }
        }
      }
      for plane in 1...2 {
        frame.withMutablePlane(plane) { chroma, chromaStride, chromaWidth, chromaHeight in
          let c = chroma.bindMemory(to: UInt8.self)
          for row in 0..<chromaHeight {
            for column in 0..<chromaWidth {
              // The mean of the (up to) four alphas the sample stands for, times four.
              let top = 2 * row * alphaStride
              let bottom = min(2 * row + 1, height - 1) * alphaStride
              let left = 2 * column
              let right = min(2 * column + 1, width - 1)
              let sum =
                Int(a[top + left]) + Int(a[top + right]) + Int(a[bottom + left])
                + Int(a[bottom + right])
              let index = row * chromaStride + column
              c[index] = sum == 0 ? 128 : straight(c[index], sum, reciprocalOf: nil)
            }
          }
        }
      }
    }
  }

  /// `value / (sum4 / 4 / 255)`, rounded and clamped to a byte: the premultiplied sample
  /// divided by its alpha (given as four times the 8-bit alpha).
  @inline(__always)
  private static func straight(_ value: UInt8, _ sum4: Int, reciprocalOf coverage: Int?) -> UInt8 {
    let scale: Float =
      if let coverage { reciprocals[coverage] } else { 1020 / Float(sum4) }
    return UInt8(min(255, (Float(value) * scale).rounded()))
  }
}
