/// Where the block of lines sits within the padded area's height.
public enum TextVerticalAlignment: String, Sendable {
  /// The first line's top at the top edge.
  case top
  /// The block centred between the top and bottom edges.
  case middle
  /// The last line's bottom at the bottom edge.
  case bottom
}
