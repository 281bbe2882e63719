internal import CPangoCairo
import PlanValues

/// A style's text laid out by Pango: shaped, split into paragraphs at newlines and wrapped to a
/// width, with the context it was made in. Both are released in deinit.
///
/// Its size and text can be changed afterwards, so that fitting a text tries sizes and
/// shortened texts on the one layout, as the render would set them.
final class TextLayout {
  private let context: GObjectReference
  private let layout: GObjectReference
  private let font: FontRequest
  /// The most lines drawn; nil for all.
  private let maxLines: Int?

  private var handle: OpaquePointer { OpaquePointer(layout.pointer) }

  /// Lays out `style`'s text in lines at most `width` pixels wide, for drawing on `canvas`,
  /// with fonts from `fontMap`, at `style.pixelSize` if set. Errors in the style name
  /// `caller`, the public call that was given it.
  init(
    style: TextStyle, width: Double, fontMap: UnsafeMutablePointer<PangoFontMap>, canvas: Canvas,
    caller: String = "Typesetter.render"
  ) throws(TypesettingError) {
    let context = try checkMade(
      pango_font_map_create_context(fontMap), "pango_font_map_create_context")
    self.context = GObjectReference(adopting: UnsafeMutableRawPointer(context))
    try GlyphRasterOptions().apply(to: context)
    // At 72 dpi a point is a pixel, so the sizes users write are pixels.
    pango_cairo_context_set_resolution(context, 72)
    // Unrounded positions keep the layout a scaled copy of itself at any size, as unhinted
    // metrics intend; rounding each glyph to a pixel would reflow text between sizes.
    pango_context_set_round_glyph_positions(context, 0)
    pango_cairo_update_context(canvas.cairo, context)

    let layout = try checkMade(pango_layout_new(context), "pango_layout_new")
    self.layout = GObjectReference(adopting: UnsafeMutableRawPointer(layout))
    let font = try FontRequest(parsing: style.font)
    if let pixelSize = style.pixelSize {
      // The size replaces the description's, so only it has to be one that can be drawn.
      try FontRequest.check(pixelSize: pixelSize, of: "pixel size", caller: caller)
      font.setPixelSize(pixelSize)
    } else {
      try font.checkSize(writtenAs: style.font, caller: caller)
      font.useDefaultSizeIfUnset()
    }
    font.apply(to: layout)
    self.font = font
    maxLines = style.maxLines
    // Each paragraph takes its direction from its first strong character, so Arabic and
    // Hebrew read right to left and order mixed runs correctly.
    pango_layout_set_auto_dir(layout, 1)
    pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded(.down)))
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    // Left unset (factor 0), Pango stacks each line's ascent under the last one's descent;
    // a factor puts baselines that many times the font's line height apart instead.
    if style.lineSpacing != 1 {
      pango_layout_set_line_spacing(layout, Float(style.lineSpacing))
    }
    setText(style.text, emphasis: style.emphasis)
  }

  /// The size the text is set at, in pixels.
  var pixelSize: Double {
    font.pixelSize ?? Double(FontRequest.defaultPixelSize)
  }

  /// Sets the text at `size` pixels instead, which the caller has checked.
  func setPixelSize(_ size: Double) {
    font.setPixelSize(size)
    font.apply(to: handle)
  }

  /// Lays out `text` instead, with `emphasis` over its bytes.
  func setText(_ text: String, emphasis: [TextEmphasis]) {
    // Plain text, never markup: the words come from user data. Pango rejects NUL as invalid
    // UTF-8 and would drop everything after it, so NULs, which have no glyph, are left out,
    // and the emphasis moved back by the NULs before it.
    var emphasis = emphasis
    var text = text
    if text.utf8.contains(0) {
      let bytes = Array(text.utf8)
      var removedBefore = [Int](repeating: 0, count: bytes.count + 1)
      for (index, byte) in bytes.enumerated() {
        removedBefore[index + 1] = removedBefore[index] + (byte == 0 ? 1 : 0)
      }
      emphasis = emphasis.map { range in
        var moved = range
        moved.start -= removedBefore[min(max(range.start, 0), bytes.count)]
        moved.end -= removedBefore[min(max(range.end, 0), bytes.count)]
        return moved
      }
      text = text.split(separator: "\0", omittingEmptySubsequences: false).joined()
    }
    pango_layout_set_text(handle, text, Int32(text.utf8.count))
    applyEmphasis(emphasis, length: text.utf8.count)
  }

  /// Sets the layout's attributes to `emphasis` (none clears them), within the text's
  /// `length` bytes.
  private func applyEmphasis(_ emphasis: [TextEmphasis], length: Int) {
    TextEmphasis.apply(emphasis, length: length, to: handle)
  }

  /// How many lines the text takes, all of them, drawn or not.
  var lineCount: Int {
    Int(pango_layout_get_line_count(handle))
  }

  /// Characters drawn as a hex box because no installed font has a glyph for them.
  var missingGlyphs: Int {
    Int(pango_layout_get_unknown_glyphs_count(handle))
  }

  /// The characters drawn as boxes because no installed font has a glyph for them: each once,
  /// in the order of the text (not of the runs, which go right to left in Arabic or Hebrew).
  var missingCharacters: [Unicode.Scalar] {
    // Pango counts unknown glyphs as it shapes; the runs are walked only when there are some.
    guard missingGlyphs > 0, let iterator = pango_layout_get_iter(handle) else { return [] }
    defer { pango_layout_iter_free(iterator) }
    let flag = chromake_glyph_unknown_flag()
    var found: [(offset: Int32, character: Unicode.Scalar)] = []
    repeat {
      // A line's end has no run.
      guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
      let glyphs = run.pointee.glyphs.pointee
      let start = run.pointee.item.pointee.offset
      for index in 0..<Int(max(0, glyphs.num_glyphs)) {
        let glyph = glyphs.glyphs[index].glyph
        // The flag's other bits are the character; the empty and invalid-input glyphs, which
        // have the bit too, are no character.
        guard glyph & flag != 0, let character = Unicode.Scalar(glyph & ~flag) else { continue }
        found.append((start + glyphs.log_clusters[index], character))
      }
    } while pango_layout_iter_next_run(iterator) != 0
    var seen: Set<Unicode.Scalar> = []
    return found.sorted { $0.offset < $1.offset }.map(\.character).filter {
      seen.insert($0).inserted
    }
  }

  /// The rectangle the lines take together, line spacing included, in pixels from the
  /// layout's origin.
  var bounds: PixelRect {
    var logical = PangoRectangle()
    pango_layout_get_extents(handle, nil, &logical)
    return pixels(logical)
  }

  /// The height of the first line, from the layout's top to the line's logical bottom (line
  /// spacing included), in pixels: the least any block of the layout's lines takes.
  var firstLineHeight: Double {
    lines().first.map { $0.bottom - bounds.y } ?? 0
  }

  /// Whether lines are left out for `maxLines`, or the lines drawn are taller than `box`, or
  /// one of them (a glyph Pango could not break) is wider.
  func overflows(_ box: PixelRect) -> Bool {
    let block = drawnBlock()
    return block.leavesLinesOut || block.height > box.height
      || block.lines.contains { $0.width > box.width }
  }

  /// The lines placed in `box`: each against the edge `alignment` names, and the block of
  /// them at the top, middle or bottom of the box.
  ///
  /// Lines are placed here rather than by Pango's own alignment because Pango's is not
  /// visual: with per-paragraph direction it swaps left and right for every line whose
  /// direction differs from the context's, so right-to-left text set "left" would go right,
  /// and a mix of paragraphs would go both ways. The offsets are Pango's own otherwise.
  func placed(
    in box: PixelRect, alignment: TextAlign, verticalAlignment: TextVerticalAlign
  ) -> [PlacedLine] {
    let bounds = bounds
    let block = drawnBlock()
    let top: Double
    switch verticalAlignment {
    case .top: top = box.y
    case .middle: top = box.y + (box.height - block.height) / 2
    case .bottom: top = box.y + box.height - block.height
    }
    return block.lines.map { line in
      let x: Double
      switch alignment {
      case .left: x = box.x
      case .center: x = box.x + (box.width - line.width) / 2
      case .right: x = box.x + box.width - line.width
      }
      return PlacedLine(line: line.line, x: x, baseline: top - bounds.y + line.baseline)
    }
  }

  /// The lines drawn (the first `maxLines`, or all) and the height they take together, from
  /// the layout's top to the last one's logical bottom: the layout's height when all are drawn.
  func drawnBlock() -> LineBlock {
    let all = lines()
    let bounds = bounds
    guard let maxLines, all.count > maxLines else {
      return LineBlock(lines: all, height: bounds.height, leavesLinesOut: false)
    }
    let drawn = Array(all.prefix(maxLines))
    let bottom = drawn.last?.bottom ?? bounds.y
    return LineBlock(lines: drawn, height: bottom - bounds.y, leavesLinesOut: true)
  }

  /// The lines from top to bottom.
  private func lines() -> [LineMetrics] {
    // A layout always has at least one line, so Pango returns an iterator unless memory ran
    // out; no lines then means nothing drawn, which is all that can be done.
    guard let iterator = pango_layout_get_iter(handle) else { return [] }
    defer { pango_layout_iter_free(iterator) }
    var lines: [LineMetrics] = []
    repeat {
      if let line = pango_layout_iter_get_line_readonly(iterator) {
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        let baseline = Double(pango_layout_iter_get_baseline(iterator)) / Double(PANGO_SCALE)
        // The same logical box in the layout's coordinates, where line spacing put it.
        var placed = PangoRectangle()
        pango_layout_iter_get_line_extents(iterator, nil, &placed)
        let bottom = pixels(placed).y + pixels(placed).height
        // Pango's offset of the line within the layout (its own alignment), which word
        // ranges on the line include and a placed line does not.
        let offset = pixels(placed).x - pixels(logical).x
        lines.append(
          LineMetrics(
            line: line, width: pixels(logical).width, baseline: baseline, bottom: bottom,
            top: pixels(logical).y, height: pixels(logical).height, layoutOffset: offset))
      }
    } while pango_layout_iter_next_line(iterator) != 0
    return lines
  }
}

/// A line of a layout with its logical width, and its baseline's and logical bottom's distances
/// from the layout's top, in pixels; its logical top and height from its baseline; and Pango's
/// offset of it within the layout.
struct LineMetrics {
  let line: UnsafeMutablePointer<PangoLayoutLine>
  let width: Double
  let baseline: Double
  let bottom: Double
  let top: Double
  let height: Double
  let layoutOffset: Double
}

/// The lines of a layout that are drawn, the height of their block in pixels, and whether
/// lines after them are left out.
struct LineBlock {
  let lines: [LineMetrics]
  let height: Double
  let leavesLinesOut: Bool
}

/// A rectangle in Pango units (1/1024 pixel) as pixels.
func pixels(_ rect: PangoRectangle) -> PixelRect {
  let scale = Double(PANGO_SCALE)
  return PixelRect(
    x: Double(rect.x) / scale, y: Double(rect.y) / scale, width: Double(rect.width) / scale,
    height: Double(rect.height) / scale)
}
