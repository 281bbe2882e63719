internal import CPangoCairo
import Foundation

/// The font map of the calling thread, which every use of Pango on that thread shares.
///
/// Batch renders typeset on several threads at once. A fontconfig-backed Pango font map caches
/// fonts, glyphs and fontconfig patterns without locking, so one map must not be used from two
/// threads at a time. Pango's own answer (since 1.32.6) is a map per thread, and that is what
/// this is: no lock, so a long text being laid out in one batch row never holds up the text of
/// another. Fontconfig's configuration is loaded once per process and shared; what each thread
/// warms again is only its map's caches, a few milliseconds for its first text. Cairo locks the
/// FreeType faces its scaled fonts share between maps itself.
enum ThreadFontMap {
  /// Where each thread keeps its map. No destructor: a map is never freed, as the one shared
  /// map was not before, because freeing it (and the cairo fonts with it) as its thread ends
  /// could race with the process exiting or with another thread drawing with the same
  /// FreeType faces. A process typesets on a few threads (one per batch job), so what stays is
  /// small and bounded.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Runs `body` with the calling thread's font map, made on the thread's first call.
  ///
  /// Every Pango and Cairo object `body` makes belongs to this thread's map and must be freed
  /// before it returns: keep them in locals of `body`, never in its result.
  static func with<Result>(
    _ body: (UnsafeMutablePointer<PangoFontMap>) throws(TypesettingError) -> Result
  ) throws(TypesettingError) -> Result {
    if let stored = pthread_getspecific(key) {
      return try body(stored.assumingMemoryBound(to: PangoFontMap.self))
    }
    let made = try checkMade(pango_cairo_font_map_new(), "pango_cairo_font_map_new")
    pthread_setspecific(key, UnsafeRawPointer(made))
    return try body(made)
  }
}
