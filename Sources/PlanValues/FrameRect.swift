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
}

extension FrameRect {
  /// Whether the rectangle covers any area: a box that shrinks to nothing draws nothing.
  public var hasArea: Bool { width > 0 && height > 0 }

  /// The one rectangle a picture made for a moving box (typeset text) is made for: the
  /// largest by area, the first of equals, so the picture is only ever made smaller on screen.
  public static func largest(_ rects: [FrameRect]) -> FrameRect? {
    rects.reduce(nil) { best, rect in
      guard let best else { return rect }
      return rect.width * rect.height > best.width * best.height ? rect : best
    }
  }

  /// Whole pixels for a picture made for this rectangle: each side rounded, at least 1.
  public var pictureSize: (width: Int, height: Int) {
    func side(_ value: Double) -> Int {
      guard value.isFinite else { return 1 }
      return Int(min(max(value.rounded(), 1), 16384))
    }
    return (side(width), side(height))
  }
}
