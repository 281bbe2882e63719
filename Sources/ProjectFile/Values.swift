import Foundation
public import Timeline

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
}

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
}

/// How each line of a text layer is placed across its box.
public enum TextAlign: String, Sendable, Codable, CaseIterable {
  /// Against the box's left edge (inside the padding).
  case left
  /// Centred.
  case center
  /// Against the right edge.
  case right
}

/// How a text layer's lines are placed down its box.
public enum TextVerticalAlign: String, Sendable, Codable, CaseIterable {
  /// From the top edge (inside the padding).
  case top
  /// Centred.
  case middle
  /// Against the bottom edge.
  case bottom
}

/// A gain as a linear factor, converted once from what the user wrote.
public struct Gain: Hashable, Sendable, Codable {
  /// The factor samples are multiplied by; ≥ 0.
  public var linear: Double
  /// The level in decibels when it was written that way, kept for display.
  public var decibels: Double?

  /// Unity gain (0 dB).
  public static let unity = Gain(linear: 1, decibels: 0)

  /// Creates a gain.
  public init(linear: Double, decibels: Double? = nil) {
    self.linear = linear
    self.decibels = decibels
  }

  /// A gain from decibels: `10^(dB/20)`.
  public static func decibels(_ db: Double) -> Gain {
    Gain(linear: pow(10, db / 20), decibels: db)
  }
}

/// How a picture fills its box.
public enum Fit: String, Sendable, Codable, CaseIterable {
  /// The whole picture, with transparent bars.
  case contain
  /// Fills the box, cropping the picture.
  case cover
  /// Fills the box, distorting the picture.
  case stretch
}

/// What a layer shows once its source has ended but its duration has not.
public enum AfterEnd: String, Sendable, Codable, CaseIterable {
  /// Nothing: the layer is transparent.
  case hide
  /// The source's last frame.
  case hold
}

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

/// Which of a source's audio streams join the mix.
public enum StreamSelection: Hashable, Sendable {
  /// Every audio stream.
  case all
  /// These indices, counted among the audio streams (0 is the first audio stream).
  case indices([Located<Int>])
}

/// How the output's duration is chosen.
public enum DurationRule: Hashable, Sendable {
  /// The latest end of any layer with a video source.
  case longest
  /// The earliest such end.
  case shortest
  /// An explicit time.
  case exactly(TimeValue)
}
