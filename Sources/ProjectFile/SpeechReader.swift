import Diagnostics
import Foundation
import PlanValues
import Yams

/// Reads the `speak` keys of an audio track, and later, once the path rules have allowed it,
/// the text file a track speaks.
extension ReadContext {
  /// `speak: TEXT` or `speak: { file: PATH }`, with `voice`, `rate` and `engine`; `nil` for a
  /// track without `speak` (then those three keys are errors) or one whose keys are wrong.
  func readSpeech(_ map: MappingReader, subject: String) -> SpeechSpec? {
    guard let node = map.value("speak") else {
      for key in ["voice", "rate", "engine"] {
        if let misplaced = map.value(key) {
          error(
            "speech-key-without-speak", "\(subject): '\(key)' is for speech, and it has no 'speak'",
            at: location(of: misplaced), help: "add the text to say: speak: \"Hello\"")
        }
      }
      return nil
    }
    if let source = map.value("source") {
      error(
        "source-and-speak", "\(subject) has both 'source' and 'speak'; it plays one or the other",
        at: location(of: source),
        help: "remove 'source' to speak the text, or 'speak' to play the file")
    }
    let here = location(of: node)
    let voice =
      map.value("voice").flatMap { nonEmptyString($0, what: "a voice", example: "en-us") }
      ?? Located(SpeechSpec.defaultVoice, at: here)
    let rate =
      map.value("rate").flatMap { number($0, what: "rate", in: 0.5...2) }
      ?? Located(1, at: here)
    let engine =
      map.value("engine").flatMap { nonEmptyString($0, what: "an engine", example: "espeak-ng") }
      ?? Located(SpeechSpec.builtInEngine, at: here)
    let engines = [SpeechSpec.builtInEngine] + engineNames
    if !engines.contains(engine.value) {
      error(
        "unknown-engine", "\(subject): there is no speech engine '\(engine.value)'",
        at: engine.location, notes: engine.substitutionNotes,
        help: Suggestions.help(for: engine.value, among: engines)
          ?? "the engines are espeak-ng (built in) and those declared under engines:")
    }
    if case .mapping = node {
      guard
        let file = MappingReader(node, subject: "speak of \(subject)", keys: ["file"], in: self),
        let path = file.required("file", help: "speak: { file: script.txt }").flatMap({
          self.path($0, what: "speak file")
        })
      else { return nil }
      return SpeechSpec(
        text: Located("", at: path.location), origin: .file(path), voice: voice, rate: rate,
        engine: engine)
    }
    guard let written = scalarText(node, expected: "the text to speak", example: "\"Hello\"")
    else { return nil }
    guard
      let text = speechText(
        written.text, subject: subject, at: written.location, notes: written.substitutionNotes)
    else { return nil }
    var located = written.located
    located.value = text
    return SpeechSpec(text: located, origin: .value, voice: voice, rate: rate, engine: engine)
  }

  /// The text as spoken (white space at either end dropped, which no engine says), or `nil`
  /// with an error when there is nothing to say or too much.
  private func speechText(
    _ text: String, subject: String, at location: SourceLocation, notes: [Diagnostic.Note]
  ) -> String? {
    let trimmed = text.trimmingWhitespace()
    guard !trimmed.isEmpty else {
      error(
        "nothing-to-speak", "\(subject): the text to speak is empty", at: location,
        notes: notes,
        help: "a track that says nothing can be left out with when: false")
      return nil
    }
    let bytes = trimmed.utf8.count
    guard bytes <= ProjectLimits.speechTextBytes else {
      error(
        "speech-text-too-long",
        "\(subject): the text to speak is \(bytes) bytes long; at most "
          + "\(ProjectLimits.speechTextBytes) are spoken at once",
        at: location, notes: notes, help: "split it over several tracks")
      return nil
    }
    return String(trimmed)
  }

  /// Reads the text file of every track that speaks one (after the path rules allowed it).
  func readSpeechFiles(_ spec: ProjectSpec) -> ProjectSpec {
    var spec = spec
    spec.audioTracks = spec.audioTracks.map { track in
      guard var speech = track.speech, case .file(let file) = speech.origin, !file.value.isEmpty
      else { return track }
      let resolved = ProjectPaths.resolve(file.value, in: spec.directory)
      var track = track
      switch ProjectFileBytes.contents(
        of: resolved, limit: ProjectLimits.speechTextBytes, what: "speech text file")
      {
      case .success(let bytes):
        guard let text = String(validating: bytes, as: UTF8.self) else {
          error(
            "unreadable-speech-file", "speak file '\(file.value)' is not UTF-8 text",
            at: file.location, notes: file.substitutionNotes)
          track.speech = nil
          return track
        }
        let subject = "audio track '\(track.name.value)'"
        guard
          let spoken = speechText(
            text, subject: subject, at: file.location, notes: file.substitutionNotes)
        else {
          track.speech = nil
          return track
        }
        speech.text.value = spoken
      case .failure(let problem):
        error(
          problem.isTooLarge ? "speech-text-too-long" : "unreadable-speech-file",
          problem.isTooLarge
            ? "speak file '\(file.value)' is larger than \(ProjectLimits.speechTextBytes) bytes, the most spoken at once"
            : "speak file '\(file.value)': \(problem.message)",
          at: file.location, notes: file.substitutionNotes)
        track.speech = nil
        return track
      }
      track.speech = speech
      return track
    }
    return boundedSpeech(spec)
  }

  /// The spec with every track past the limit on speech in all left unspoken, and an error at
  /// the first that crosses it.
  private func boundedSpeech(_ spec: ProjectSpec) -> ProjectSpec {
    var spec = spec
    var total = 0
    for index in spec.audioTracks.indices {
      guard let speech = spec.audioTracks[index].speech else { continue }
      total += speech.text.value.utf8.count
      guard total > ProjectLimits.speechTextBytesInAll else { continue }
      if total - speech.text.value.utf8.count <= ProjectLimits.speechTextBytesInAll {
        error(
          "speech-text-too-long",
          "the speak tracks say \(total) bytes of text up to this one; at most "
            + "\(ProjectLimits.speechTextBytesInAll) are spoken in one project",
          at: speech.text.location, notes: speech.text.substitutionNotes)
      }
      spec.audioTracks[index].speech = nil
    }
    return spec
  }
}
