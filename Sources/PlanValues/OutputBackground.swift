/// What shows where no layer covers a composition's frame: a colour, or nothing
/// (`output.background: transparent`), so that a project drawn inside another shows the
/// parent through its empty parts.
public enum OutputBackground: Hashable, Sendable, Codable, CustomStringConvertible {
  /// An opaque colour.
  case color(RGBColor)
  /// Fully transparent: premultiplied zero, alpha zero.
  case transparent

  /// The colour, or nil when transparent.
  public var color: RGBColor? {
    if case .color(let color) = self { return color }
    return nil
  }

  /// `#RRGGBB` or `transparent`, as written.
  public var description: String {
    switch self {
    case .color(let color): color.description
    case .transparent: "transparent"
    }
  }

  /// Decodes `#RRGGBB` or `transparent`: a plan carries it as people write it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if try container.decode(String.self) == "transparent" {
      self = .transparent
    } else {
      self = .color(try container.decode(RGBColor.self))
    }
  }

  /// Encodes as `#RRGGBB` or `transparent`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
