/// How each line of a text layer is placed across its box.
public enum TextAlign: String, Sendable, Codable, CaseIterable {
  /// Against the box's left edge (inside the padding).
  case left
  /// Centred.
  case center
  /// Against the right edge.
  case right
}
