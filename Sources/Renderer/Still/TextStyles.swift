import PlanValues
import RenderPlan
import Typesetting

/// A planned text's style as the typesetter takes it: one translation, used both to measure
/// the text while planning and to set it while rendering, so the two cannot disagree.
enum TextStyles {
  /// `plan`'s style for `text` (the text as planned, or its ellipsized start) at `pixelSize`
  /// (`nil`: the font description's own size).
  static func style(of plan: TextPlan, text: String, pixelSize: Double?) -> TextStyle {
    style(
      text: text, emphasis: plan.emphasis, font: plan.font,
      color: plan.color, align: plan.align, valign: plan.valign,
      lineSpacing: plan.lineSpacing, background: plan.background, padding: plan.padding,
      outline: plan.outline.map { ($0.width, $0.color) }, pixelSize: pixelSize,
      maxLines: plan.fit.maxLines)
  }

  /// The style of a text to measure: colours do not change a layout, so they are left plain.
  static func style(of request: TextFitRequest) -> TextStyle {
    style(
      text: request.text, emphasis: request.emphasis, font: request.font, color: .white,
      align: .left, valign: .top,
      lineSpacing: request.lineSpacing, background: nil, padding: request.padding,
      outline: request.outlineWidth.map { ($0, .black) }, pixelSize: nil,
      maxLines: request.maxLines)
  }

  private static func style(
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

  private static func textColor(_ color: RGBAColor) -> TextColor {
    TextColor(
      red: color.rgb.red, green: color.rgb.green, blue: color.rgb.blue, alpha: color.alpha)
  }
}
