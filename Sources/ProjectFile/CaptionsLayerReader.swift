import Diagnostics
import Foundation
import PlanValues
import Yams

/// Reads the keys of a `captions` layer, and later, once the path rules have allowed its file,
/// the subtitle file itself.
extension ReadContext {
  /// `captions: FILE.srt` (or `.vtt`) and the keys of a text layer, which every cue is set
  /// with; unlike a text layer's, they are centred at the bottom unless `align` or `valign`
  /// say otherwise, where captions go. The file is read by `readCaptionFiles`, after the path
  /// rules.
  func readCaptionsLayer(_ map: MappingReader, subject: String, room: TextRoom?)
    -> CaptionsLayerSpec?
  {
    let file = map.value("captions").flatMap { path($0, what: "captions") }
    // Word captions hold their page in each of three looks and the frame drawn from them: four
    // pictures the size of the box, counted against the project's budget for text pictures.
    let style = readTextStyle(
      map, text: Located("", at: file?.location ?? map.location), subject: subject, room: room,
      defaultAlign: .center, defaultVerticalAlign: .bottom,
      pictures: map.value("words") == nil ? 1 : 4)
    let words = map.value("words").flatMap { readWordCaptions($0, subject: subject) }
    guard let file else { return nil }
    if let words {
      // A transcript is recognised by what it holds, whatever its name; the format here is
      // only the name's guess, for messages before it is read.
      var spec = CaptionsLayerSpec(
        file: file, format: SubtitleFormat(fileName: file.value) ?? .subRip, style: style)
      spec.words = words
      return spec
    }
    guard let format = SubtitleFormat(fileName: file.value) else {
      error(
        "unknown-subtitle-format",
        "captions '\(file.value)' is neither SubRip (.srt) nor WebVTT (.vtt)",
        at: file.location, notes: file.substitutionNotes,
        help: "name the subtitle file .srt or .vtt; convert others first, for example "
          + "ffmpeg -i subs.ass subs.srt")
      return nil
    }
    return CaptionsLayerSpec(file: file, format: format, style: style)
  }

  /// Reads the subtitle file of every captions layer of `spec`: its cues join the layer, its
  /// problems are reported at their lines in the file with the project's line as a note, and
  /// its text is kept for quoting them.
  func readCaptionFiles(_ spec: ProjectSpec) -> ProjectSpec {
    spec.mappingDrawnLayers { layer in
      guard case .captions(var captions) = layer.content, !captions.file.value.isEmpty else {
        return layer
      }
      if captions.words != nil {
        if !speechWords(&captions, spec: spec) {
          readTranscript(&captions, directory: spec.directory)
        }
      } else {
        readCues(&captions, directory: spec.directory)
      }
      var layer = layer
      layer.content = .captions(captions)
      return layer
    }
  }

  /// Reads the file into `captions.cues`, and its format as read (a file that starts `WEBVTT`
  /// is WebVTT whatever its name) into `captions.format`.
  private func readCues(_ captions: inout CaptionsLayerSpec, directory: String) {
    let resolved = ProjectPaths.resolve(captions.file.value, in: directory)
    guard let (bytes, shown) = captionBytes(captions.file, resolved: resolved, what: "subtitles")
    else { return }
    let read = SubtitleReader.read(bytes: bytes, file: shown, format: captions.format)
    reportFileProblems(read.diagnostics, text: read.text, in: shown, named: captions.file)
    captions.format = read.format
    captions.cues = read.diagnostics.hasErrors ? [] : read.cues
  }

  /// Whether the layer's `captions:` names one of the project's `speak` tracks (then its
  /// words come from the speech the session makes): a name that is also a file is an error
  /// asking which is meant. A track left out by its `when` leaves the layer without words.
  private func speechWords(_ captions: inout CaptionsLayerSpec, spec: ProjectSpec) -> Bool {
    let name = captions.file.value
    let spoken = spec.audioTracks.contains { $0.speech != nil && $0.name.value == name }
    let leftOut = leftOutNames.contains { $0.value == name }
    guard spoken || leftOut else { return false }
    let resolved = ProjectPaths.resolve(name, in: spec.directory)
    if FileManager.default.fileExists(atPath: resolved) {
      error(
        "ambiguous-captions",
        "captions '\(name)' is both a speak track of this project and a file beside it",
        at: captions.file.location, notes: captions.file.substitutionNotes,
        help: "rename the track, or write the file's path as ./\(name)")
    }
    captions.spokenBy = captions.file
    captions.transcriptFormat = .speech
    return true
  }

  /// Reads the file as a word-timed transcript into `captions.transcript`; a file another
  /// layer has read is not read again, nor its problems said twice.
  private func readTranscript(_ captions: inout CaptionsLayerSpec, directory: String) {
    let resolved = ProjectPaths.resolve(captions.file.value, in: directory)
    let read: WordTranscriptRead
    if let known = transcripts[resolved] {
      read = known
    } else {
      guard
        let (bytes, shown) = captionBytes(captions.file, resolved: resolved, what: "transcript")
      else { return }
      read = WordTranscriptReader.read(bytes: bytes, file: shown)
      transcripts[resolved] = read
      reportFileProblems(read.diagnostics, text: read.text, in: shown, named: captions.file)
    }
    captions.transcriptFormat = read.format
    captions.transcript = read.diagnostics.hasErrors ? [] : read.words
  }

  /// The bytes of a captions layer's file, within the limit on subtitle files, and the name
  /// messages give it; `nil` after an error at the project's line (`what` names the codes:
  /// `subtitles-too-large`, `unreadable-transcript`).
  private func captionBytes(_ file: Located<String>, resolved: String, what: String)
    -> (bytes: [UInt8], shown: String)?
  {
    switch ProjectFileBytes.contents(
      of: resolved, limit: ProjectLimits.subtitleBytes,
      what: what == "subtitles" ? "subtitle file" : what)
    {
    case .success(let bytes): return (bytes, subtitleDisplayName(resolved))
    case .failure(let problem):
      error(
        problem.isTooLarge ? "\(what)-too-large" : "unreadable-\(what)",
        "captions '\(file.value)': \(problem.message)", at: file.location,
        notes: file.substitutionNotes)
      return nil
    }
  }

  /// Reports a file's problems at their lines in it, with the project's line as a note, and
  /// keeps its text for quoting them.
  private func reportFileProblems(
    _ diagnostics: [Diagnostic], text: String?, in shown: String, named file: Located<String>
  ) {
    if let text { subtitleTexts[shown] = text }
    let named = [Diagnostic.Note("the file is named here", at: file.location)]
    for diagnostic in diagnostics {
      var located = diagnostic
      located.notes += named + file.substitutionNotes
      report(located)
    }
  }

  /// The name messages give a subtitle file (or a look's `.cube` file): its path from the folder the command runs in
  /// (`ads/media/en.srt` for `chromake check ads/ad.yaml`), which opens from there; its
  /// absolute path when it lies elsewhere.
  func subtitleDisplayName(_ resolved: String) -> String {
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .standardizedFileURL.path
    let prefix = here.hasSuffix("/") ? here : here + "/"
    return resolved.hasPrefix(prefix) ? String(resolved.dropFirst(prefix.count)) : resolved
  }
}
