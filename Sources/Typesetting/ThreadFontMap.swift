internal import CPangoCairo

/// The font map of the calling thread, which every use of Pango on that thread shares.
///
/// Batch renders typeset on several threads at once. A fontconfig-backed Pango font map caches
/// fonts, glyphs and fontconfig patterns without locking, so one map must not be used from two
/// threads at a time. Pango's own answer (since 1.32.6) is a default map per thread, and that
/// is what this is: no lock, so a long text being laid out in one batch row never holds up the
/// text of another. Fontconfig's configuration is loaded once per process and shared; what each
/// thread warms again is only its map's caches, a few milliseconds for the first text. Cairo
/// locks the FreeType faces its scaled fonts share between maps itself.
enum ThreadFontMap {
  /// Runs `body` with the calling thread's font map.
  ///
  /// Every Pango and Cairo object `body` makes belongs to this thread's map and must be freed
  /// before it returns: keep them in locals of `body`, never in its result.
  static func with<Result>(
    _ body: (UnsafeMutablePointer<PangoFontMap>) throws(TypesettingError) -> Result
  ) throws(TypesettingError) -> Result {
    // Owned by Pango, made on the thread's first call and freed when the thread ends.
    let fontMap = try checkMade(
      pango_cairo_font_map_get_default(), "pango_cairo_font_map_get_default")
    return try body(fontMap)
  }
}
