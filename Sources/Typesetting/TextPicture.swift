/// Typeset text as pixels, with what the typesetter noticed while setting it.
public struct TextPicture: Sendable, Equatable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// RGBA with premultiplied alpha, rows top first, `width * 4` bytes a row with no padding.
  public var pixels: [UInt8]
  /// The laid-out text does not fit inside the padded area: it is too tall, or a single glyph
  /// is wider than a line. What falls outside the padded area is cut.
  public var overflows: Bool
  /// Characters that no installed font has a glyph for; each is drawn as a box of hex digits.
  public var missingGlyphs: Int

  /// A picture from its parts; `pixels` must hold `width * height * 4` bytes.
  public init(width: Int, height: Int, pixels: [UInt8], overflows: Bool, missingGlyphs: Int) {
    self.width = width
    self.height = height
    self.pixels = pixels
    self.overflows = overflows
    self.missingGlyphs = missingGlyphs
  }
}
