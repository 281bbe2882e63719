import Diagnostics
import PlanValues
import ProjectFile
import RenderPlan
import Timeline

/// A captions layer with `words:`: its transcript cut into pages by the layout (a page ends
/// where its next word would need more lines than allowed in the box at the layer's font size,
/// never at a count of characters), each page measured once and its words' boxes recorded,
/// and every word's active frames by the frame rule (`WordCaptionsPlan`).
extension PlanBuilder {
  /// `frames` are the layer's; `start` is where the transcript's clock starts on the output's.
  mutating func wordCaptionsPlan(
    _ captions: CaptionsLayerSpec, words spec: WordCaptionsSpec, layer: LayerSpec,
    start: Rational, frames: FrameRange, box: Animated<FrameRect>
  ) -> WordCaptionsPlan {
    let style = captions.style
    let room = Self.textRoom(box)
    let maxLines = spec.maxLines?.value ?? style.maxLines?.value ?? 2
    let lead = spec.lead.value.seconds(fps: fps)
    let words = captions.transcript
    let styles = wordStyles(spec, style: style)
    let pop = spec.pop.map {
      WordPopPlan(
        scale: $0.scale.value, duration: $0.duration.value.seconds(fps: fps), ease: $0.ease.value)
    }
    var plan = WordCaptionsPlan(
      pages: [], upcoming: styles.upcoming, active: styles.active, spoken: styles.spoken,
      pop: pop)
    guard !words.isEmpty else { return plan }
    let groups = pageGroups(
      words, spec: spec, style: style, room: room, maxLines: maxLines, layer: layer)
    guard !groups.isEmpty else { return plan }
    let pageStarts = groups.map { words[$0[0]].start - lead }
    var missing = MissingGlyphs()
    defer {
      if let warning = missing.warning(
        owner: "layer '\(layer.name.value)'", place: "word",
        notes: Self.fileNotes(captions))
      {
        diagnostics.append(warning)
      }
    }
    for (number, group) in groups.enumerated() {
      var pageEnd = words[group[group.count - 1]].end + spec.linger.value.seconds(fps: fps)
      if number + 1 < groups.count { pageEnd = min(pageEnd, pageStarts[number + 1]) }
      let pageFrames = frameRange(
        from: start + pageStarts[number], to: start + pageEnd, within: frames)
      guard
        let page = wordPage(
          group.map { words[$0] }, frames: pageFrames, pageEnd: pageEnd, lead: lead,
          start: start, style: style, room: room, maxLines: maxLines, layer: layer,
          missing: &missing)
      else { return plan }
      plan.pages.append(page)
    }
    reportUnshown(plan, words: words, layer: layer)
    return plan
  }

  /// Words that are never active (outside the layer's frames, or between two frames): one
  /// warning, at the first, counting the others, as for cues.
  private mutating func reportUnshown(
    _ plan: WordCaptionsPlan, words: [TimedWord], layer: LayerSpec
  ) {
    let planned = plan.pages.flatMap(\.words)
    let unshown = planned.indices.filter { planned[$0].activeFrames.count == 0 }
    guard let first = unshown.first, planned.count == words.count else { return }
    let others = unshown.count - 1
    let more = others > 0 ? " (and \(others) more word\(others == 1 ? "" : "s"))" : ""
    diagnostics.append(
      .warning(
        "word-never-shows",
        "layer '\(layer.name.value)': '\(planned[first].text)'\(more) never shows: its time "
          + "falls before the layer starts, after it ends, or between two frames",
        at: words[first].location,
        help: "compare the layer's start and duration with the transcript's times"))
  }

  /// The words of the transcript grouped into pages, in order: a page ends after `per_page`
  /// words, at its cue's end, after a sentence's end (with `break_on_punctuation`), before a
  /// silence of `break_on_silence`, and before a word that would make it need more than
  /// `maxLines` lines in the box at the font's size. Empty when the font cannot be used (an
  /// error says so).
  private mutating func pageGroups(
    _ words: [TimedWord], spec: WordCaptionsSpec, style: TextLayerSpec,
    room: (width: Int, height: Int), maxLines: Int, layer: LayerSpec
  ) -> [[Int]] {
    let silence = spec.breakOnSilence?.value.seconds(fps: fps)
    if let long = words.first(where: {
      $0.text.unicodeScalars.dropFirst(ProjectLimits.captionCharacters).first != nil
    }) {
      diagnostics.append(
        .error(
          "word-too-long",
          "layer '\(layer.name.value)': a word of \(long.text.unicodeScalars.count) characters; "
            + "a word shows at most \(ProjectLimits.captionCharacters)",
          at: long.location, help: "is the file a word-timed transcript? A word has no spaces"))
      return []
    }
    // Every candidate page is measured once: the characters measured bound what `check`
    // spends, as the limit on a captions layer's pages does.
    var measuredCharacters = 0
    var groups: [[Int]] = []
    var current: [Int] = []
    for index in words.indices {
      if let last = current.last {
        let previous = words[last]
        var ends =
          current.count >= spec.perPage.value || previous.endsCue
          || (spec.breakOnPunctuation.value && WordJoin.endsSentence(previous.text))
          || silence.map { words[index].start - previous.end >= $0 } ?? false
        if !ends {
          let text = Self.joined((current + [index]).map { words[$0].text }).text
          measuredCharacters += text.unicodeScalars.count
          guard measuredCharacters <= ProjectLimits.captionPageCharacters else {
            diagnostics.append(
              .error(
                "captions-too-long",
                "layer '\(layer.name.value)': its pages would measure more than "
                  + "\(ProjectLimits.captionPageCharacters) characters in all",
                at: words[index].location,
                help: "split the transcript over several captions layers, or lower per_page"))
            return []
          }
          switch wordFit(text, style: style, room: room, maxLines: maxLines, shrink: false) {
          case .success(let fit): ends = !fit.fits
          case .failure(let failure):
            reportFontFailure(failure, style: style, layer: layer)
            return []
          }
        }
        if ends {
          groups.append(current)
          current = []
        }
      }
      current.append(index)
    }
    if !current.isEmpty { groups.append(current) }
    return groups
  }

  /// One page of `words`: set at the font's size (a lone word too wide for the box shrinks
  /// down to `size_min`), its words' boxes measured on the shaped lines, and each word's
  /// active frames. `nil` when the typesetter fails (an error is reported).
  private mutating func wordPage(
    _ words: [TimedWord], frames: FrameRange, pageEnd: Rational, lead: Rational,
    start: Rational, style: TextLayerSpec, room: (width: Int, height: Int), maxLines: Int,
    layer: LayerSpec, missing: inout MissingGlyphs
  ) -> WordPagePlan? {
    let (text, ranges) = Self.joined(words.map(\.text))
    let fit: TextFitResult
    switch wordFit(text, style: style, room: room, maxLines: maxLines, shrink: words.count == 1)
    {
    case .success(let measured): fit = measured
    case .failure(let failure):
      reportFontFailure(failure, style: style, layer: layer)
      return nil
    }
    if !fit.fits { reportWordOverflow(words[0], style: style, layer: layer, room: room) }
    // Each missing character is the fault of the words that hold it, at their lines.
    for word in words {
      let lacking = fit.missingCharacters.filter { word.text.unicodeScalars.contains($0) }
      missing.add(lacking, at: word.location)
    }
    let boxes: [[WordBox]]
    switch texts.wordBoxes(
      Self.wordRequest(text, style: style, room: room, maxLines: maxLines, sizeMin: nil),
      size: fit.size, align: style.align.value, valign: style.valign.value, words: ranges)
    {
    case .success(let measured): boxes = measured
    case .failure(let failure):
      reportFontFailure(failure, style: style, layer: layer)
      return nil
    }
    var planned: [WordPlan] = []
    for (index, word) in words.enumerated() {
      let from = word.start - lead
      let to = index + 1 < words.count ? words[index + 1].start - lead : pageEnd
      planned.append(
        WordPlan(
          text: word.text, line: word.location.line, start: word.start, end: word.end,
          activeFrom: start + from,
          activeFrames: frameRange(from: start + from, to: start + to, within: frames),
          bytes: ranges[index], boxes: boxes[index]))
    }
    let fitPlan = TextFitPlan(
      size: fit.size, sizeMin: style.sizeMin?.value, maxLines: maxLines,
      overflow: style.overflow.value, fits: fit.fits, lineCount: fit.lineCount, ellipsized: nil)
    return WordPagePlan(
      frames: frames,
      text: textPlan(style, words: text, emphasis: [], room: room, fit: fitPlan),
      words: planned)
  }

  /// The output frames `k` with `from ≤ k / fps < to`, within `frames`.
  private func frameRange(from: Rational, to: Rational, within frames: FrameRange)
    -> FrameRange
  {
    let first = max(frames.first, TimeGrid.firstFrame(atOrAfter: from, fps: fps))
    let end = min(frames.end, TimeGrid.firstFrame(atOrAfter: to, fps: fps))
    return FrameRange(first: first, end: max(first, end))
  }

  /// The page's text: its words joined by spaces (none between words of scripts written
  /// without them), and each word's bytes in it.
  static func joined(_ words: [String]) -> (text: String, ranges: [Range<Int>]) {
    var text = ""
    var ranges: [Range<Int>] = []
    for word in words {
      if !ranges.isEmpty { text += WordJoin.separator(between: text, and: word) }
      let from = text.utf8.count
      text += word
      ranges.append(from..<text.utf8.count)
    }
    return (text, ranges)
  }

  /// How `text` fits the box in `maxLines` lines: at the font's size, or (with `shrink`, for
  /// a lone word) down to `size_min`. Measured once per text.
  private mutating func wordFit(
    _ text: String, style: TextLayerSpec, room: (width: Int, height: Int), maxLines: Int,
    shrink: Bool
  ) -> Result<TextFitResult, TextFitFailure> {
    let request = Self.wordRequest(
      text, style: style, room: room, maxLines: maxLines,
      sizeMin: shrink ? style.sizeMin?.value : nil)
    if let known = measured[request] { return known }
    let result = texts.fit(request)
    measured[request] = result
    return result
  }

  private static func wordRequest(
    _ text: String, style: TextLayerSpec, room: (width: Int, height: Int), maxLines: Int,
    sizeMin: Int?
  ) -> TextFitRequest {
    TextFitRequest(
      text: text, font: style.font.value, lineSpacing: style.lineSpacing.value,
      padding: style.padding.value, outlineWidth: style.outline?.width.value,
      width: room.width, height: room.height, sizeMin: sizeMin, maxLines: maxLines,
      ellipsis: false)
  }

  /// The three looks, each unset key from the layer's own.
  private func wordStyles(_ spec: WordCaptionsSpec, style: TextLayerSpec) -> (
    upcoming: WordStylePlan, active: WordStylePlan, spoken: WordStylePlan
  ) {
    let layerOutline = style.outline.map {
      OutlinePlan(width: $0.width.value, color: $0.color.value)
    }
    func resolved(_ look: WordStyleSpec) -> WordStylePlan {
      WordStylePlan(
        color: look.color?.value ?? style.color.value, background: look.background?.value,
        padding: look.padding?.value ?? style.padding.value,
        cornerRadius: look.cornerRadius?.value,
        outline: look.outline.map { OutlinePlan(width: $0.width.value, color: $0.color.value) }
          ?? layerOutline,
        opacity: look.opacity?.value ?? 1, scale: look.scale?.value ?? 1)
    }
    return (resolved(spec.upcoming), resolved(spec.active), resolved(spec.spoken))
  }

  /// A font that cannot be used fails every page alike: one error, at the font.
  private mutating func reportFontFailure(
    _ failure: TextFitFailure, style: TextLayerSpec, layer: LayerSpec
  ) {
    let message = "layer '\(layer.name.value)': \(failure.message)"
    guard !diagnostics.contains(where: { $0.message == message }) else { return }
    diagnostics.append(
      .error(
        "cannot-typeset", message, at: style.font.location,
        notes: style.font.substitutionNotes))
  }

  /// A word too wide for the box even alone at `size_min`: at its line in the transcript.
  private mutating func reportWordOverflow(
    _ word: TimedWord, style: TextLayerSpec, layer: LayerSpec, room: (width: Int, height: Int)
  ) {
    let what =
      "layer '\(layer.name.value)': the word '\(word.text)' does not fit its "
      + "\(room.width)×\(room.height) box"
      + (style.sizeMin.map { " even at size_min \($0.value)" } ?? " at the font's size")
    let help =
      style.sizeMin == nil
      ? "give the layer size_min to let a long word shrink, or make the box wider"
      : "lower size_min or make the box wider"
    let notes = [Diagnostic.Note("the captions layer is here", at: style.text.location)]
    if style.overflow.value == .error {
      diagnostics.append(
        .error("word-does-not-fit", what, at: word.location, notes: notes, help: help))
    } else {
      diagnostics.append(
        .warning(
          "word-does-not-fit", what + "; what falls outside is cut", at: word.location,
          notes: notes, help: help))
    }
  }
}
