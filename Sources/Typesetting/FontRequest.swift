internal import CPangoCairo

/// A parsed Pango font description: families, style and size. Freed in deinit.
final class FontRequest {
  /// The size, in pixels, of a description that gives none.
  static let defaultPixelSize: Int32 = 48

  /// The largest size accepted, in pixels: a glyph that size already fills the largest
  /// picture, and FreeType fails on sizes not far above (Pango then warns and draws nothing).
  static let maximumPixelSize = 16384.0

  let description: OpaquePointer

  /// Parses `text` as Pango does ("Family, Fallback Bold Italic 64"); Pango ignores what it
  /// cannot read rather than failing.
  init(parsing text: String) throws(TypesettingError) {
    description = try checkMade(
      pango_font_description_from_string(text), "pango_font_description_from_string")
  }

  /// Describes a font Pango loaded, to learn the family fontconfig actually chose.
  init(describing font: UnsafeMutablePointer<PangoFont>) throws(TypesettingError) {
    description = try checkMade(pango_font_describe(font), "pango_font_describe")
  }

  deinit {
    pango_font_description_free(description)
  }

  /// Makes `layout` (a PangoLayout) use this font; Pango keeps a copy.
  func apply(to layout: OpaquePointer) {
    pango_layout_set_font_description(layout, description)
  }

  /// The font `fontMap` picks for this description in `context`, with a reference the caller
  /// must drop; nil only if no font at all is installed.
  func load(from fontMap: UnsafeMutablePointer<PangoFontMap>, context: OpaquePointer)
    -> UnsafeMutablePointer<PangoFont>?
  {
    pango_font_map_load_font(fontMap, context, description)
  }

  /// The families in the order written, without surrounding spaces; empty when none is named.
  var families: [String] {
    guard let list = pango_font_description_get_family(description) else { return [] }
    return String(cString: list).split(separator: ",").map(trimmed).filter { !$0.isEmpty }
  }

  /// The size in pixels, at the typesetter's 72 dpi; nil if the description gives none.
  var pixelSize: Double? {
    let fields = pango_font_description_get_set_fields(description)
    guard fields.rawValue & PANGO_FONT_MASK_SIZE.rawValue != 0 else { return nil }
    return Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
  }

  /// Throws unless the size is more than 0 and at most `maximumPixelSize`: a size of 0 would
  /// draw nothing without saying so. Errors name `caller`.
  func checkSize(writtenAs text: String, caller: String) throws(TypesettingError) {
    try Self.check(
      pixelSize: pixelSize ?? Double(Self.defaultPixelSize), of: "font '\(text)'",
      caller: caller)
  }

  /// Throws unless `size`, the size of `what`, is more than 0 and at most `maximumPixelSize`.
  static func check(pixelSize size: Double, of what: String, caller: String)
    throws(TypesettingError)
  {
    guard size > 0, size <= maximumPixelSize else {
      throw TypesettingError(
        function: caller,
        reason: "\(what) is \(size.formatted) pixels; sizes must be more than 0 and "
          + "at most \(Int(maximumPixelSize))")
    }
  }

  /// Sets the size to `size` pixels, replacing the size the description gives, if any.
  ///
  /// Absolute (device units), as `useDefaultSizeIfUnset` sets it, so it is pixels whatever
  /// the resolution.
  func setPixelSize(_ size: Double) {
    pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
  }

  /// Gives the description `defaultPixelSize` if it names no size.
  ///
  /// The size is set as absolute (device units), so it is pixels whatever the resolution; sizes
  /// written in the description are points, which the typesetter's 72 dpi makes pixels too.
  func useDefaultSizeIfUnset() {
    if pixelSize == nil {
      setPixelSize(Double(Self.defaultPixelSize))
    }
  }
}

/// `text` without surrounding whitespace.
private func trimmed(_ text: Substring) -> String {
  String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
}
