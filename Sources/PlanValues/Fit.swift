/// How a picture fills its box.
public enum Fit: String, Sendable, Codable, CaseIterable {
  /// The whole picture, with transparent bars.
  case contain
  /// Fills the box, cropping the picture.
  case cover
  /// Fills the box, distorting the picture.
  case stretch
  /// The whole picture, over a copy of itself that covers the box, blurred (standard
  /// deviation 1/40 of the box's longer side): "the default look" of footage in a frame of
  /// another shape.
  case containBlur = "contain-blur"
}
