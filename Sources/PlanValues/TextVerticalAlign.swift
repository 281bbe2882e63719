/// How a text layer's lines are placed down its box.
public enum TextVerticalAlign: String, Sendable, Codable, CaseIterable {
  /// From the top edge (inside the padding).
  case top
  /// Centred.
  case middle
  /// Against the bottom edge.
  case bottom
}
