public import PlanValues

extension Typesetter {
  /// Where each of `words` (byte ranges of `style.text`) lies in a `width` × `height` picture
  /// of `style` at `style.pixelSize`, as `render` draws it: one box per drawn line a word is
  /// on. The planner records these, and word captions are drawn from them.
  public static func wordBoxes(
    _ style: TextStyle, width: Int, height: Int, words: [Range<Int>]
  ) throws(TypesettingError) -> [[WordBox]] {
    let caller = "Typesetter.wordBoxes"
    let area = try TextArea(style: style, width: width, height: height, caller: caller)
    return try ThreadFontMap.with { fontMap throws(TypesettingError) in
      let canvas = try Canvas(width: 1, height: 1)
      let layout = try TextLayout(
        style: style, width: area.text.width, fontMap: fontMap, canvas: canvas, caller: caller)
      return layout.wordBoxes(
        words, in: area.text, alignment: style.alignment,
        verticalAlignment: style.verticalAlignment)
    }
  }
}
