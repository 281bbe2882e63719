/// A colour with alpha, written `#RRGGBB` (opaque) or `#RRGGBBAA` (straight alpha).
public struct RGBAColor: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The colour itself.
  public var rgb: RGBColor
  /// Opacity, 0 (transparent) to 255 (opaque).
  public var alpha: UInt8

  /// Creates a colour.
  public init(_ rgb: RGBColor, alpha: UInt8 = 255) {
    self.rgb = rgb
    self.alpha = alpha
  }

  /// Parses `#RRGGBB` or `#RRGGBBAA` (either case); `nil` otherwise.
  public init?(hex text: String) {
    if let rgb = RGBColor(hex: text) {
      self.init(rgb)
      return
    }
    guard text.count == 9, let rgb = RGBColor(hex: String(text.prefix(7))),
      let alpha = UInt8(text.suffix(2), radix: 16), text.suffix(2).allSatisfy(\.isHexDigit)
    else { return nil }
    self.init(rgb, alpha: alpha)
  }

  /// `#RRGGBBAA` in upper case.
  public var description: String {
    let hex = String(alpha, radix: 16, uppercase: true)
    return rgb.description + (hex.count == 1 ? "0" + hex : hex)
  }

  /// Opaque white, the default text colour.
  public static let white = RGBAColor(RGBColor(red: 255, green: 255, blue: 255))
  /// Opaque black, the default outline colour.
  public static let black = RGBAColor(.black)

  /// Decodes `#RRGGBBAA` (or `#RRGGBB`, opaque).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let color = RGBAColor(hex: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a #RRGGBBAA colour")
    }
    self = color
  }

  /// Encodes as `#RRGGBBAA`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
