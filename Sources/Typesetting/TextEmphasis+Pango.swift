internal import CPangoCairo
import PlanValues

extension TextEmphasis {
  /// Sets `layout`'s attributes to `ranges` (none clears them): bold, italic and underline
  /// over their byte ranges, kept within the text's `length` bytes. One translation, used by
  /// the typesetter and by the font-file lookup, so both lay out the same faces.
  static func apply(_ ranges: [TextEmphasis], length: Int, to layout: OpaquePointer) {
    guard let list = pango_attr_list_new() else { return }
    defer { pango_attr_list_unref(list) }
    for range in ranges {
      let start = min(max(range.start, 0), length)
      let end = min(max(range.end, start), length)
      guard end > start else { continue }
      var attributes: [UnsafeMutablePointer<PangoAttribute>?] = []
      if range.bold { attributes.append(pango_attr_weight_new(PANGO_WEIGHT_BOLD)) }
      if range.italic { attributes.append(pango_attr_style_new(PANGO_STYLE_ITALIC)) }
      if range.underline { attributes.append(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE)) }
      for case let attribute? in attributes {
        attribute.pointee.start_index = guint(start)
        attribute.pointee.end_index = guint(end)
        // The list takes the attribute over.
        pango_attr_list_insert(list, attribute)
      }
    }
    pango_layout_set_attributes(layout, list)
  }
}
