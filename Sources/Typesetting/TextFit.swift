/// The size a text fits its picture at, and the text to set: what `Typesetter.fit` found.
///
/// Rendering the style with `text`, `pixelSize: size` and the same `maxLines` gives a picture
/// that does not overflow whenever `fits` is true.
public struct TextFit: Sendable, Equatable {
  /// The pixel size chosen: the font's own, or a whole size it shrank to.
  public var size: Double
  /// How many lines `text` takes at `size`, once wrapped; all of them, even past `maxLines`.
  public var lineCount: Int
  /// Whether `text` fits the padded area at `size`, within the line limit.
  public var fits: Bool
  /// Whether `text` is the start of the original ending in "…".
  public var ellipsized: Bool
  /// The text to render: the original, or its start ending in "…".
  public var text: String
  /// Characters of `text` that no installed font has a glyph for, drawn as boxes: each once,
  /// in the order they first appear.
  public var missingCharacters: [Unicode.Scalar]

  /// A fit from its parts.
  public init(
    size: Double, lineCount: Int, fits: Bool, ellipsized: Bool, text: String,
    missingCharacters: [Unicode.Scalar] = []
  ) {
    self.size = size
    self.lineCount = lineCount
    self.fits = fits
    self.ellipsized = ellipsized
    self.text = text
    self.missingCharacters = missingCharacters
  }
}
