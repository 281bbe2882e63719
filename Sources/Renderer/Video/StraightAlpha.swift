/// Turns a composited picture's premultiplied colour into straight colour, in place: the form
/// FFmpeg's `yuva420p` holds, which a parent then draws like a decoded picture with alpha.
enum StraightAlpha {
  /// `planes` are Y′·α, Cb·α, Cr·α (4:2:0) and α, 8-bit, each with its row stride. Where α is
  /// zero the colour is black (Y′ 16, Cb and Cr 128); a chroma sample is divided by the mean
  /// alpha of the four pixels it stands for, as its premultiplied value was stacked from.
  static func divide(
    _ planes: [(bytes: UnsafeMutableRawBufferPointer, bytesPerRow: Int)], width: Int,
    height: Int
  ) {
    precondition(planes.count == 4, "premultiplied Y′CbCr and alpha")
    let (luma, cb, cr, alpha) = (planes[0], planes[1], planes[2], planes[3])
    for y in 0..<height {
      let row = y * luma.bytesPerRow
      let alphaRow = y * alpha.bytesPerRow
      for x in 0..<width {
        luma.bytes[row + x] = straight(luma.bytes[row + x], alpha.bytes[alphaRow + x], empty: 16)
      }
    }
    for y in 0..<height / 2 {
      let top = 2 * y * alpha.bytesPerRow
      let bottom = top + alpha.bytesPerRow
      for x in 0..<width / 2 {
        let sum =
          Int(alpha.bytes[top + 2 * x]) + Int(alpha.bytes[top + 2 * x + 1])
          + Int(alpha.bytes[bottom + 2 * x]) + Int(alpha.bytes[bottom + 2 * x + 1])
        let mean = UInt8((sum + 2) / 4)
        let c = y * cb.bytesPerRow + x
        cb.bytes[c] = straight(cb.bytes[c], mean, empty: 128)
        let r = y * cr.bytesPerRow + x
        cr.bytes[r] = straight(cr.bytes[r], mean, empty: 128)
      }
    }
  }

  /// `value / alpha` in codes, rounded; `empty` where alpha is zero.
  private static func straight(_ value: UInt8, _ alpha: UInt8, empty: UInt8) -> UInt8 {
    guard alpha > 0 else { return empty }
    guard alpha < 255 else { return value }
    return UInt8(min(255, (Int(value) * 255 + Int(alpha) / 2) / Int(alpha)))
  }
}
