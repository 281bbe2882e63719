import Diagnostics
import PlanValues
import ProjectFile
import RenderPlan
import Timeline

/// A captions layer's plan: each cue timed in output frames, and the pages it shows (runs of
/// frames with the same cues), each measured like a text layer, so that a cue that cannot fit
/// is found by `check`, at its line in the subtitle file.
extension PlanBuilder {
  /// The words of a `speak` track (`captions: voice`) as they are heard: timed on the
  /// speech's own clock, which the track plays from its start, less its `in`, so that clock's
  /// origin on the output is `start - in` (whatever the captions layer's own start); words
  /// the track does not play (before its `in`, after its `out` or `duration`) are left out.
  func spokenWords(_ captions: CaptionsLayerSpec) -> (origin: Rational, words: [TimedWord])? {
    guard let name = captions.spokenBy?.value,
      let track = spec.audioTracks.first(where: { $0.name.value == name }),
      let timing = trackTiming(track)
    else { return nil }
    let played = timing.end.map { $0 - timing.start + timing.sourceIn }
    let words = captions.transcript.filter { word in
      word.start >= timing.sourceIn && played.map { word.start < $0 } ?? true
    }
    return (timing.start - timing.sourceIn, words)
  }

  /// `frames` are the layer's; `start` shifts every cue.
  mutating func captionsPlan(
    _ captions: CaptionsLayerSpec, layer: LayerSpec, start: Rational, frames: FrameRange,
    box: Animated<FrameRect>, endsWithOutput: Bool
  ) -> CaptionsPlan {
    if let words = captions.words {
      var captions = captions
      var origin = start
      if let spoken = spokenWords(captions) {
        origin = spoken.origin
        captions.transcript = spoken.words
      }
      return CaptionsPlan(
        file: ProjectPaths.display(captions.file.value),
        format: captions.transcriptFormat?.rawValue ?? "", font: captions.style.font.value,
        cues: [], pages: [],
        words: wordCaptionsPlan(
          captions, words: words, layer: layer, start: origin, frames: frames, box: box))
    }
    let cues = captions.cues.map { cuePlan($0, start: start, within: frames) }
    checkCues(
      captions, planned: cues, layer: layer, start: start, frames: frames,
      endsWithOutput: endsWithOutput)
    let room = Self.textRoom(box)
    var overflowing: [(page: CaptionPagePlan, cue: SubtitleCue)] = []
    var pages: [CaptionPagePlan] = []
    let sweep = CaptionPageSweep(cues, captions.cues)
    if let overstack = sweep.overstack {
      reportOverstack(overstack, captions: captions, layer: layer)
    }
    let stacks = sweep.runs.map { Self.stacked($0.cues.map { captions.cues[$0] }) }
    let characters = stacks.reduce(0) { $0 + $1.0.unicodeScalars.count }
    guard characters <= ProjectLimits.captionPageCharacters else {
      diagnostics.append(
        .error(
          "captions-too-long",
          "layer '\(layer.name.value)': its cues show \(characters) characters in all, counted "
            + "once for each run of frames they show on together; at most "
            + "\(ProjectLimits.captionPageCharacters)",
          at: captions.file.location, notes: captions.file.substitutionNotes,
          help: "split the file over several captions layers, or overlap fewer cues"))
      return CaptionsPlan(
        file: ProjectPaths.display(captions.file.value), format: captions.format.rawValue,
        font: captions.style.font.value, cues: cues, pages: [])
    }
    var fontFailed = false
    var missing = MissingGlyphs()
    for (run, (words, emphasis)) in zip(sweep.runs, stacks) {
      let fit: TextFitPlan
      switch measure(captions.style, words: words, emphasis: emphasis, room: room) {
      case .success(let measured): fit = measured
      case .failure(let failure):
        // A font that cannot be used fails every page alike: one error, at the font.
        if !fontFailed {
          fontFailed = true
          diagnostics.append(
            .error(
              "cannot-typeset", "layer '\(layer.name.value)': \(failure.message)",
              at: captions.style.font.location, notes: captions.style.font.substitutionNotes))
        }
        fit = Self.unmeasured(captions.style)
      }
      gatherMissingGlyphs(
        into: &missing, cues: run.cues.map { captions.cues[$0] }, style: captions.style,
        words: words, emphasis: emphasis, room: room)
      let page = CaptionPagePlan(
        frames: run.frames, cues: run.cues,
        text: textPlan(
          captions.style, words: words,
          emphasis: fit.ellipsized.map {
            TextEmphasis.clipped(emphasis, to: $0.utf8.count - TextEmphasis.ellipsisBytes)
          } ?? emphasis, room: room, fit: fit))
      if !fit.fits, fit.size > 0 { overflowing.append((page, captions.cues[run.cues[0]])) }
      pages.append(page)
    }
    reportOverflow(overflowing, captions: captions, layer: layer, room: room)
    reportMissingGlyphs(missing, captions: captions, layer: layer)
    return CaptionsPlan(
      file: ProjectPaths.display(captions.file.value), format: captions.format.rawValue,
      font: captions.style.font.value, cues: cues, pages: pages)
  }

  /// The frames a cue shows on: `k` with `a ≤ k / fps − start < b`, within the layer's.
  private func cuePlan(_ cue: SubtitleCue, start: Rational, within frames: FrameRange)
    -> CaptionCuePlan
  {
    let first = max(frames.first, TimeGrid.firstFrame(atOrAfter: start + cue.start, fps: fps))
    let end = min(frames.end, TimeGrid.firstFrame(atOrAfter: start + cue.end, fps: fps))
    return CaptionCuePlan(
      line: cue.location.line, start: cue.start, end: cue.end,
      frames: FrameRange(first: first, end: max(first, end)), text: cue.text)
  }

  /// The words of cues shown together, one under the other, with their emphasis moved to
  /// where each cue's words begin.
  static func stacked(_ cues: [SubtitleCue]) -> (String, [TextEmphasis]) {
    var words = ""
    var emphasis: [TextEmphasis] = []
    for cue in cues {
      if !words.isEmpty { words += "\n" }
      let offset = words.utf8.count
      words += cue.text
      emphasis += cue.emphasis.map {
        var moved = $0
        moved.start += offset
        moved.end += offset
        return moved
      }
    }
    return (words, emphasis)
  }
}
