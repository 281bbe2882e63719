/// The rectangles a render (or a fit, measuring for one) works in, from the picture's size and the style's padding and
/// outline, checked before any C code sees them.
struct TextArea {
  /// The largest picture side accepted, in pixels.
  static let maximumSide = 16384

  /// The picture less its padding: nothing is drawn outside it.
  let padded: PixelRect
  /// The padded area less the outline's width, so that the stroke around the glyphs stays
  /// inside the padding too: lines wrap to its width and align to its edges.
  let text: PixelRect

  /// The areas of a `width` × `height` picture of `style`; errors name `caller`, the public
  /// call that was given the arguments.
  init(style: TextStyle, width: Int, height: Int, caller: String = "Typesetter.render")
    throws(TypesettingError)
  {
    func invalid(_ reason: String) -> TypesettingError {
      TypesettingError(function: caller, reason: reason)
    }
    let sides = 1...Self.maximumSide
    guard sides.contains(width), sides.contains(height) else {
      throw invalid("size \(width)x\(height) is outside 1...\(Self.maximumSide) per side")
    }
    guard style.padding >= 0 else {
      throw invalid("padding \(style.padding) is negative")
    }
    guard style.lineSpacing.isFinite, style.lineSpacing > 0 else {
      throw invalid("line spacing \(style.lineSpacing.formatted) is not a positive number")
    }
    if let maxLines = style.maxLines, maxLines < 1 {
      throw invalid("max lines \(maxLines) is not 1 or more")
    }
    let outlineWidth = style.outline?.width ?? 0
    guard outlineWidth.isFinite, outlineWidth >= 0 else {
      throw invalid(
        "outline width \(outlineWidth.formatted) is not a number of pixels, 0 or more")
    }
    let padding = Double(style.padding)
    padded = PixelRect(x: 0, y: 0, width: Double(width), height: Double(height))
      .inset(by: padding)
    text = padded.inset(by: outlineWidth)
    guard text.width >= 1, text.height >= 1 else {
      throw invalid(
        "padding \(style.padding) and outline \(outlineWidth.formatted) leave no room in "
          + "\(width)x\(height)"
      )
    }
  }
}
