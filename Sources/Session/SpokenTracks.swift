import Diagnostics
import Foundation
import ProjectFile
import Speech
import Timeline

/// The build step before planning: the speech of every `speak` track, made once per key and
/// kept in the speech cache, or found there. Each track then plays its cached WAV like any
/// `source`, and a captions layer that names the track (`captions: voice`) gets its words.
///
/// `check` runs this too: the plan needs the speech's length, and a voice that does not exist
/// is best found before a render.
enum SpokenTracks {
  /// `spec` with its speech made: each `speak` track's source set to its WAV and its
  /// `speech.made` filled in, and the words given to the captions layers that show them; a
  /// track whose speech cannot be made is an error at the key to change.
  ///
  /// A command engine runs a program the project file chooses, so it runs only when the user
  /// says so (`allowEngines`, `--allow-engines`): a project may come from someone else (an
  /// upload to a render service), and reading it must not run its programs.
  static func make(_ spec: ProjectSpec, cache: SpeechCache, allowEngines: Bool)
    -> (ProjectSpec, [Diagnostic])
  {
    var spec = spec
    var diagnostics: [Diagnostic] = []
    var made: [String: MadeSpeech] = [:]
    for index in spec.audioTracks.indices {
      let track = spec.audioTracks[index]
      guard let speech = track.speech, !speech.text.value.isEmpty else { continue }
      // An engine whose declaration was wrong has its error already; nothing is made for it.
      guard
        speech.engine.value == SpeechSpec.builtInEngine
          || spec.engines.contains(where: { $0.name.value == speech.engine.value })
      else { continue }
      if let engine = spec.engines.first(where: { $0.name.value == speech.engine.value }),
        !allowEngines
      {
        diagnostics.append(
          .error(
            "engines-not-allowed",
            "audio track '\(track.name.value)': engine '\(engine.name.value)' runs the program "
              + "'\(engine.command[0].value)', and chromake runs a project's programs only when told to",
            at: speech.engine.location,
            notes: [
              .init("engine '\(engine.name.value)' is declared here", at: engine.name.location)
            ],
            help: "if you trust this project, add --allow-engines"))
        continue
      }
      if speech.engine.value != SpeechSpec.builtInEngine,
        let problem = CommandEngines.voiceProblem(speech.voice.value)
      {
        diagnostics.append(
          .error(
            "bad-voice", "audio track '\(track.name.value)': \(problem)",
            at: speech.voice.location, notes: speech.voice.substitutionNotes))
        continue
      }
      do {
        let speech = try self.speech(speech, in: spec, cache: cache)
        spec.audioTracks[index].speech?.made = speech
        spec.audioTracks[index].clip.source = Located(
          speech.wavPath, at: track.speech?.text.location ?? track.location)
        made[track.name.value] = speech
      } catch {
        diagnostics.append(diagnostic(error, track: track.name.value, speech: speech))
      }
    }
    spec = spec.mappingDrawnLayers { layer in
      guard case .captions(var captions) = layer.content, let track = captions.spokenBy,
        let speech = made[track.value]
      else { return layer }
      captions.transcript = speech.words
      var layer = layer
      layer.content = .captions(captions)
      return layer
    }
    return (spec, diagnostics)
  }

  /// The track's speech from the cache, made first when the cache has none for its key: by
  /// espeak-ng's library, or by running the engine's command.
  private static func speech(_ speech: SpeechSpec, in spec: ProjectSpec, cache: SpeechCache)
    throws -> MadeSpeech
  {
    let rate = try SpeechRate(speech.rate.value)
    let identity: String
    let cached: CachedSpeech
    if let engine = spec.engines.first(where: { $0.name.value == speech.engine.value }) {
      let program = try CommandEngines.program(engine, directory: spec.directory)
      identity = try CommandEngines.identity(
        engine, program: program, directory: spec.directory, voice: speech.voice.value,
        rate: CommandEngines.rateText(speech.rate.value))
      let request = SpeechRequest(
        engineIdentity: identity, voice: speech.voice.value, rate: rate, text: speech.text.value)
      cached = try cache.speech(forKey: request.key) { folder in
        try CommandEngines.make(
          speech, engine: engine, program: program, folder: folder, directory: spec.directory,
          fps: spec.output.fps.value)
      }
    } else {
      identity = try SpeechEngineIdentity.current().description
      let request = SpeechRequest(
        engineIdentity: identity, voice: speech.voice.value, rate: rate, text: speech.text.value)
      cached = try cache.speech(for: request) {
        try SpeechSynthesizer.synthesize(speech.text.value, voice: speech.voice.value, rate: rate)
          .trimmingTrailingSilence()
      }
    }
    let words = cached.content.words.map { word in
      TimedWord(
        text: word.text, start: word.start, end: word.end, location: speech.text.location)
    }
    return MadeSpeech(
      key: cached.key, engineIdentity: identity, wavPath: cached.wavPath,
      length: cached.content.length, words: words, wasMade: cached.wasMade)
  }

  /// The error at the key the user would change: the voice for an unknown voice, the rate for
  /// a rate, the text for the rest.
  private static func diagnostic(_ error: any Error, track: String, speech: SpeechSpec)
    -> Diagnostic
  {
    let subject = "audio track '\(track)'"
    switch error {
    case SpeechError.unknownVoice, SpeechError.invalidVoiceName:
      return .error(
        "unknown-voice", "\(subject): \(error)", at: speech.voice.location,
        notes: speech.voice.substitutionNotes,
        help: "`espeak-ng --voices` lists every voice; a language code such as en-us or fr works")
    case SpeechError.invalidRate:
      return .error("bad-rate", "\(subject): \(error)", at: speech.rate.location)
    case let failure as CommandEngines.Failure:
      return .error(
        "engine-failed", "\(subject): \(failure.message)", at: speech.engine.location,
        notes: failure.notes + speech.text.substitutionNotes, help: failure.help)
    case let cacheError as SpeechCacheError:
      return .error(
        "speech-cache-unwritable", "\(subject): \(cacheError)", at: speech.text.location,
        help: "speech is kept in $XDG_CACHE_HOME/chromake/speech (~/.cache/chromake/speech); "
          + "point XDG_CACHE_HOME at a folder you can write")
    default:
      return .error(
        "speech-failed", "\(subject): the speech cannot be made: \(error)",
        at: speech.text.location, notes: speech.text.substitutionNotes)
    }
  }
}
