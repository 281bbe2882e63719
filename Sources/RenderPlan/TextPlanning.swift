import Diagnostics
import PlanValues
import ProjectFile

/// A text layer's plan: its picture's size (the box's, or its largest when it moves or grows),
/// and the size the text is set at, measured by the typesetter so that a text which cannot fit
/// is reported while planning, before anything renders.
extension PlanBuilder {
  mutating func textPlan(_ text: TextLayerSpec, layer: LayerSpec, box: Animated<FrameRect>)
    -> TextPlan
  {
    let font = fonts[text.font.value]
    let room = FrameRect.largest(box.keyframes.map(\.value))?.pictureSize ?? (width: 1, height: 1)
    let overflow = text.overflow.value
    let request = TextFitRequest(
      text: text.text.value, font: text.font.value, lineSpacing: text.lineSpacing.value,
      padding: text.padding.value, outlineWidth: text.outline?.width.value, width: room.width,
      height: room.height, sizeMin: text.sizeMin?.value, maxLines: text.maxLines?.value,
      ellipsis: overflow == .ellipsis)
    let fit: TextFitPlan
    switch texts.fit(request) {
    case .success(let result):
      fit = TextFitPlan(
        size: result.size, sizeMin: text.sizeMin?.value, maxLines: text.maxLines?.value,
        overflow: overflow, fits: result.fits, lineCount: result.lineCount,
        ellipsized: result.ellipsized ? result.text : nil)
      if !result.fits { reportOverflow(text, layer: layer, room: room, size: result.size) }
    case .failure(let failure):
      diagnostics.append(
        .error(
          "cannot-typeset", "layer '\(layer.name.value)': \(failure.message)",
          at: text.font.location, notes: text.font.substitutionNotes))
      fit = TextFitPlan(
        size: 0, sizeMin: text.sizeMin?.value, maxLines: text.maxLines?.value,
        overflow: overflow, fits: false, lineCount: 0, ellipsized: nil)
    }
    return TextPlan(
      text: text.text.value, font: text.font.value,
      fontFamily: font?.resolved ?? "", color: text.color.value,
      align: text.align.value, valign: text.valign.value, lineSpacing: text.lineSpacing.value,
      background: text.background?.value, padding: text.padding.value,
      outline: text.outline.map {
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
