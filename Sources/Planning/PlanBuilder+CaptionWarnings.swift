import Diagnostics
import PlanValues
import ProjectFile
import RenderPlan
import Timeline

/// What `check` says about a captions layer's cues: those that never show, those that do not
/// fit, and too many at once. Each kind is said once per layer, at its first cue's line in
/// the subtitle file, with how many more there are: a film's file on a 6-second ad is one
/// warning, not two thousand.
extension PlanBuilder {
  /// The notes of every message at a cue: where the project names the subtitle file, and what
  /// each `{{variable}}` in that name was replaced by (from `--set` or a batch's row), as the
  /// file's own problems carry them, so that a batch says which row's file it was.
  static func fileNotes(_ captions: CaptionsLayerSpec) -> [Diagnostic.Note] {
    [.init("the file is named here", at: captions.file.location)] + captions.file.substitutionNotes
  }

  /// A warning for each reason cues never show: they end before they start (or where they
  /// start), lie past the layer's end or before its start, or fall between two frames.
  mutating func checkCues(
    _ captions: CaptionsLayerSpec, planned: [CaptionCuePlan], layer: LayerSpec, start: Rational,
    frames: FrameRange, endsWithOutput: Bool
  ) {
    let end = TimeGrid.time(ofFrame: frames.end, fps: fps)
    let ending = endsWithOutput ? "the output ends" : "layer '\(layer.name.value)' ends"
    var reasons: [String: (first: SubtitleCue, message: String, count: Int)] = [:]
    var order: [String] = []
    for (cue, plan) in zip(captions.cues, planned) where plan.frames.count == 0 {
      let reason: String
      let message: String
      if cue.end < cue.start {
        reason = "ends early"
        message =
          "the cue ends at \(TimeFormat.seconds(cue.end)) s, before it starts at "
          + "\(TimeFormat.seconds(cue.start)) s"
      } else if cue.end == cue.start {
        reason = "no time"
        message = "the cue ends where it starts, at \(TimeFormat.seconds(cue.start)) s"
      } else if start + cue.start >= end {
        reason = "past the end"
        let shift = start == .zero ? "" : " (\(TimeFormat.seconds(cue.start)) s in the file)"
        message =
          "the cue starts at \(TimeFormat.seconds(start + cue.start)) s\(shift), after "
          + "\(ending) at \(TimeFormat.seconds(end)) s"
      } else if start + cue.end <= TimeGrid.time(ofFrame: frames.first, fps: fps) {
        reason = "before the start"
        message = "the cue ends before layer '\(layer.name.value)' starts"
      } else {
        reason = "between frames"
        message =
          "the cue, \(TimeFormat.seconds(cue.start))-\(TimeFormat.seconds(cue.end)) s, falls "
          + "between two frames at \(FrameRate.describe(fps)) fps"
      }
      if reasons[reason] == nil { order.append(reason) }
      reasons[reason, default: (cue, message, 0)].count += 1
    }
    for reason in order {
      guard let found = reasons[reason] else { continue }
      let more = found.count - 1
      let others =
        more == 0
        ? ""
        : " (nor do \(more) more cue\(more == 1 ? "" : "s"), for the same reason)"
      diagnostics.append(
        .warning(
          "cue-never-shown", found.message + ": it never shows" + others,
          at: found.first.location, notes: Self.fileNotes(captions)))
    }
  }

  /// More cues at once than may be stacked: one error, at the first cue past the limit.
  mutating func reportOverstack(
    _ overstack: CaptionPageSweep.Overstack, captions: CaptionsLayerSpec, layer: LayerSpec
  ) {
    let limit = ProjectLimits.stackedCues
    diagnostics.append(
      .error(
        "too-many-stacked-cues",
        "layer '\(layer.name.value)': \(overstack.count) cues show at once here; at most "
          + "\(limit) may overlap",
        at: captions.cues[overstack.cue].location, notes: Self.fileNotes(captions),
        help: "overlapping cues are stacked one under the other; end the earlier ones sooner"))
  }

  /// Pages that do not fit their box: with `overflow: error` an error, else a warning, each
  /// at its first cue's line in the subtitle file; past five, one line says how many more.
  mutating func reportOverflow(
    _ pages: [(page: CaptionPagePlan, cue: SubtitleCue)], captions: CaptionsLayerSpec,
    layer: LayerSpec, room: (width: Int, height: Int)
  ) {
    let style = captions.style
    let named = Self.fileNotes(captions)
    let lines = style.maxLines.map { " in \($0.value) line\($0.value == 1 ? "" : "s")" } ?? ""
    let padding = style.padding.value > 0 ? " (padding \(style.padding.value))" : ""
    let help =
      style.sizeMin == nil
      ? "give the layer size_min to let the font shrink, or overflow: ellipsis"
      : "shorten the cue, lower size_min or make the box larger"
    let isError = style.overflow.value == .error
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
        isError
          ? .error("text-does-not-fit", what, at: cue.location, notes: named, help: help)
          : .warning(
            "text-overflow", what + "; what falls outside is cut", at: cue.location,
            notes: named, help: help))
    }
    guard pages.count > shown else { return }
    let more = pages.count - shown
    let message =
      "layer '\(layer.name.value)': the cues do not fit at \(more) more time\(more == 1 ? "" : "s")"
    diagnostics.append(
      isError
        ? .error("text-does-not-fit", message, at: pages[shown].cue.location, notes: named)
        : .warning("text-overflow", message, at: pages[shown].cue.location, notes: named))
  }
}
