/// What a text layer does when its text cannot fit its box, even at its smallest size.
public enum TextOverflow: String, Sendable, Codable, CaseIterable {
  /// Cut at the box's edges (and after `max_lines` lines), with a warning.
  case clip
  /// The last line that fits ends in "…".
  case ellipsis
  /// The project has an error at the text.
  case error
}
