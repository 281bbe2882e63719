internal import CPangoCairo
import PlanValues

extension TextLayout {
  /// Where each of `words` (byte ranges of the text as laid out) lies once the lines are placed
  /// in `box` as `placed` places them: per word, one box per drawn line it is on, from the
  /// shaped line's visual ranges, so a word in right-to-left text is where it is drawn.
  ///
  /// A word split by bidi into several runs on one line gets the box around them all: a word
  /// is one thing to highlight.
  func wordBoxes(
    _ words: [Range<Int>], in box: PixelRect, alignment: TextAlign,
    verticalAlignment: TextVerticalAlign
  ) -> [[WordBox]] {
    let placed = placed(in: box, alignment: alignment, verticalAlignment: verticalAlignment)
    let lines = drawnBlock().lines
    var boxes = [[WordBox]](repeating: [], count: words.count)
    for (metrics, line) in zip(lines, placed) {
      let start = Int(metrics.line.pointee.start_index)
      let end = start + Int(metrics.line.pointee.length)
      for (index, word) in words.enumerated() {
        let from = max(word.lowerBound, start)
        let to = min(word.upperBound, end)
        guard from < to else { continue }
        var ranges: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        pango_layout_line_get_x_ranges(metrics.line, Int32(from), Int32(to), &ranges, &count)
        defer { g_free(ranges) }
        guard let ranges, count > 0 else { continue }
        var left = Double.infinity
        var right = -Double.infinity
        for range in 0..<Int(count) {
          left = min(left, Double(ranges[2 * range]) / Double(PANGO_SCALE))
          right = max(right, Double(ranges[2 * range + 1]) / Double(PANGO_SCALE))
        }
        let x = line.x + left - metrics.layoutOffset
        boxes[index].append(
          WordBox(
            x: x, y: line.baseline + metrics.top, width: right - left, height: metrics.height))
      }
    }
    return boxes
  }
}
