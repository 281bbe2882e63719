/// A rectangle in output pixels with fractional edges: where a layer is on one frame, so that
/// motion and scaling need not snap to whole pixels.
public struct FrameRect: Hashable, Sendable, Codable {
  /// Left edge.
  public var x: Double
  /// Top edge.
  public var y: Double
  /// Width, > 0.
  public var width: Double
  /// Height, > 0.
  public var height: Double

  /// Creates a rectangle.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The rectangle a whole-pixel box covers.
  public init(_ box: Box) {
    self.init(
      x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))
  }
}
