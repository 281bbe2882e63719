internal import CPangoCairo
import PlanValues

extension Typesetter {
  /// The font files Pango draws `text` in `font` (a Pango font description) from, with
  /// `emphasis` (a caption's bold and italic faces), sorted: the file fontconfig chose for the
  /// description, and any it falls back to for characters that font lacks (an emoji, a script
  /// it does not cover).
  ///
  /// A render is a function of these files' contents, not of the family names, so build
  /// records fingerprint them and dependency files list them. Empty only when no font at all
  /// is installed.
  public static func fontFiles(font: String, text: String, emphasis: [TextEmphasis] = [])
    -> [String]
  {
    (try? ThreadFontMap.with { fontMap throws(TypesettingError) in
      let context = try checkMade(
        pango_font_map_create_context(fontMap), "pango_font_map_create_context")
      defer { g_object_unref(UnsafeMutableRawPointer(context)) }
      pango_cairo_context_set_resolution(context, 72)
      let request = try FontRequest(parsing: font)
      request.useDefaultSizeIfUnset()
      var files: Set<String> = []
      // The description's own font, even for text with no characters to lay out.
      if let loaded = request.load(from: fontMap, context: context) {
        defer { g_object_unref(loaded) }
        if let file = fontFile(of: loaded) { files.insert(file) }
      }
      let layout = try checkMade(pango_layout_new(context), "pango_layout_new")
      defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
      request.apply(to: layout)
      pango_layout_set_auto_dir(layout, 1)
      // As the typesetter does: NULs have no glyph and would end the text for Pango. (A text
      // with emphasis, a caption's, has none: its reader refuses them.)
      let plain = text.split(separator: "\0", omittingEmptySubsequences: false).joined()
      pango_layout_set_text(layout, plain, Int32(plain.utf8.count))
      TextEmphasis.apply(
        plain.utf8.count == text.utf8.count ? emphasis : [], length: plain.utf8.count,
        to: layout)
      let iterator = try checkMade(pango_layout_get_iter(layout), "pango_layout_get_iter")
      defer { pango_layout_iter_free(iterator) }
      repeat {
        if let run = pango_layout_iter_get_run_readonly(iterator),
          let font = run.pointee.item.pointee.analysis.font,
          let file = fontFile(of: font)
        {
          files.insert(file)
        }
      } while pango_layout_iter_next_run(iterator) != 0
      return files.sorted()
    }) ?? []
  }

  /// The file fontconfig loaded `font` from; `nil` for a font of another backend.
  private static func fontFile(of font: UnsafeMutablePointer<PangoFont>) -> String? {
    guard chromake_is_fc_font(font) != 0 else { return nil }
    let fcFont = UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)
    guard let pattern = pango_fc_font_get_pattern(fcFont) else { return nil }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(pattern, "file", 0, &file) == FcResultMatch, let file else {
      return nil
    }
    return String(cString: file)
  }
}
