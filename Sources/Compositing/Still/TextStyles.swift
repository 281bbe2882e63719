import PlanValues
import RenderPlan
import Typesetting

/// A planned text's style as the typesetter takes it, through `TextStyle.planned`, the same
/// translation the planner's measurer uses, so the text is set as it was measured.
enum TextStyles {
  /// `plan`'s style for `text` (the text as planned, or its ellipsized start) at `pixelSize`
  /// (`nil`: the font description's own size).
  static func style(of plan: TextPlan, text: String, pixelSize: Double?) -> TextStyle {
    TextStyle.planned(
      text: text, emphasis: plan.emphasis, font: plan.font,
      color: plan.color, align: plan.align, valign: plan.valign,
      lineSpacing: plan.lineSpacing, background: plan.background, padding: plan.padding,
      outline: plan.outline.map { ($0.width, $0.color) }, pixelSize: pixelSize,
      maxLines: plan.fit.maxLines)
  }
}
