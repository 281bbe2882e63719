/// Sets text with Pango and Cairo into RGBA pictures, and tells which font a description gets.
///
/// Safe to call from several threads at once: each thread typesets with its own font map, so
/// no call waits for another.
public enum Typesetter {
  /// Typesets `style` into a `width` × `height` picture (each side 1...16384 pixels).
  ///
  /// The background, if any, fills the whole picture; the text wraps inside the padding (and
  /// inside the outline's width, so the stroke stays clear of the padding too); anything that
  /// would fall outside the padding is cut and reported in `overflows`. The same style always
  /// gives the same bytes.
  public static func render(_ style: TextStyle, width: Int, height: Int) throws(TypesettingError)
    -> TextPicture
  {
    let area = try TextArea(style: style, width: width, height: height)
    return try ThreadFontMap.with { fontMap throws(TypesettingError) in
      let canvas = try Canvas(width: width, height: height)
      if let background = style.background {
        try canvas.paint(background)
      }
      let layout = try TextLayout(
        style: style, width: area.text.width, fontMap: fontMap, canvas: canvas)
      // The placed lines point into the layout, which must live until they are drawn.
      try withExtendedLifetime(layout) { () throws(TypesettingError) in
        let lines = layout.placed(
          in: area.text, alignment: style.alignment, verticalAlignment: style.verticalAlignment)
        canvas.clip(to: area.padded)
        if let outline = style.outline, outline.width > 0 {
          try canvas.stroke(lines, outline: outline)
        }
        try canvas.fill(lines, color: style.color)
      }
      return TextPicture(
        width: width, height: height, pixels: try canvas.rgbaPixels(),
        overflows: layout.overflows(area.text), missingGlyphs: layout.missingGlyphs)
    }
  }
}
