import GPU

/// Copies a stacking target (sixteen luma samples to an RGBA32UI texel, eight chroma samples to
/// an RG32UI texel, four to an RGBA8 texel after `ChromaAlphaPass`: the plane's bytes every
/// way) into an image plane.
enum PlaneReadback {
  /// Reads attachment `attachment` of `source` into rows `firstRow`, `firstRow + rowStep`, …
  /// of `plane` (rows `bytesPerRow` apart, `width` bytes of each are the image's). Straight
  /// into the plane where its rows have room for a texture row; otherwise through `scratch`.
  static func read(
    _ source: Framebuffer, attachment: Int, into plane: UnsafeMutableRawBufferPointer,
    bytesPerRow: Int, firstRow: Int, rowStep: Int, width: Int, scratch: inout [UInt8]
  ) throws {
    let rows = source.height
    let texelBytes = source.textures[attachment].format.bytesPerPixel
    let rowBytes = source.width * texelBytes
    let offset = firstRow * bytesPerRow
    let stride = rowStep * bytesPerRow
    guard rows > 0, offset < plane.count else { return }
    let direct =
      rowBytes <= bytesPerRow && stride % texelBytes == 0
      && offset + stride * (rows - 1) + rowBytes <= plane.count
    if direct {
      try source.readPixels(
        attachment: attachment, into: UnsafeMutableRawBufferPointer(rebasing: plane[offset...]),
        bytesPerRow: stride)
      return
    }
    if scratch.count < rowBytes * rows {
      scratch = [UInt8](repeating: 0, count: rowBytes * rows)
    }
    try scratch.withUnsafeMutableBytes {
      try source.readPixels(attachment: attachment, into: $0, bytesPerRow: rowBytes)
    }
    let copied = min(width, rowBytes)
    scratch.withUnsafeBytes { texels in
      for row in 0..<rows {
        let start = offset + row * stride
        guard start + copied <= plane.count else { break }
        UnsafeMutableRawBufferPointer(rebasing: plane[start..<(start + copied)]).copyMemory(
          from: UnsafeRawBufferPointer(
            rebasing: texels[(row * rowBytes)..<(row * rowBytes + copied)]))
      }
    }
  }
}
