/// Which way a transition travels across the frame: a wipe's edge, a slide's or push's
/// motion.
public enum TransitionDirection: String, Sendable, Codable, CaseIterable {
  /// Towards the left edge (a wipe's edge starts at the right side).
  case left
  /// Towards the right edge.
  case right
  /// Towards the top edge.
  case up
  /// Towards the bottom edge.
  case down
}
