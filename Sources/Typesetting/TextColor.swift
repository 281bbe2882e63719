/// An 8-bit sRGB colour with straight (not premultiplied) alpha, as a user writes it.
public struct TextColor: Sendable, Equatable {
  /// Red, 0...255.
  public var red: UInt8
  /// Green, 0...255.
  public var green: UInt8
  /// Blue, 0...255.
  public var blue: UInt8
  /// Opacity, 0 (transparent) ... 255 (opaque); the other channels are not multiplied by it.
  public var alpha: UInt8

  /// A colour from its four channels; `alpha` defaults to opaque.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Opaque white, the default text colour.
  public static let white = TextColor(red: 255, green: 255, blue: 255)
  /// Opaque black.
  public static let black = TextColor(red: 0, green: 0, blue: 0)
}
