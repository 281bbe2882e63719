import GPU

/// A composite as the stacking pass (`StackPass`) leaves it, read back plane by plane into
/// whatever holds the picture: an encoder's frame, a `YCbCrPicture`, or a `DecodedFrame` that
/// another composition draws. One reading for all, so each gets exactly the same bytes.
struct StackedPlanes {
  /// Y′ (even rows in attachment 0, odd rows in 1) and, over a transparent background, α (even
  /// rows in 2, odd rows in 3).
  let luma: Framebuffer
  /// Cb and Cr at half size (attachments 0 and 1).
  let chroma: Framebuffer

  /// The planes: Y′, Cb and Cr, and α where the luma targets hold it.
  var planeCount: Int { luma.textures.count == 4 ? 4 : 3 }

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
      // Even rows are the first target's, odd rows the second's.
      for row in 0..<2 {
        try PlaneReadback.read(
          luma, attachment: (plane == 0 ? 0 : 2) + row, into: bytes, bytesPerRow: bytesPerRow,
          firstRow: row, rowStep: 2, width: width, scratch: &scratch)
      }
    default:
      try PlaneReadback.read(
        chroma, attachment: plane - 1, into: bytes, bytesPerRow: bytesPerRow, firstRow: 0,
        rowStep: 1, width: width, scratch: &scratch)
    }
  }
}
