public import PlanValues

/// A text measurer with made-up, font-free metrics, so that golden plans are the same on every
/// machine whatever fonts it has: every grapheme is half the pixel size wide, every line
/// 1.2 times the size tall (times the line spacing after the first), and words wrap greedily at
/// spaces. The rules it follows are the real typesetter's (`TypesetTextFitter`, checked against
/// Pango by `TypesettingTests`): the font's own size if the text fits there; else, with a
/// smallest size, the largest whole size from it up that fits; else, with `ellipsis`, the
/// longest start that fits with "…" after it. It has a glyph for every character except the
/// private-use and unassigned ones, which no installed font draws (as the real typesetter finds
/// on a machine set up by `scripts/install-deps`).
public struct FixedTextMeasurer: TextFitting {
  /// The pixel size of a font description that gives none, as Pango's is set.
  static let defaultSize = 48.0
  /// The largest pixel size, as the typesetter allows.
  static let largestSize = 16384.0

  public init() {}

  public func fit(_ request: TextFitRequest) -> Result<TextFitResult, TextFitFailure> {
    let ownSize = Self.size(of: request.font)
    guard ownSize > 0, ownSize <= Self.largestSize else {
      // The typesetter's own sentence, so golden diagnostics read as `chromake check`'s do.
      // Whole sizes without ".0"; any Double a description can spell (1e400 is infinite) prints.
      let whole = ownSize.isFinite && ownSize == ownSize.rounded() && abs(ownSize) < 1e15
      let shown = whole ? "\(Int64(ownSize))" : "\(ownSize)"
      return .failure(
        TextFitFailure(
          "font '\(request.font)' is \(shown) pixels; sizes must be more than 0 and at most "
            + "\(Int(Self.largestSize))"))
    }
    let inset = 2 * Double(request.padding) + 2 * (request.outlineWidth ?? 0)
    let box = (width: Double(request.width) - inset, height: Double(request.height) - inset)
    func lines(_ text: String, at size: Double) -> (count: Int, broken: Bool) {
      Self.lines(text, size: size, width: box.width)
    }
    func fits(_ text: String, at size: Double) -> Bool {
      let (count, broken) = lines(text, at: size)
      guard !broken else { return false }
      let height = size * 1.2 * (1 + Double(max(0, count - 1)) * request.lineSpacing)
      return height <= box.height && count <= (request.maxLines ?? Int.max)
    }
    var size = ownSize
    var fitting = fits(request.text, at: size)
    if !fitting, let sizeMin = request.sizeMin {
      size = min(Double(sizeMin), ownSize)
      let top = Int(ownSize.rounded(.up)) - 1
      if sizeMin <= top, fits(request.text, at: Double(sizeMin)) {
        var low = sizeMin
        var high = top + 1
        while high - low > 1 {
          let middle = low + (high - low) / 2
          if fits(request.text, at: Double(middle)) { low = middle } else { high = middle }
        }
        size = Double(low)
        fitting = true
      }
    }
    guard !fitting, request.ellipsis else {
      return .success(
        TextFitResult(
          size: size, lineCount: lines(request.text, at: size).count, fits: fitting,
          text: request.text, ellipsized: false,
          missingCharacters: Self.missingCharacters(request.text)))
    }
    let graphemes = Array(request.text)
    func shortened(_ count: Int) -> String {
      String(graphemes[..<count]).trimmingTrailingSpaces + "\u{2026}"
    }
    var kept = 0
    var tooLong = graphemes.count
    let anyFits = fits(shortened(0), at: size)
    if anyFits {
      while tooLong - kept > 1 {
        let middle = (kept + tooLong) / 2
        if fits(shortened(middle), at: size) { kept = middle } else { tooLong = middle }
      }
    }
    let text = shortened(kept)
    return .success(
      TextFitResult(
        size: size, lineCount: lines(text, at: size).count, fits: anyFits, text: text,
        ellipsized: true, missingCharacters: Self.missingCharacters(text)))
  }

  /// The private-use and unassigned characters of `text`, each once, in order.
  static func missingCharacters(_ text: String) -> [Unicode.Scalar] {
    var seen: Set<Unicode.Scalar> = []
    return text.unicodeScalars.filter { character in
      switch character.properties.generalCategory {
      case .privateUse, .unassigned: return seen.insert(character).inserted
      default: return false
      }
    }
  }

  /// The pixel size a font description ends in ("Sans Bold 40", "Serif 30px"), or the default.
  static func size(of font: String) -> Double {
    guard let last = font.split(separator: " ").last else { return defaultSize }
    let number = last.hasSuffix("px") ? last.dropLast(2) : last
    return Double(number) ?? defaultSize
  }

  /// How many lines `text` wraps to at `size` in `width` pixels, and whether a word wider than
  /// a line had to be broken across lines (as Pango breaks it), which no size it is set at fits.
  static func lines(_ text: String, size: Double, width: Double) -> (count: Int, broken: Bool) {
    let advance = size / 2
    // Graphemes a line holds: at least one, however narrow (or negative, past its padding).
    let columns = (width / advance).rounded(.down)
    let perLine = columns.isFinite && columns >= 1 ? Int(min(columns, 1e9)) : 1
    var count = 0
    var broken = false
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      count += 1
      var used = 0.0
      for word in paragraph.split(separator: " ") {
        let wide = Double(word.count) * advance
        if wide > width {
          // Broken into lines of as many graphemes as fit; the next word starts a new line.
          broken = true
          count += (used == 0 ? 0 : 1) + (word.count - 1) / perLine
          used = Double((word.count - 1) % perLine + 1) * advance
          continue
        }
        if used == 0 {
          used = wide
        } else if used + advance + wide <= width {
          used += advance + wide
        } else {
          count += 1
          used = wide
        }
      }
    }
    return (count, broken)
  }
}

extension String {
  /// The string without the whitespace at its end, which would push "…" away from its words.
  fileprivate var trimmingTrailingSpaces: String {
    var result = Substring(self)
    while let last = result.last, last.isWhitespace { result.removeLast() }
    return String(result)
  }
}
