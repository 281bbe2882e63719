/// A layer's place in output pixels; may extend past the frame.
public struct Box: Hashable, Sendable, Codable {
  /// Left edge.
  public var x: Int
  /// Top edge.
  public var y: Int
  /// Width, ≥ 1.
  public var width: Int
  /// Height, ≥ 1.
  public var height: Int

  /// Creates a box.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }
}
