internal import CPangoCairo
import Foundation

/// The process-wide lock around every use of Pango, Cairo and fontconfig, and the one Pango
/// font map all typesetting shares.
///
/// Batch renders typeset on several threads at once. A fontconfig-backed Pango font map caches
/// fonts, glyphs and fontconfig patterns without locking, so it must not be used from two
/// threads at a time; Pango's answer is a default map per thread, but that would load the
/// fontconfig configuration and warm every cache again on each worker thread, and keep it until
/// the thread ends. Text is a small share of a frame's work, so one map behind one lock costs
/// little and keeps the caches warm. The lock covers the whole render, Cairo included, because
/// Cairo's font code reaches the same FreeType faces.
enum SharedFontMap {
  private static let lock = NSLock()
  /// Made on first use and never freed: it lives as long as the process, and freeing it at exit
  /// would only race with a render still running on another thread.
  nonisolated(unsafe) private static var fontMap: UnsafeMutablePointer<PangoFontMap>?

  /// Runs `body` holding the lock, with the shared font map.
  ///
  /// Every Pango and Cairo object `body` makes must be freed before it returns, so that no
  /// `deinit` runs outside the lock: keep them in locals of `body`, never in its result.
  static func withLock<Result>(
    _ body: (UnsafeMutablePointer<PangoFontMap>) throws(TypesettingError) -> Result
  ) throws(TypesettingError) -> Result {
    lock.lock()
    defer { lock.unlock() }
    if let fontMap {
      return try body(fontMap)
    }
    let made = try checkMade(pango_cairo_font_map_new(), "pango_cairo_font_map_new")
    fontMap = made
    return try body(made)
  }
}
