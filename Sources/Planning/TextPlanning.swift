import Diagnostics
import PlanValues
import ProjectFile
import RenderPlan

/// A text layer's plan: its picture's size (the box's, or its largest when it moves or grows),
/// and the size the text is set at, measured by the typesetter so that a text which cannot fit
/// is reported while planning, before anything renders.
extension PlanBuilder {
  mutating func textPlan(_ text: TextLayerSpec, layer: LayerSpec, box: Animated<FrameRect>)
    -> TextPlan
  {
    let room = Self.textRoom(box)
    let fit: TextFitPlan
    switch measure(text, words: text.text.value, emphasis: [], room: room) {
    case .success(let measured):
      fit = measured
      if !fit.fits { reportOverflow(text, layer: layer, room: room, size: fit.size) }
      reportMissingGlyphs(text, layer: layer, room: room)
    case .failure(let failure):
      diagnostics.append(
        .error(
          "cannot-typeset", "layer '\(layer.name.value)': \(failure.message)",
          at: text.font.location, notes: text.font.substitutionNotes))
      fit = Self.unmeasured(text)
    }
    return textPlan(text, words: text.text.value, emphasis: [], room: room, fit: fit)
  }

  /// The picture a text is set in: its box's size, its largest when it moves or grows.
  static func textRoom(_ box: Animated<FrameRect>) -> (width: Int, height: Int) {
    FrameRect.largest(box.keyframes.map(\.value))?.pictureSize ?? (width: 1, height: 1)
  }

  /// How `words` in `style` fit a picture of `room`, measured by the typesetter (and kept, so
  /// that the same words in the same style are measured once: a caption that repeats).
  mutating func measure(
    _ style: TextLayerSpec, words: String, emphasis: [TextEmphasis],
    room: (width: Int, height: Int)
  ) -> Result<TextFitPlan, TextFitFailure> {
    let overflow = style.overflow.value
    let request = Self.fitRequest(style, words: words, emphasis: emphasis, room: room)
    let result: Result<TextFitResult, TextFitFailure>
    if let known = measured[request] {
      result = known
    } else {
      result = texts.fit(request)
      measured[request] = result
    }
    return result.map { result in
      TextFitPlan(
        size: result.size, sizeMin: style.sizeMin?.value, maxLines: style.maxLines?.value,
        overflow: overflow, fits: result.fits, lineCount: result.lineCount,
        ellipsized: result.ellipsized ? result.text : nil)
    }
  }

  /// What decides how `words` in `style` fit a picture of `room`.
  static func fitRequest(
    _ style: TextLayerSpec, words: String, emphasis: [TextEmphasis],
    room: (width: Int, height: Int)
  ) -> TextFitRequest {
    TextFitRequest(
      text: words, emphasis: emphasis, font: style.font.value,
      lineSpacing: style.lineSpacing.value, padding: style.padding.value,
      outlineWidth: style.outline?.width.value, width: room.width, height: room.height,
      sizeMin: style.sizeMin?.value, maxLines: style.maxLines?.value,
      ellipsis: style.overflow.value == .ellipsis)
  }

  /// The fit of a text the typesetter could not measure (an error was reported).
  static func unmeasured(_ style: TextLayerSpec) -> TextFitPlan {
    TextFitPlan(
      size: 0, sizeMin: style.sizeMin?.value, maxLines: style.maxLines?.value,
      overflow: style.overflow.value, fits: false, lineCount: 0, ellipsized: nil)
  }

  /// `words` with `emphasis`, set in `style` in a picture of `room` as `fit` says.
  func textPlan(
    _ style: TextLayerSpec, words: String, emphasis: [TextEmphasis],
    room: (width: Int, height: Int), fit: TextFitPlan
  ) -> TextPlan {
    TextPlan(
      text: words, emphasis: emphasis, font: style.font.value,
      fontFamily: fonts[style.font.value]?.resolved ?? "", color: style.color.value,
      align: style.align.value, valign: style.valign.value,
      lineSpacing: style.lineSpacing.value, background: style.background?.value,
      padding: style.padding.value,
      outline: style.outline.map {
        OutlinePlan(width: $0.width.value, color: $0.color.value)
      }, pictureWidth: room.width, pictureHeight: room.height, fit: fit)
  }

  /// A text that does not fit: a warning that it is cut, or with `overflow: error` an error.
  /// The error is at the data cell the text came from when a batch row made it (that is what
  /// to shorten), with the project's line as a note.
  private mutating func reportOverflow(
    _ text: TextLayerSpec, layer: LayerSpec, room: (width: Int, height: Int), size: Double
  ) {
    let lines = text.maxLines.map { " in \($0.value) line\($0.value == 1 ? "" : "s")" } ?? ""
    let padding = text.padding.value > 0 ? " (padding \(text.padding.value))" : ""
    let what =
      "layer '\(layer.name.value)': the text does not fit its \(room.width)×\(room.height) box"
      + "\(padding)\(lines) at \(PlanTable.pixels(size)) px"
    let shrinkHelp =
      text.sizeMin == nil
      ? "give the layer size_min to let the font shrink, or overflow: ellipsis"
      : "shorten the text, lower size_min or make the box larger"
    switch text.overflow.value {
    case .error:
      let cell = text.text.substitutions.first { $0.origin != "variables" && $0.origin != "--set" }
      if let cell, let source = cell.source {
        diagnostics.append(
          .error(
            "text-does-not-fit", what + " (the text comes from '{{\(cell.name)}}')", at: source,
            notes: [.init("the text is set here", at: text.text.location)],
            help: shrinkHelp))
      } else {
        diagnostics.append(
          .error(
            "text-does-not-fit", what, at: text.text.location,
            notes: text.text.substitutionNotes, help: shrinkHelp))
      }
    case .clip, .ellipsis:
      diagnostics.append(
        .warning(
          "text-overflow", what + "; what falls outside is cut", at: text.text.location,
          notes: text.text.substitutionNotes, help: shrinkHelp))
    }
  }
}
