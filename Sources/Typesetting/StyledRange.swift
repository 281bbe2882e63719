/// Bold, italic or underlined type over bytes `start..<end` of a style's text (UTF-8, as Pango
/// counts).
public struct StyledRange: Sendable, Equatable, Hashable {
  /// The first byte styled.
  public var start: Int
  /// One past the last byte styled.
  public var end: Int
  /// The font's bold weight.
  public var bold: Bool
  /// The font's italic style.
  public var italic: Bool
  /// A single underline.
  public var underline: Bool

  /// A styled range.
  public init(start: Int, end: Int, bold: Bool, italic: Bool, underline: Bool) {
    self.start = start
    self.end = end
    self.bold = bold
    self.italic = italic
    self.underline = underline
  }

  /// The parts of `ranges` within the first `length` bytes: what a text cut to its start keeps.
  static func clipped(_ ranges: [StyledRange], to length: Int) -> [StyledRange] {
    ranges.compactMap { range in
      guard range.start < length else { return nil }
      var kept = range
      kept.end = min(range.end, length)
      return kept
    }
  }
}
