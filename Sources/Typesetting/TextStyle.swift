import PlanValues

/// Everything that decides how a text is set: the words, the font, colours, alignment and
/// spacing.
public struct TextStyle: Sendable, Equatable {
  /// The text, shown literally: it is not Pango markup, so `<` and `&` appear as written.
  /// Newlines start new paragraphs; long lines wrap at words, or between characters when a
  /// single word is too long for a line.
  public var text: String
  /// Ranges of `text` set bold, italic or underlined, over the font's own style.
  public var emphasis: [TextEmphasis]
  /// A Pango font description such as `"DejaVu Sans Bold 64"`: families separated by commas,
  /// then style words, then the size. Sizes are pixels; a description with no size gets 48.
  public var font: String
  /// The colour of the glyphs.
  public var color: TextColor
  /// Where lines sit across the padded area, visually.
  public var alignment: TextAlign
  /// Where the block of lines sits within the padded area's height.
  public var verticalAlignment: TextVerticalAlign
  /// The distance between baselines as a multiple of the font's own line distance; 1 keeps the
  /// font's, 2 doubles it. Must be positive.
  public var lineSpacing: Double
  /// A colour filling the whole picture behind the text, padding included; nil leaves it
  /// transparent.
  public var background: TextColor?
  /// Pixels kept free of text inside every edge of the picture.
  public var padding: Int
  /// A stroke around the glyphs, drawn under them; it too stays inside the padding.
  public var outline: TextOutline?
  /// The size in pixels to set the text at, in place of the size `font` gives (or its default);
  /// nil keeps that size. Must be more than 0 and at most 16384, as a size in `font` must.
  public var pixelSize: Double?
  /// The most lines drawn: lines after these (once wrapped) are left out and the picture
  /// reports `overflows`; vertical alignment places the block of the lines drawn. At least 1;
  /// nil draws every line.
  public var maxLines: Int?

  /// A style for `text`; everything else defaults to white 48-pixel DejaVu Sans at the top
  /// left, single-spaced, on a transparent picture with no padding, no outline and no limit on
  /// lines.
  public init(
    text: String, emphasis: [TextEmphasis] = [], font: String = "DejaVu Sans 48",
    color: TextColor = .white,
    alignment: TextAlign = .left, verticalAlignment: TextVerticalAlign = .top,
    lineSpacing: Double = 1, background: TextColor? = nil, padding: Int = 0,
    outline: TextOutline? = nil, pixelSize: Double? = nil, maxLines: Int? = nil
  ) {
    self.text = text
    self.emphasis = emphasis
    self.font = font
    self.color = color
    self.alignment = alignment
    self.verticalAlignment = verticalAlignment
    self.lineSpacing = lineSpacing
    self.background = background
    self.padding = padding
    self.outline = outline
    self.pixelSize = pixelSize
    self.maxLines = maxLines
  }
}
