import PlanValues

/// Tries sizes and shortened texts on one layout, laid out as the render lays it out, until the
/// text fits its area.
struct TextFitter {
  /// What an ellipsized text ends in.
  static let ellipsis = "\u{2026}"

  /// The style's text, at the style's font size to begin with.
  let layout: TextLayout
  /// The text as given.
  let text: String
  /// Its emphasis, which a shortened text keeps over the part it keeps.
  let emphasis: [TextEmphasis]
  /// Where the lines must fit: the render's text area.
  let box: PixelRect

  /// How many sizes above the one bisection finds are tried too, for the lucky wraps that
  /// make fitting not quite monotonic.
  static let luckyWrapWindow = 3

  /// The largest whole size from `sizeMin` up that `text` fits at, found by bisection, or the
  /// font's own size if it fits there; then, if asked and it still does not fit, its longest
  /// start that fits with "…" after it.
  ///
  /// Fitting is nearly monotonic (a smaller size never needs more room, except that a size can
  /// wrap a word more luckily than the next smaller one), so the sizes are bisected between
  /// one that fits and one that does not, and the few sizes just above the result are tried
  /// as well: about log₂(size) + 5 layouts, where trying every size took one per pixel (a
  /// minute for a 16384 px font), and no size is tried at which one line alone would be taller
  /// than the box. The size returned always fits, checked by laying it out.
  func fit(sizeMin: Int?, ellipsis: Bool) -> TextFit {
    let ownSize = layout.pixelSize
    var size = ownSize
    var fits = self.fits(text, at: ownSize)
    if !fits, let sizeMin {
      // A size never grows past the font's own: with sizeMin above it there is nothing to try.
      size = min(Double(sizeMin), ownSize)
      let top = min(Int(ownSize.rounded(.up)) - 1, largestPossible(ownSize))
      if sizeMin <= top, self.fits(text, at: Double(sizeMin)) {
        // Invariant: `fitting` fits; `tooLarge` does not (the font's own size, to begin with).
        var fitting = sizeMin
        var tooLarge = top + 1
        while tooLarge - fitting > 1 {
          let middle = fitting + (tooLarge - fitting) / 2
          if self.fits(text, at: Double(middle)) {
            fitting = middle
          } else {
            tooLarge = middle
          }
        }
        let window = min(top, fitting + Self.luckyWrapWindow)
        if fitting < window {
          for candidate in (fitting + 1)...window where self.fits(text, at: Double(candidate)) {
            fitting = candidate
          }
        }
        size = Double(fitting)
        fits = true
      }
    }
    guard !fits, ellipsis else {
      layout.setText(text, emphasis: emphasis)
      layout.setPixelSize(size)
      return TextFit(
        size: size, lineCount: layout.lineCount, fits: fits, ellipsized: false, text: text,
        missingCharacters: layout.missingCharacters)
    }
    return ellipsized(at: size)
  }

  /// A size above which not even one line of the text, just laid out at `ownSize`, fits the
  /// box's height. The layout is a scaled copy of itself at any size (unhinted metrics,
  /// unrounded glyph positions), so a line's height grows in proportion to the size, and the
  /// lines drawn are never less tall than the first; a pixel of slack covers Pango's rounding
  /// to 1/1024 px. A 2000 px font in a 4×4 box is then searched over 1 to 3 px, not 1 to 1999.
  private func largestPossible(_ ownSize: Double) -> Int {
    let lineHeight = layout.firstLineHeight
    guard lineHeight > 0 else { return Int.max }
    let bound = (box.height + 1) * ownSize / lineHeight
    return bound < Double(Int.max / 2) ? Int(bound.rounded(.down)) : Int.max
  }

  /// The longest start of `text` that fits at `size` with "…" after it, found by bisection
  /// over its length in graphemes; just "…", not fitting, if even that does not fit.
  private func ellipsized(at size: Double) -> TextFit {
    let graphemes = Array(text)
    func shortened(_ count: Int) -> String {
      // Whitespace before the "…" would only push it away from the words it ends.
      var start = graphemes[..<count]
      while let last = start.last, last.isWhitespace {
        start.removeLast()
      }
      return String(start) + Self.ellipsis
    }
    // Invariant: `shortened(fitting)` fits; `tooLong` is the whole text or does not fit.
    var fitting = 0
    var tooLong = graphemes.count
    let anyFits = fits(shortened(0), at: size)
    if anyFits {
      while tooLong - fitting > 1 {
        let middle = (fitting + tooLong) / 2
        if fits(shortened(middle), at: size) {
          fitting = middle
        } else {
          tooLong = middle
        }
      }
    }
    let result = shortened(fitting)
    layout.setText(result, emphasis: emphasis(of: result))
    layout.setPixelSize(size)
    return TextFit(
      size: size, lineCount: layout.lineCount, fits: anyFits, ellipsized: true, text: result,
      missingCharacters: layout.missingCharacters)
  }

  /// The emphasis of `candidate`, the text or a start of it ending in "…": what lies over the
  /// start it keeps.
  private func emphasis(of candidate: String) -> [TextEmphasis] {
    guard candidate != text else { return emphasis }
    let kept = candidate.utf8.count - Self.ellipsis.utf8.count
    return TextEmphasis.clipped(emphasis, to: max(0, kept))
  }

  /// Whether `candidate` set at `size` pixels fits `box` within the style's line limit: what
  /// decides the render's `overflows`.
  private func fits(_ candidate: String, at size: Double) -> Bool {
    layout.setText(candidate, emphasis: emphasis(of: candidate))
    layout.setPixelSize(size)
    return !layout.overflows(box)
  }
}
