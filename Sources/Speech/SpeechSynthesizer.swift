/// Speech from text with espeak-ng's library: samples at espeak-ng's rate and the words heard
/// in them (docs/ARCHITECTURE.md, "Voice and words").
///
/// Safe to call from any thread: calls are serialised, one synthesis at a time per process
/// (`EspeakLibrary`), because the library keeps its voice and parameters globally.
///
/// Not byte-for-byte deterministic within a process: espeak-ng 1.51's wave generator keeps
/// state from one synthesis to the next in function-level statics (the phase of its pitch
/// flutter, the wave's phase, its gain control), which no call resets, and re-initialising the
/// library hangs in 1.51. The same text, voice and rate give the same words and a length
/// within a few percent (0.4 % in a loop, 2 % seen after other syntheses), but samples that
/// differ with what was spoken before; the first synthesis of a process is byte for byte the
/// `espeak-ng` command's (which is one process per text). Byte-stable speech comes from the
/// cache (docs/ARCHITECTURE.md, "Voice and words"): made once per key, never made again.
public enum SpeechSynthesizer {
  /// Speaks `text` with the espeak-ng voice `voice` (`en-us`, `fr`, `en-us+f3`) at `rate`.
  ///
  /// Checked first, before the library sees anything: the text's size
  /// (`SpeechLimits.maximumTextBytes`), control characters in it (a NUL would cut the text
  /// espeak-ng reads short), and the voice name; an unknown voice is an error naming some
  /// installed ones. Empty or blank text is speech with no words (espeak-ng's closing pause).
  public static func synthesize(
    _ text: String, voice: String, rate: SpeechRate = .normal
  ) throws(SpeechError) -> SynthesizedSpeech {
    try check(text)
    try check(voice: voice)
    let library = EspeakLibrary.shared
    let made: (samples: [Int16], events: [WordAlignment.Event], sampleRate: Int)
    do {
      made = try library.synthesize(
        text, voice: voice, wordsPerMinute: rate.wordsPerMinute,
        maximumSeconds: SpeechLimits.maximumSeconds)
    } catch .unknownVoice {
      throw unknownVoice(voice)
    }
    return SynthesizedSpeech(
      sampleRate: made.sampleRate, samples: made.samples,
      words: WordAlignment.words(text: text, events: made.events, samples: made.samples))
  }

  /// The names of the installed voices (`en-us`, `fr`, …), sorted.
  public static func voices() throws(SpeechError) -> [String] {
    try EspeakLibrary.shared.voiceNames()
  }

  static func check(_ text: String) throws(SpeechError) {
    let bytes = text.utf8.count
    guard bytes <= SpeechLimits.maximumTextBytes else {
      throw .textTooLong(bytes: bytes, limit: SpeechLimits.maximumTextBytes)
    }
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      let value = scalar.value
      let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
      if isControl, value != 0x09, value != 0x0A, value != 0x0D {
        throw .controlCharacter(scalar: value, offset: offset)
      }
    }
  }

  static func check(voice: String) throws(SpeechError) {
    let allowed = voice.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F || byte == 0x2B
    }
    guard allowed, !voice.isEmpty, voice.utf8.count <= SpeechLimits.maximumVoiceNameBytes else {
      throw .invalidVoiceName(voice)
    }
  }

  /// The error for an unknown voice, naming up to eight installed voices: those of the same
  /// language first (`en-xx` lists the English ones), then the rest in order.
  static func unknownVoice(_ voice: String) -> SpeechError {
    let installed = (try? voices()) ?? []
    let language = voice.split(separator: "-").first.map(String.init) ?? voice
    let near = installed.filter { $0 == language || $0.hasPrefix(language + "-") }
    let known = Array((near + installed.filter { !near.contains($0) }).prefix(8))
    return .unknownVoice(voice, known: known, installed: installed.count)
  }
}
