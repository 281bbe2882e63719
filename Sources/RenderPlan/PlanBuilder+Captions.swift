import Diagnostics
import PlanValues
import ProjectFile
import Timeline

/// A captions layer's plan: each cue timed in output frames, and the pages it shows (runs of
/// frames with the same cues), each measured like a text layer, so that a cue that cannot fit
/// is found by `check`, at its line in the subtitle file.
extension PlanBuilder {
  /// `frames` are the layer's; `start` shifts every cue.
  mutating func captionsPlan(
    _ captions: CaptionsLayerSpec, layer: LayerSpec, start: Rational, frames: FrameRange,
    box: Animated<FrameRect>
  ) -> CaptionsPlan {
    let cues = captions.cues.map { cuePlan($0, start: start, within: frames) }
    checkCues(captions, planned: cues, layer: layer, start: start, frames: frames)
    let room = Self.textRoom(box)
    var overflowing: [(page: CaptionPagePlan, cue: SubtitleCue)] = []
    var pages: [CaptionPagePlan] = []
    for run in Self.pageRuns(cues, captions.cues) {
      guard checkStack(run.cues, captions: captions, layer: layer) else { continue }
      let (words, emphasis) = Self.stacked(run.cues.map { captions.cues[$0] })
      let fit: TextFitPlan
      switch measure(captions.style, words: words, emphasis: emphasis, room: room) {
      case .success(let measured): fit = measured
      case .failure(let failure):
        // A font that cannot be used fails every page alike: one error, at the font.
        if !diagnostics.contains(where: {
          $0.id == "cannot-typeset" && $0.location == captions.style.font.location
        }) {
          diagnostics.append(
            .error(
              "cannot-typeset", "layer '\(layer.name.value)': \(failure.message)",
              at: captions.style.font.location, notes: captions.style.font.substitutionNotes))
        }
        fit = Self.unmeasured(captions.style)
      }
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
    return CaptionsPlan(
      file: ProjectPaths.display(captions.file.value), format: captions.format.rawValue,
      cues: cues, pages: pages)
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

  /// The runs of frames on which the same cues with words show, in frame order, each with
  /// those cues ordered top first: the one that started first on top, file order breaking
  /// ties.
  static func pageRuns(_ planned: [CaptionCuePlan], _ cues: [SubtitleCue])
    -> [(frames: FrameRange, cues: [Int])]
  {
    let shown = planned.indices.filter {
      planned[$0].frames.count > 0 && !cues[$0].text.isEmpty
    }
    var edges = Set<Int64>()
    for index in shown {
      edges.insert(planned[index].frames.first)
      edges.insert(planned[index].frames.end)
    }
    let sortedEdges = edges.sorted()
    // Cues sorted by their first frame, swept over the edges: each is added when the sweep
    // reaches its start and dropped once past its end.
    let byStart = shown.sorted {
      (planned[$0].frames.first, $0) < (planned[$1].frames.first, $1)
    }
    var next = 0
    var active: [Int] = []
    var runs: [(frames: FrameRange, cues: [Int])] = []
    for (first, end) in zip(sortedEdges, sortedEdges.dropFirst()) {
      active.removeAll { planned[$0].frames.end <= first }
      while next < byStart.count, planned[byStart[next]].frames.first <= first {
        active.append(byStart[next])
        next += 1
      }
      guard !active.isEmpty else { continue }
      let order = active.sorted {
        (cues[$0].start, $0) < (cues[$1].start, $1)
      }
      if let last = runs.last, last.cues == order, last.frames.end == first {
        runs[runs.count - 1].frames.end = end
      } else {
        runs.append((FrameRange(first: first, end: end), order))
      }
    }
    return runs
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

  /// At most `ProjectLimits.stackedCues` cues show at once: an error at the first past them.
  private mutating func checkStack(
    _ indices: [Int], captions: CaptionsLayerSpec, layer: LayerSpec
  ) -> Bool {
    let limit = ProjectLimits.stackedCues
    guard indices.count > limit else { return true }
    let cue = captions.cues[indices[limit]]
    let error = Diagnostic.error(
      "too-many-stacked-cues",
      "layer '\(layer.name.value)': \(indices.count) cues show at once here; at most \(limit) "
        + "may overlap",
      at: cue.location, notes: [.init("the file is named here", at: captions.file.location)],
      help: "overlapping cues are stacked one under the other; end the earlier ones sooner")
    if !diagnostics.contains(error) { diagnostics.append(error) }
    return false
  }

  /// A warning at each cue that never shows: one that ends before it starts, or lies past the
  /// layer's end, or falls between two frames.
  private mutating func checkCues(
    _ captions: CaptionsLayerSpec, planned: [CaptionCuePlan], layer: LayerSpec, start: Rational,
    frames: FrameRange
  ) {
    let named = [Diagnostic.Note("the file is named here", at: captions.file.location)]
    let end = TimeGrid.time(ofFrame: frames.end, fps: fps)
    for (cue, plan) in zip(captions.cues, planned) where plan.frames.count == 0 {
      let what: String
      if cue.end < cue.start {
        what =
          "the cue ends at \(TimeFormat.seconds(cue.end)) s, before it starts at "
          + "\(TimeFormat.seconds(cue.start)) s"
      } else if cue.end == cue.start {
        what = "the cue ends where it starts, at \(TimeFormat.seconds(cue.start)) s"
      } else if start + cue.start >= end {
        let shift = start == .zero ? "" : " (\(TimeFormat.seconds(cue.start)) s in the file)"
        what =
          "the cue starts at \(TimeFormat.seconds(start + cue.start)) s\(shift), after "
          + "layer '\(layer.name.value)' ends at \(TimeFormat.seconds(end)) s"
      } else if start + cue.end <= TimeGrid.time(ofFrame: frames.first, fps: fps) {
        what = "the cue ends before layer '\(layer.name.value)' starts"
      } else {
        what =
          "the cue, \(TimeFormat.seconds(cue.start))-\(TimeFormat.seconds(cue.end)) s, falls "
          + "between two frames at \(FrameRate.describe(fps)) fps"
      }
      diagnostics.append(
        .warning("cue-never-shown", what + ": it never shows", at: cue.location, notes: named))
    }
  }

  /// Pages that do not fit their box: with `overflow: error` an error, else a warning, each
  /// at its first cue's line in the subtitle file; past five, one line says how many more.
  private mutating func reportOverflow(
    _ pages: [(page: CaptionPagePlan, cue: SubtitleCue)], captions: CaptionsLayerSpec,
    layer: LayerSpec, room: (width: Int, height: Int)
  ) {
    let style = captions.style
    let named = [Diagnostic.Note("the file is named here", at: captions.file.location)]
    let lines = style.maxLines.map { " in \($0.value) line\($0.value == 1 ? "" : "s")" } ?? ""
    let padding = style.padding.value > 0 ? " (padding \(style.padding.value))" : ""
    let help =
      style.sizeMin == nil
      ? "give the layer size_min to let the font shrink, or overflow: ellipsis"
      : "shorten the cue, lower size_min or make the box larger"
    let shown = 5
    for (page, cue) in pages.prefix(shown) {
      // Overlapping cues are set together: what does not fit is then their stack.
      let lineNumbers = page.cues.map { "\(captions.cues[$0].location.line)" }
      let cues =
        page.cues.count == 1
        ? "the cue does not"
        : "the cues at lines \(lineNumbers.dropLast().joined(separator: ", ")) and "
          + "\(lineNumbers.last ?? ""), shown together from "
          + "\(TimeFormat.seconds(TimeGrid.time(ofFrame: page.frames.first, fps: fps))) s, do not"
      let what =
        "layer '\(layer.name.value)': \(cues) fit its \(room.width)×\(room.height) box"
        + "\(padding)\(lines) at \(PlanTable.pixels(page.text.fit.size)) px"
      diagnostics.append(
        style.overflow.value == .error
          ? .error("text-does-not-fit", what, at: cue.location, notes: named, help: help)
          : .warning(
            "text-overflow", what + "; what falls outside is cut", at: cue.location,
            notes: named, help: help))
    }
    guard pages.count > shown else { return }
    let more = pages.count - shown
    let message =
      "layer '\(layer.name.value)': \(more) more cue\(more == 1 ? "" : "s") do\(more == 1 ? "es" : "") not fit"
    diagnostics.append(
      style.overflow.value == .error
        ? .error("text-does-not-fit", message, at: pages[shown].cue.location, notes: named)
        : .warning("text-overflow", message, at: pages[shown].cue.location, notes: named))
  }
}
