/// A frame size in pixels.
public struct FrameSize: Hashable, Sendable, Codable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int

  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
