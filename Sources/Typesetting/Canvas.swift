internal import CPangoCairo

/// A Cairo context drawing on an ARGB32 image, where the typesetter paints the background, the
/// outline and the glyphs, in that order. Destroyed in deinit.
final class Canvas {
  let image: ImageSurface
  let cairo: OpaquePointer

  /// A transparent canvas of this size, which the caller has checked.
  init(width: Int, height: Int) throws(TypesettingError) {
    image = try ImageSurface(width: width, height: height)
    let cairo = try checkMade(cairo_create(image.surface), "cairo_create")
    self.cairo = cairo
    try checkCairo(cairo_status(cairo), "cairo_create")
  }

  deinit {
    cairo_destroy(cairo)
  }

  /// Replaces every pixel with `color`; a translucent colour stays translucent rather than
  /// blending with what was there.
  func paint(_ color: TextColor) throws(TypesettingError) {
    cairo_save(cairo)
    cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
    setSource(color)
    cairo_paint(cairo)
    cairo_restore(cairo)
    try checkCairo(cairo_status(cairo), "cairo_paint")
  }

  /// Keeps all later drawing inside `rect`.
  func clip(to rect: PixelRect) {
    cairo_rectangle(cairo, rect.x, rect.y, rect.width, rect.height)
    cairo_clip(cairo)
  }

  /// Strokes the glyph outlines of `lines`, the pen centred on each edge so it reaches
  /// `outline.width` beyond it; the fill drawn afterwards covers the half inside the glyph.
  func stroke(_ lines: [PlacedLine], outline: TextOutline) throws(TypesettingError) {
    cairo_new_path(cairo)
    for line in lines {
      cairo_move_to(cairo, line.x, line.baseline)
      pango_cairo_layout_line_path(cairo, line.line)
    }
    setSource(outline.color)
    cairo_set_line_width(cairo, 2 * outline.width)
    // Round joins and caps follow the glyph's curves at sharp corners instead of spiking out.
    cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
    cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
    cairo_stroke(cairo)
    try checkCairo(cairo_status(cairo), "cairo_stroke")
  }

  /// Fills the glyphs of `lines` in `color`.
  func fill(_ lines: [PlacedLine], color: TextColor) throws(TypesettingError) {
    setSource(color)
    for line in lines {
      cairo_move_to(cairo, line.x, line.baseline)
      pango_cairo_show_layout_line(cairo, line.line)
    }
    try checkCairo(cairo_status(cairo), "pango_cairo_show_layout_line")
  }

  /// The image as premultiplied RGBA bytes, rows top first with no padding.
  func rgbaPixels() throws(TypesettingError) -> [UInt8] {
    try image.rgbaPixels()
  }

  /// Cairo takes colours with straight alpha and premultiplies them itself.
  private func setSource(_ color: TextColor) {
    cairo_set_source_rgba(
      cairo, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
      Double(color.alpha) / 255)
  }
}
