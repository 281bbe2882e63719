public import PlanValues

extension TextStyle {
  /// A style from the plan's values: the one translation, used both to measure a text while
  /// planning and to set it while rendering, so the two cannot disagree.
  public static func planned(
    text: String, emphasis: [TextEmphasis], font: String, color: RGBAColor, align: TextAlign,
    valign: TextVerticalAlign,
    lineSpacing: Double, background: RGBAColor?, padding: Int,
    outline: (width: Double, color: RGBAColor)?, pixelSize: Double?, maxLines: Int?
  ) -> TextStyle {
    TextStyle(
      text: text, emphasis: emphasis, font: font, color: textColor(color),
      alignment: align,
      verticalAlignment: valign, lineSpacing: lineSpacing,
      background: background.map(textColor), padding: padding,
      outline: outline.map { TextOutline(width: $0.width, color: textColor($0.color)) },
      pixelSize: pixelSize, maxLines: maxLines)
  }

  /// The style of a text to measure: colours do not change a layout, so they are left plain.
  static func measuring(_ request: TextFitRequest) -> TextStyle {
    planned(
      text: request.text, emphasis: request.emphasis, font: request.font, color: .white,
      align: .left, valign: .top,
      lineSpacing: request.lineSpacing, background: nil, padding: request.padding,
      outline: request.outlineWidth.map { ($0, .black) }, pixelSize: nil,
      maxLines: request.maxLines)
  }

  private static func textColor(_ color: RGBAColor) -> TextColor {
    TextColor(
      red: color.rgb.red, green: color.rgb.green, blue: color.rgb.blue, alpha: color.alpha)
  }
}
