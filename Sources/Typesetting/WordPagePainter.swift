internal import CPangoCairo

/// Draws a page of word captions in any state from pictures of the whole page made once: the
/// page is typeset once per look (upcoming, active, spoken), each into a picture of its own,
/// and a frame is then each word's box cut from the picture of its look, scaled around the
/// box's centre, with its pill behind it. So a frame costs a few rectangle copies, not a
/// typesetting, and the layout can never move: every look is the same shaped lines.
public final class WordPagePainter {
  private let looks: [WordLook]
  /// The page typeset in each look, glyphs only.
  private let pictures: [ImageSurface]
  private let width: Int
  private let height: Int
  /// The layer's own background, filling the picture behind every word.
  private let background: TextColor?
  /// How far a word's cut reaches past its box sideways and up and down, in pixels, per look:
  /// its outline, and a little for glyphs whose ink leans past their advance; `WordCells`
  /// stops it halfway to the next box.
  private let reach: [(x: Double, y: Double)]

  /// Typesets `style` (its text, at `style.pixelSize`, placed as `Typesetter.render` places
  /// it) once in each of `looks`, into `width` × `height` pictures. The style's own colour
  /// and outline are replaced by each look's; its background fills every frame's picture.
  public init(style: TextStyle, width: Int, height: Int, looks: [WordLook])
    throws(TypesettingError)
  {
    // Every look is laid out in the area the style's own outline leaves, as the page was
    // measured: a look with a wider stroke draws it further out, never reflows the lines.
    let area = try TextArea(style: style, width: width, height: height)
    var pictures: [ImageSurface] = []
    for look in looks {
      var styled = style
      styled.color = look.color
      styled.outline = look.outline
      styled.background = nil
      pictures.append(try Self.typeset(styled, in: area, width: width, height: height))
    }
    self.looks = looks
    self.pictures = pictures
    self.width = width
    self.height = height
    background = style.background
    let size = style.pixelSize ?? Double(FontRequest.defaultPixelSize)
    reach = looks.map { look in
      let stroke = look.outline?.width ?? 0
      return (x: stroke + 0.06 * size, y: stroke + 0.1 * size)
    }
  }

  /// The page with each of `words` drawn as it says, in order (later words over earlier
  /// ones): premultiplied RGBA, rows top first.
  public func paint(_ words: [PaintedWord]) throws(TypesettingError) -> [UInt8] {
    let canvas = try Canvas(width: width, height: height)
    if let background { try canvas.paint(background) }
    let cairo = canvas.cairo
    let cells = WordCells(
      words.map(\.boxes),
      reach: words.map { reach[$0.look >= 0 && $0.look < looks.count ? $0.look : 0] })
    for (index, word) in words.enumerated()
    where word.look >= 0 && word.look < looks.count && word.opacity > 0 {
      let look = looks[word.look]
      for (box, cell) in zip(word.boxes, cells.cells[index]) {
        cairo_save(cairo)
        let centreX = box.x + box.width / 2
        let centreY = box.y + box.height / 2
        cairo_translate(cairo, centreX, centreY)
        cairo_scale(cairo, word.scale, word.scale)
        cairo_translate(cairo, -centreX, -centreY)
        if let pill = look.background {
          roundedRectangle(
            cairo, x: box.x - look.padding, y: box.y - look.padding,
            width: box.width + 2 * look.padding, height: box.height + 2 * look.padding,
            radius: look.cornerRadius)
          cairo_set_source_rgba(
            cairo, Double(pill.red) / 255, Double(pill.green) / 255, Double(pill.blue) / 255,
            Double(pill.alpha) / 255 * word.opacity)
          cairo_fill(cairo)
        }
        cairo_rectangle(cairo, cell.x, cell.y, cell.width, cell.height)
        cairo_clip(cairo)
        cairo_set_source_surface(cairo, pictures[word.look].surface, 0, 0)
        // Scaled up, the picture is sampled between its pixels: bilinear, as the compositor
        // scales every picture.
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_BILINEAR)
        cairo_paint_with_alpha(cairo, word.opacity)
        cairo_restore(cairo)
      }
    }
    try checkCairo(cairo_status(cairo), "WordPagePainter.paint")
    return try canvas.rgbaPixels()
  }

  /// A rectangle with its corners rounded by `radius`, at most half its shorter side.
  private func roundedRectangle(
    _ cairo: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double
  ) {
    let r = max(0, min(radius < 0 ? height / 3 : radius, width / 2, height / 2))
    cairo_new_sub_path(cairo)
    cairo_arc(cairo, x + width - r, y + r, r, -Double.pi / 2, 0)
    cairo_arc(cairo, x + width - r, y + height - r, r, 0, Double.pi / 2)
    cairo_arc(cairo, x + r, y + height - r, r, Double.pi / 2, Double.pi)
    cairo_arc(cairo, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cairo)
  }

  /// `style` typeset in `area` as `Typesetter.render` sets it, kept as a Cairo picture to cut
  /// from.
  private static func typeset(_ style: TextStyle, in area: TextArea, width: Int, height: Int)
    throws(TypesettingError) -> ImageSurface
  {
    return try ThreadFontMap.with { fontMap throws(TypesettingError) in
      let canvas = try Canvas(width: width, height: height)
      let layout = try TextLayout(
        style: style, width: area.text.width, fontMap: fontMap, canvas: canvas)
      try withExtendedLifetime(layout) { () throws(TypesettingError) in
        let lines = layout.placed(
          in: area.text, alignment: style.alignment, verticalAlignment: style.verticalAlignment)
        canvas.clip(to: area.padded)
        if let outline = style.outline, outline.width > 0 {
          try canvas.stroke(lines, outline: outline)
        }
        try canvas.fill(lines, color: style.color)
      }
      return canvas.image
    }
  }
}
