/// Where one word of a set text lies in its picture, in pixels from the picture's top left: the
/// logical rectangle of its glyphs on one line (the line's full height, the advance of its
/// characters). A word that wraps between characters (CJK, a word too long for a line) has
/// one box per line it is on.
public struct WordBox: Hashable, Sendable, Codable {
  /// Left edge.
  public var x: Double
  /// Top edge: the top of the line.
  public var y: Double
  /// Width: the word's advance on this line.
  public var width: Double
  /// Height: the line's logical height.
  public var height: Double

  /// A box.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
