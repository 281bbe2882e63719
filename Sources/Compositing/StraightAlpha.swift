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
      frame.withMutablePlane(0) { luma, lumaStride, _, _ in
        frame.withMutablePlane(1) { cb, chromaStride, chromaWidth, chromaHeight in
          frame.withMutablePlane(2) { cr, _, _, _ in
            unpremultiply(
              Planes(
                y: luma.bindMemory(to: UInt8.self).baseAddress!, yStride: lumaStride,
                cb: cb.bindMemory(to: UInt8.self).baseAddress!,
                cr: cr.bindMemory(to: UInt8.self).baseAddress!, chromaStride: chromaStride,
                chromaWidth: chromaWidth, chromaHeight: chromaHeight,
                alpha: alpha.bindMemory(to: UInt8.self).baseAddress!, alphaStride: alphaStride,
                width: width, height: height))
          }
        }
      }
    }
  }

  /// The same for a read-back picture (a poster, or `chromake frame`'s picture).
  static func unpremultiply(_ picture: inout YCbCrPicture) {
    guard picture.alpha != nil else { return }
    let (width, height) = (picture.width, picture.height)
    picture.y.withUnsafeMutableBufferPointer { y in
      picture.cb.withUnsafeMutableBufferPointer { cb in
        picture.cr.withUnsafeMutableBufferPointer { cr in
          picture.alpha!.withUnsafeMutableBufferPointer { alpha in
            unpremultiply(
              Planes(
                y: y.baseAddress!, yStride: width, cb: cb.baseAddress!, cr: cr.baseAddress!,
                chromaStride: width / 2, chromaWidth: width / 2, chromaHeight: height / 2,
                alpha: alpha.baseAddress!, alphaStride: width, width: width, height: height))
          }
        }
      }
    }
  }

  /// Where a picture's four planes lie.
  private struct Planes {
    var y: UnsafeMutablePointer<UInt8>
    var yStride: Int
    var cb: UnsafeMutablePointer<UInt8>
    var cr: UnsafeMutablePointer<UInt8>
    var chromaStride: Int
    var chromaWidth: Int
    var chromaHeight: Int
    var alpha: UnsafeMutablePointer<UInt8>
    var alphaStride: Int
    var width: Int
    var height: Int
  }

  private static func unpremultiply(_ p: Planes) {
    let a = p.alpha
    for row in 0..<p.height {
      for column in 0..<p.width {
        let coverage = Int(a[row * p.alphaStride + column])
        let index = row * p.yStride + column
        p.y[index] = coverage == 0 ? 16 : straight(p.y[index], coverage * 4, reciprocalOf: coverage)
      }
    }
    for c in [p.cb, p.cr] {
      for row in 0..<p.chromaHeight {
        for column in 0..<p.chromaWidth {
          // The mean of the (up to) four alphas the sample stands for, times four.
          let top = 2 * row * p.alphaStride
          let bottom = min(2 * row + 1, p.height - 1) * p.alphaStride
          let left = 2 * column
          let right = min(2 * column + 1, p.width - 1)
          let sum =
            Int(a[top + left]) + Int(a[top + right]) + Int(a[bottom + left])
            + Int(a[bottom + right])
          let index = row * p.chromaStride + column
          c[index] = sum == 0 ? 128 : straight(c[index], sum, reciprocalOf: nil)
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
