/// Cairo's ARGB32 pixel layout, and its conversion to the RGBA bytes the rest of chromake uses.
enum PremultipliedARGB32 {
  /// Converts `height` rows of ARGB32 pixels, each row `bytesPerRow` bytes after the last, to
  /// RGBA bytes with no row padding. Both are premultiplied, so the values carry over unchanged.
  ///
  /// A pixel is one native-endian 32-bit word, alpha in the high byte, so it is read as a word
  /// rather than as bytes: on little-endian machines memory holds B, G, R, A, on big-endian
  /// A, R, G, B.
  static func rgba(_ data: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int)
    -> [UInt8]
  {
    [UInt8](unsafeUninitializedCapacity: width * height * 4) { output, count in
      var index = 0
      for row in 0..<height {
        let rowStart = data + row * bytesPerRow
        for column in 0..<width {
          let pixel = rowStart.loadUnaligned(fromByteOffset: column * 4, as: UInt32.self)
          output[index] = UInt8(truncatingIfNeeded: pixel >> 16)
          output[index + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
          output[index + 2] = UInt8(truncatingIfNeeded: pixel)
          output[index + 3] = UInt8(truncatingIfNeeded: pixel >> 24)
          index += 4
        }
      }
      count = index
    }
  }
}
