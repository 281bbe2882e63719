/// How a picture fills its box.
public enum Fit: String, Sendable, Codable, CaseIterable {
  /// The whole picture, with transparent bars.
  case contain
  /// Fills the box, cropping the picture.
  case cover
  /// Fills the box, distorting the picture.
  case stretch
}
