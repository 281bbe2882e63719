public import PlanValues

extension FixedTextMeasurer {
  /// The boxes of `words` under the made-up metrics: lines wrapped greedily at spaces as `fit`
  /// wraps them, each grapheme half the size wide and each line 1.2 times the size tall,
  /// placed in the box inside the padding and outline by `align` and `valign`. A word that
  /// wraps gets the box of where it starts only: golden plans need no more.
  public func wordBoxes(
    _ request: TextFitRequest, size: Double, align: TextAlign, valign: TextVerticalAlign,
    words: [Range<Int>]
  ) -> Result<[[WordBox]], TextFitFailure> {
    let advance = size / 2
    let lineHeight = size * 1.2
    let inset = Double(request.padding) + (request.outlineWidth ?? 0)
    let width = Double(request.width) - 2 * inset
    let height = Double(request.height) - 2 * inset
    let bytes = Array(request.text.utf8)
    // Each word's line and its left edge within the line, by the same greedy rule as `lines`.
    var placed: [(line: Int, x: Double, width: Double)] = []
    var line = 0
    var used = 0.0
    for range in words {
      let text = String(decoding: bytes[range], as: UTF8.self)
      let wide = Double(text.count) * advance
      if used > 0, used + advance + wide > width {
        line += 1
        used = 0
      }
      let x = used == 0 ? 0 : used + advance
      placed.append((line, x, wide))
      used = x + wide
    }
    let lineCount = min(line + 1, request.maxLines ?? Int.max)
    var lineWidths = [Double](repeating: 0, count: line + 1)
    for word in placed { lineWidths[word.line] = max(lineWidths[word.line], word.x + word.width) }
    let blockHeight = Double(lineCount) * lineHeight
    let top: Double
    switch valign {
    case .top: top = inset
    case .middle: top = inset + (height - blockHeight) / 2
    case .bottom: top = inset + height - blockHeight
    }
    return .success(
      placed.map { word in
        guard word.line < lineCount else { return [] }
        let left: Double
        switch align {
        case .left: left = inset
        case .center: left = inset + (width - lineWidths[word.line]) / 2
        case .right: left = inset + width - lineWidths[word.line]
        }
        return [
          WordBox(
            x: left + word.x, y: top + Double(word.line) * lineHeight, width: word.width,
            height: lineHeight)
        ]
      })
  }
}
