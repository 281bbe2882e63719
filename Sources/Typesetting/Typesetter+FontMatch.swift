internal import CPangoCairo

extension Typesetter {
  /// Family names that stand for a kind of font rather than a font, which fontconfig maps to
  /// an installed family; any installed family satisfies them.
  static let genericFamilies: Set<String> = [
    "sans", "sans-serif", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy",
    "emoji",
  ]

  /// Which family `description` (a Pango font description such as `"DejaVu Sans Bold 64"`)
  /// gets, and whether it is the one asked for; used to warn about a font that is not
  /// installed, since fontconfig silently substitutes another.
  public static func resolveFont(_ description: String) -> FontMatch {
    do {
      return try ThreadFontMap.with { fontMap throws(TypesettingError) in
        let request = try FontRequest(parsing: description)
        request.useDefaultSizeIfUnset()
        let families = request.families
        let resolved = try loadedFamily(request, fontMap: fontMap)
        return FontMatch(
          requested: families.first ?? "", resolved: resolved,
          isExact: isExact(families, resolved: resolved))
      }
    } catch {
      // Only Pango running out of memory gets here; the answer is then "not found".
      return FontMatch(requested: "", resolved: "", isExact: false)
    }
  }

  /// Whether a font of family `resolved` is what a description naming `families` asked for.
  static func isExact(_ families: [String], resolved: String) -> Bool {
    let requested = families.map { $0.lowercased() }
    guard !requested.isEmpty else { return true }
    return requested.contains(resolved.lowercased())
      || requested.contains { genericFamilies.contains($0) }
  }

  /// The family of the font the shared map loads for `request`; empty if it loads none, which
  /// happens only when no font at all is installed.
  private static func loadedFamily(
    _ request: FontRequest, fontMap: UnsafeMutablePointer<PangoFontMap>
  ) throws(TypesettingError) -> String {
    let context = try checkMade(
      pango_font_map_create_context(fontMap), "pango_font_map_create_context")
    defer { g_object_unref(UnsafeMutableRawPointer(context)) }
    pango_cairo_context_set_resolution(context, 72)
    guard let font = request.load(from: fontMap, context: context) else { return "" }
    defer { g_object_unref(font) }
    return try FontRequest(describing: font).families.first ?? ""
  }
}
