extension Typesetter {
  /// The size `style`'s text fits a `width` × `height` picture at, for a planner to decide a
  /// text's size before rendering it.
  ///
  /// The text fits at a size when, laid out there as `render` lays it out (wrapped inside the
  /// padding and the outline's width), its lines are no taller than that area, none is wider
  /// (a glyph that cannot be broken), and there are at most `style.maxLines` of them.
  /// `style.pixelSize` is ignored: the size in `style.font` (48 if it gives none) is the size
  /// to begin with, and the largest the text is set at.
  ///
  /// - Parameters:
  ///   - sizeMin: nil keeps the font's size, fitting or not. Otherwise, if the text does not
  ///     fit at the font's size, the largest whole pixel size from `sizeMin` up, below the
  ///     font's size, that it fits at; `sizeMin` (or the font's size, if smaller), not
  ///     fitting, if there is none. At least 1.
  ///   - ellipsis: whether a text that does not fit at the size chosen is cut to its longest
  ///     start (whole graphemes, without trailing whitespace) that fits with "…" after it.
  ///     The result then fits, unless even "…" alone does not, which it then is.
  /// - Returns: The size, and the text to render at it with `style.maxLines`: rendered so, it
  ///   does not overflow whenever the fit says it fits.
  public static func fit(
    _ style: TextStyle, width: Int, height: Int, sizeMin: Int?, ellipsis: Bool
  ) throws(TypesettingError) -> TextFit {
    let caller = "Typesetter.fit"
    let area = try TextArea(style: style, width: width, height: height, caller: caller)
    if let sizeMin {
      try FontRequest.check(pixelSize: Double(sizeMin), of: "the smallest size", caller: caller)
    }
    var measured = style
    measured.pixelSize = nil
    return try ThreadFontMap.with { fontMap throws(TypesettingError) in
      // The render's canvas only lends the layout its font options and (identity) transform;
      // a canvas of one pixel lends the same.
      let canvas = try Canvas(width: 1, height: 1)
      let layout = try TextLayout(
        style: measured, width: area.text.width, fontMap: fontMap, canvas: canvas,
        caller: caller)
      return TextFitter(
        layout: layout, text: style.text, emphasis: style.emphasis, box: area.text
      )
      .fit(sizeMin: sizeMin, ellipsis: ellipsis)
    }
  }
}
