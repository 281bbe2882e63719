import Diagnostics
import PlanValues
import ProjectFile

/// What `check` says about characters no installed font draws (PROJECT-FORMAT.md, "Missing
/// glyphs"): a warning at the text's line, or for captions at the first cue's line in the
/// subtitle file with how many more cues have some, naming the characters and the packages
/// whose fonts would draw them. The typesetter finds them while measuring the text, so the
/// warning costs nothing more than the fit already did.
extension PlanBuilder {
  /// The characters no installed font draws in `words` set in `style` in a picture of `room`,
  /// from the measurement `measure` made and kept (so call it after `measure`): each once, in
  /// the order of the words; none when the words were not measured or could not be.
  func missingCharacters(
    _ style: TextLayerSpec, words: String, emphasis: [TextEmphasis],
    room: (width: Int, height: Int)
  ) -> [Unicode.Scalar] {
    let request = Self.fitRequest(style, words: words, emphasis: emphasis, room: room)
    guard case .success(let result)? = measured[request] else { return [] }
    return result.missingCharacters
  }

  /// A text layer's warning, at its `text:`, for the words as measured in `room`.
  mutating func reportMissingGlyphs(
    _ text: TextLayerSpec, layer: LayerSpec, room: (width: Int, height: Int)
  ) {
    var missing = MissingGlyphs()
    missing.add(
      missingCharacters(text, words: text.text.value, emphasis: [], room: room),
      at: text.text.location)
    if let warning = missing.warning(
      owner: "layer '\(layer.name.value)'", notes: text.text.substitutionNotes)
    {
      diagnostics.append(warning)
    }
  }

  /// Adds to `missing` the characters a captions page lacks, set as `words` from `cues` (one
  /// cue, or several stacked), each at the line of the cue whose text has it.
  func gatherMissingGlyphs(
    into missing: inout MissingGlyphs, cues: [SubtitleCue], style: TextLayerSpec,
    words: String, emphasis: [TextEmphasis], room: (width: Int, height: Int)
  ) {
    let found = missingCharacters(style, words: words, emphasis: emphasis, room: room)
    guard !found.isEmpty else { return }
    for cue in cues {
      let own = Set(cue.text.unicodeScalars)
      missing.add(found.filter { own.contains($0) }, at: cue.location)
    }
  }

  /// A captions layer's one warning, at its first cue with characters no font draws.
  mutating func reportMissingGlyphs(
    _ missing: MissingGlyphs, captions: CaptionsLayerSpec, layer: LayerSpec
  ) {
    if let warning = missing.warning(
      owner: "layer '\(layer.name.value)'", place: "cue", notes: Self.fileNotes(captions))
    {
      diagnostics.append(warning)
    }
  }
}
