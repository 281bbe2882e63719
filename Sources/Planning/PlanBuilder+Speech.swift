import PlanValues
import ProjectFile
import RenderPlan

/// The plan's account of the `speak` tracks' speech, as the session made or found it.
extension PlanBuilder {
  /// One entry per track whose speech was made; `nil` when the project speaks nothing, so a
  /// plan without speech reads as it always has.
  func speechPlans() -> [SpeechPlan]? {
    let plans = spec.audioTracks.compactMap { track -> SpeechPlan? in
      guard let speech = track.speech, let made = speech.made else { return nil }
      var textFile: String?
      if case .file(let file) = speech.origin { textFile = ProjectPaths.display(file.value) }
      return SpeechPlan(
        track: track.name.value, location: PlanLocation(speech.text.location),
        engine: speech.engine.value, engineIdentity: made.engineIdentity, voice: speech.voice.value,
        rate: speech.rate.value,
        textFile: textFile, characters: speech.text.value.count, key: made.key,
        wav: made.wavPath, length: made.length, words: made.words.count,
        fromCache: !made.wasMade)
    }
    return plans.isEmpty ? nil : plans
  }
}
