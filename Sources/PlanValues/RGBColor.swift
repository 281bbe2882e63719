/// An opaque sRGB colour written as `#RRGGBB`.
public struct RGBColor: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8

  /// Creates a colour.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Parses `#RRGGBB` (either case); `nil` otherwise.
  public init?(hex text: String) {
    guard text.count == 7, text.first == "#", let value = UInt32(text.dropFirst(), radix: 16),
      text.dropFirst().allSatisfy(\.isHexDigit)
    else { return nil }
    self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
  }

  /// `#RRGGBB` in upper case.
  public var description: String {
    "#"
      + [red, green, blue].map { byte in
        let hex = String(byte, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
      }.joined()
  }

  /// Black.
  public static let black = RGBColor(red: 0, green: 0, blue: 0)
  /// Pure green, the default key colour.
  public static let green = RGBColor(red: 0, green: 255, blue: 0)

  /// Decodes `#RRGGBB`: a plan carries colours as people write them.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let color = RGBColor(hex: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a #RRGGBB colour")
    }
    self = color
  }

  /// Encodes as `#RRGGBB`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
