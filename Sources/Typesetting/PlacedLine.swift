internal import CPangoCairo

/// One laid-out line and where its origin (the left end of its baseline) lands in the picture.
struct PlacedLine {
  /// The line, owned by the layout it came from, which must outlive this value.
  let line: UnsafeMutablePointer<PangoLayoutLine>
  /// The origin's distance from the picture's left edge, in pixels.
  let x: Double
  /// The baseline's distance from the picture's top edge, in pixels.
  let baseline: Double
}
