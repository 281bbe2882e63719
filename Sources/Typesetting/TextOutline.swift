/// A stroke drawn around every glyph, under the fill, so the glyph keeps its full shape.
public struct TextOutline: Sendable, Equatable {
  /// How far, in pixels, the stroke reaches out from the glyph's edge.
  public var width: Double
  /// The stroke's colour.
  public var color: TextColor

  /// An outline `width` pixels wide outside the glyph, in `color`.
  public init(width: Double, color: TextColor) {
    self.width = width
    self.color = color
  }
}
