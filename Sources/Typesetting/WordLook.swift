public import PlanValues

/// How a word of a word-captions page looks in one of its states (upcoming, active, spoken):
/// its glyphs' colour and stroke, and an optional rounded pill behind it.
public struct WordLook: Sendable, Equatable {
  /// The glyphs' colour.
  public var color: TextColor
  /// A stroke around the glyphs, if any.
  public var outline: TextOutline?
  /// The pill's colour; nil draws none.
  public var background: TextColor?
  /// How far the pill reaches past the word's box on every side, in pixels.
  public var padding: Double
  /// The pill's corner radius in pixels (at most half its shorter side); negative: a third of
  /// the pill's height.
  public var cornerRadius: Double

  /// A look.
  public init(
    color: TextColor, outline: TextOutline?, background: TextColor?, padding: Double,
    cornerRadius: Double
  ) {
    self.color = color
    self.outline = outline
    self.background = background
    self.padding = padding
    self.cornerRadius = cornerRadius
  }
}

/// One word of a page as it is drawn on a frame: where it is, in which look, how large and how
/// opaque.
public struct PaintedWord: Sendable, Equatable {
  /// Its boxes in the picture, one per line it is on (from the plan).
  public var boxes: [WordBox]
  /// Which of the painter's looks it is drawn in.
  public var look: Int
  /// Its size around its box's centre: 1 as laid out.
  public var scale: Double
  /// 0 (invisible) … 1 (opaque).
  public var opacity: Double

  /// A word.
  public init(
    boxes: [WordBox], look: Int, scale: Double, opacity: Double
  ) {
    self.boxes = boxes
    self.look = look
    self.scale = scale
    self.opacity = opacity
  }

}
