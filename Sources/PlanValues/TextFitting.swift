/// Measures text for the planner. A plan says at what size each text is set and whether it
/// fits, so that `check` finds a text that cannot fit before anything renders; measuring needs
/// a typesetter, which `Typesetting` implements (`TypesetTextFitter`) and the session hands
/// in, so the planner and its tests need no renderer and this module stays free of C.
public protocol TextFitting: Sendable {
  /// How `request`'s text fits its picture.
  func fit(_ request: TextFitRequest) -> Result<TextFitResult, TextFitFailure>

  /// Where each of `words` (byte ranges of `request.text`) lies once the text is set at
  /// `size` pixels and placed in its picture by `align` and `valign`, as a render draws it:
  /// one box per line a word is on, in reading order of the lines; none for a word on a line
  /// that is not drawn (past `request.maxLines`). Boxes come from the shaped lines, so
  /// right-to-left text and joined scripts place each word where it is drawn.
  func wordBoxes(
    _ request: TextFitRequest, size: Double, align: TextAlign, valign: TextVerticalAlign,
    words: [Range<Int>]
  ) -> Result<[[WordBox]], TextFitFailure>
}

/// A text to fit, with everything that decides its layout.
public struct TextFitRequest: Sendable, Hashable {
  /// The words.
  public var text: String
  /// Spans of them set bold, italic or underlined.
  public var emphasis: [TextEmphasis]
  /// The Pango font description as written; its size is the largest the text is set at.
  public var font: String
  /// Multiple of the font's line distance.
  public var lineSpacing: Double
  /// Pixels kept free inside each edge.
  public var padding: Int
  /// The stroke's width, if the text has an outline.
  public var outlineWidth: Double?
  /// The picture's width in pixels.
  public var width: Int
  /// The picture's height in pixels.
  public var height: Int
  /// The smallest pixel size to shrink to; `nil`: keep the font's size.
  public var sizeMin: Int?
  /// At most this many lines.
  public var maxLines: Int?
  /// Whether to cut the text to end in "…" where it does not fit.
  public var ellipsis: Bool

  /// A request.
  public init(
    text: String, emphasis: [TextEmphasis] = [], font: String, lineSpacing: Double,
    padding: Int, outlineWidth: Double?, width: Int, height: Int, sizeMin: Int?, maxLines: Int?,
    ellipsis: Bool
  ) {
    self.text = text
    self.emphasis = emphasis
    self.font = font
    self.lineSpacing = lineSpacing
    self.padding = padding
    self.outlineWidth = outlineWidth
    self.width = width
    self.height = height
    self.sizeMin = sizeMin
    self.maxLines = maxLines
    self.ellipsis = ellipsis
  }
}

/// How a text fits.
public struct TextFitResult: Sendable, Equatable {
  /// The pixel size chosen.
  public var size: Double
  /// Lines after wrapping, at that size.
  public var lineCount: Int
  /// Whether it fits inside the padding, within the line limit.
  public var fits: Bool
  /// The text to set: the original, or its start ending in "…".
  public var text: String
  /// Whether `text` was cut to end in "…".
  public var ellipsized: Bool
  /// Characters of `text` that no installed font has a glyph for, so that they are drawn as
  /// boxes: each once, in the order they first appear.
  public var missingCharacters: [Unicode.Scalar]

  /// A result.
  public init(
    size: Double, lineCount: Int, fits: Bool, text: String, ellipsized: Bool,
    missingCharacters: [Unicode.Scalar] = []
  ) {
    self.size = size
    self.lineCount = lineCount
    self.fits = fits
    self.text = text
    self.ellipsized = ellipsized
    self.missingCharacters = missingCharacters
  }
}

/// Why a text could not be measured (a font size out of range, say), in one sentence.
public struct TextFitFailure: Error, Sendable, Equatable {
  /// What went wrong.
  public var message: String

  /// A failure.
  public init(_ message: String) {
    self.message = message
  }
}
