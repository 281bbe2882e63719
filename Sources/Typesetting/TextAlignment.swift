/// Where each line sits across the padded area.
///
/// The alignment is visual: `left` puts lines against the left edge whatever the direction of
/// the text, so Arabic or Hebrew set `left` is flush left, as a designer placing a title means.
public enum TextAlignment: String, Sendable {
  /// Lines start at the left edge.
  case left
  /// Lines are centred between the edges.
  case center
  /// Lines end at the right edge.
  case right
}
