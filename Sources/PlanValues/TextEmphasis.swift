/// Bold, italic or underlined type over part of a text: a caption's `<b>`, `<i>` and `<u>`.
///
/// The span is counted in UTF-8 bytes of the text it belongs to, which is how the typesetter
/// addresses text, so no conversion can shift it by a character.
public struct TextEmphasis: Sendable, Codable, Equatable, Hashable {
  /// The first byte emphasised.
  public var start: Int
  /// One past the last byte emphasised.
  public var end: Int
  /// Set in the font's bold weight.
  public var bold: Bool
  /// Set in the font's italic style.
  public var italic: Bool
  /// Underlined.
  public var underline: Bool

  /// An emphasis over bytes `start..<end`.
  public init(start: Int, end: Int, bold: Bool, italic: Bool, underline: Bool) {
    self.start = start
    self.end = end
    self.bold = bold
    self.italic = italic
    self.underline = underline
  }

  /// The bytes of the "…" an ellipsized text ends in, which no emphasis covers.
  public static let ellipsisBytes = "\u{2026}".utf8.count

  /// The part of these spans that lies in the first `length` bytes: what a text cut to its
  /// start keeps.
  public static func clipped(_ spans: [TextEmphasis], to length: Int) -> [TextEmphasis] {
    spans.compactMap { span in
      guard span.start < length else { return nil }
      var kept = span
      kept.end = min(span.end, length)
      return kept
    }
  }
}
