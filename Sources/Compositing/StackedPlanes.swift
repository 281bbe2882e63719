import GPU

/// A composite as the stacking pass (`StackPass`) leaves it, read back plane by plane into
/// whatever holds the picture: an encoder's frame, a `YCbCrPicture`, or a `DecodedFrame` that
/// another composition draws. One reading for all, so each gets exactly the same bytes.
struct StackedPlanes {
  /// The stacking pass's targets (`StackPass.Attachment`): Y′ of the upper and lower rows of
  /// each pair, Cb and Cr, and over a transparent background their alpha.
  let stacked: Framebuffer
  /// Where Cb and Cr are read from: `stacked`'s attachments, or over a transparent
  /// background `ChromaAlphaPass`'s target (attachments 0 and 1).
  let chroma: Framebuffer
  /// The attachment of Cb in `chroma` (Cr's is the next).
  let firstChroma: Int

  /// The stacking pass's planes as they are.
  init(stacked: Framebuffer) {
    self.stacked = stacked
    chroma = stacked
    firstChroma = StackPass.Attachment.cb
  }

  /// The stacking pass's Y′ and alpha, with Cb and Cr from `chroma` (attachments 0 and 1).
  init(stacked: Framebuffer, chroma: Framebuffer) {
    self.stacked = stacked
    self.chroma = chroma
    firstChroma = 0
  }

  /// The planes: Y′, Cb and Cr, and α where the stacking targets hold it.
  var planeCount: Int { stacked.textures.count > StackPass.Attachment.alphaTop ? 4 : 3 }

  /// Reads plane `plane` (0: Y′ or Y′·α, full size; 1 and 2: Cb and Cr, or Cb·α and Cr·α, at
  /// half size; 3: α, full size) into `bytes`, whose rows are `bytesPerRow` apart and at least
  /// `width` bytes long (the plane's width in samples): straight into them where they have
  /// room for a texture row (see `PlaneReadback`).
  func read(
    _ plane: Int, into bytes: UnsafeMutableRawBufferPointer, bytesPerRow: Int, width: Int,
    scratch: inout [UInt8]
  ) throws {
    precondition((0..<planeCount).contains(plane), "plane \(plane) of \(planeCount)")
    switch plane {
    case 0, 3:
      // Upper rows of each pair are one target's, lower rows the next one's.
      let first = plane == 0 ? StackPass.Attachment.lumaTop : StackPass.Attachment.alphaTop
      for row in 0..<2 {
        try PlaneReadback.read(
          stacked, attachment: first + row, into: bytes, bytesPerRow: bytesPerRow,
          firstRow: row, rowStep: 2, width: width, scratch: &scratch)
      }
    default:
      try PlaneReadback.read(
        chroma, attachment: firstChroma + plane - 1, into: bytes, bytesPerRow: bytesPerRow,
        firstRow: 0, rowStep: 1, width: width, scratch: &scratch)
    }
  }
}
