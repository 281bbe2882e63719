internal import CPangoCairo

/// Cairo font options that make glyphs come out the same on every machine and at every size:
/// grey antialiasing, no hinting, unhinted metrics. Freed in deinit.
///
/// Hinting snaps outlines and advances to the pixel grid, so text would reflow differently at
/// each size and depend on the FreeType build; subpixel (coloured) antialiasing assumes an LCD
/// layout a video frame does not have.
final class GlyphRasterOptions {
  let options: OpaquePointer

  init() throws(TypesettingError) {
    let options = try checkMade(cairo_font_options_create(), "cairo_font_options_create")
    self.options = options
    try checkCairo(cairo_font_options_status(options), "cairo_font_options_create")
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
  }

  /// Makes `context` (a PangoContext) render with these options; Pango keeps a copy.
  func apply(to context: OpaquePointer) {
    pango_cairo_context_set_font_options(context, options)
  }

  deinit {
    cairo_font_options_destroy(options)
  }
}
