internal import CEspeakNG
import Foundation

/// espeak-ng's library, which is one per process: its voice, its parameters, its callback and
/// its buffers are global state, and it is not thread-safe. Every call into it goes through
/// `shared`, under one lock, for the whole of a synthesis (voice, rate, text, callback), so two
/// threads synthesizing at once get what each would alone, one after the other.
final class EspeakLibrary: @unchecked Sendable {
  /// The one library of the process, initialised on first use.
  static let shared = EspeakLibrary()

  private let lock = NSLock()
  // Set once under the lock: espeak_Initialize's result (the sample rate, or why it failed).
  private var initialised: Result<Int, SpeechError>?
  // The synthesis the callback is collecting into; only set while the lock is held, so the C
  // callback, which carries no context of ours, finds it here.
  nonisolated(unsafe) fileprivate static var collecting: SynthesisCollector?

  private init() {}

  /// Runs `body` with the library initialised and the lock held; `body` gets the sample rate.
  func withLibrary<T>(_ body: (Int) throws(SpeechError) -> T) throws(SpeechError) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(try initialise())
  }

  /// espeak-ng's version and the folder its voice data is read from.
  func info() throws(SpeechError) -> (version: String, dataPath: String) {
    try withLibrary { _ throws(SpeechError) in
      var path: UnsafePointer<CChar>?
      let version = espeak_Info(&path)
      guard let version, let path else {
        throw .libraryFailed(function: "espeak_Info", reason: "returned no version or path")
      }
      return (String(cString: version), String(cString: path))
    }
  }

  /// The names a voice can be chosen by, as `espeak-ng -v` takes them, sorted: each installed
  /// voice's language (`en-us`, `en-gb`, `fr-fr`) and its file's name (`en-us`, `en`, `fr`).
  func voiceNames() throws(SpeechError) -> [String] {
    try withLibrary { _ throws(SpeechError) in try Self.listVoices().names }
  }

  /// Every installed voice's names: its languages (`languages` is a priority byte, then a
  /// NUL-terminated name, repeated; the first is the one it is chosen by) and its file's name.
  private static func listVoices() throws(SpeechError) -> (names: [String], languages: Set<String>)
  {
    guard let list = espeak_ListVoices(nil) else {
      throw .libraryFailed(function: "espeak_ListVoices", reason: "returned NULL")
    }
    var names = Set<String>()
    var languages = Set<String>()
    var index = 0
    while let voice = list[index] {
      if let first = voice.pointee.languages, first[0] != 0 {
        let language = String(cString: first + 1).lowercased()
        languages.insert(language)
        names.insert(language)
      }
      if let identifier = voice.pointee.identifier {
        let file = String(cString: identifier).split(separator: "/").last.map(String.init) ?? ""
        if !file.isEmpty { names.insert(file.lowercased()) }
      }
      index += 1
    }
    return (names.sorted(), languages)
  }

  /// Chooses `voice` by its file's name, or else by its language (`en-gb`, whose file is
  /// `gmw/en`), as the `espeak-ng` command does; a name that is neither is an unknown voice,
  /// where the command would quietly pick the nearest language.
  private static func choose(voice: String) throws(SpeechError) {
    try checkVariant(of: voice)
    let byName = espeak_SetVoiceByName(voice)
    guard byName == EE_NOT_FOUND else {
      return try checkEspeak(byName, "espeak_SetVoiceByName")
    }
    guard try listVoices().languages.contains(voice.lowercased()) else {
      throw SpeechError.unknownVoice(voice, known: [], installed: 0)
    }
    let byLanguage = voice.withCString { language in
      var properties = espeak_VOICE()
      properties.languages = language
      return espeak_SetVoiceByProperties(&properties)
    }
    try checkEspeak(byLanguage, "espeak_SetVoiceByProperties")
  }

  /// Throws unless the variant after a `+` (`en-us+f3`) is a file of the data folder's
  /// `voices/!v`: espeak-ng quietly speaks an unknown variant with the plain voice, which would
  /// hide a typing mistake. (The voice name's characters are checked already: no `/`, no `.`.)
  private static func checkVariant(of voice: String) throws(SpeechError) {
    guard let plus = voice.firstIndex(of: "+") else { return }
    let variant = voice[voice.index(after: plus)...]
    var path: UnsafePointer<CChar>?
    _ = espeak_Info(&path)
    guard let path, !variant.isEmpty, !variant.contains("+"),
      FileManager.default.fileExists(atPath: String(cString: path) + "/voices/!v/" + variant)
    else {
      throw .unknownVoice(voice, known: [], installed: 0)
    }
  }

  /// Speaks `text` with `voice` at `wordsPerMinute`: the samples, and each word event's
  /// character position and sample. Stops with an error past `maximumSeconds` of speech.
  func synthesize(
    _ text: String, voice: String, wordsPerMinute: Int, maximumSeconds: Int
  ) throws(SpeechError) -> (samples: [Int16], events: [WordAlignment.Event], sampleRate: Int) {
    try withLibrary { sampleRate throws(SpeechError) in
      try Self.choose(voice: voice)
      try checkEspeak(
        espeak_SetParameter(espeakRATE, Int32(wordsPerMinute), 0), "espeak_SetParameter")
      let collector = SynthesisCollector(maximumSamples: maximumSeconds * sampleRate)
      Self.collecting = collector
      defer { Self.collecting = nil }
      espeak_SetSynthCallback(collectSynthesis)
      let flags = UInt32(espeakCHARS_UTF8) | UInt32(espeakENDPAUSE)
      // The size counts the terminating NUL, which the text cannot hold inside (checked).
      let result = text.withCString { characters in
        espeak_Synth(characters, text.utf8.count + 1, 0, POS_CHARACTER, 0, flags, nil, nil)
      }
      if collector.overflowed {
        throw .speechTooLong(limitSeconds: maximumSeconds)
      }
      try checkEspeak(result, "espeak_Synth")
      return (collector.samples, collector.events, sampleRate)
    }
  }

  private func initialise() throws(SpeechError) -> Int {
    if let initialised { return try initialised.get() }
    // Synchronous: samples come back through the callback before espeak_Synth returns, with no
    // thread or sound device of espeak-ng's. DONT_EXIT: a missing data folder is an error
    // returned, not the process ended.
    let rate = espeak_Initialize(
      AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT))
    let result: Result<Int, SpeechError> =
      rate > 0
      ? .success(Int(rate))
      : .failure(
        .libraryFailed(
          function: "espeak_Initialize",
          reason: "returned \(rate); is espeak-ng's data (espeak-ng-data) installed?"))
    initialised = result
    return try result.get()
  }
}

/// The samples and word events of the synthesis under way.
private final class SynthesisCollector {
  let maximumSamples: Int
  var samples: [Int16] = []
  var events: [WordAlignment.Event] = []
  var overflowed = false

  init(maximumSamples: Int) { self.maximumSamples = maximumSamples }
}

/// espeak-ng's callback: appends the samples and word events of one buffer; returns 1 (stop)
/// once the speech passes its limit.
private func collectSynthesis(
  _ wave: UnsafeMutablePointer<Int16>?, _ count: Int32,
  _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
  guard let collector = EspeakLibrary.collecting else { return 1 }
  if let events {
    var index = 0
    while events[index].type != espeakEVENT_LIST_TERMINATED {
      let event = events[index]
      if event.type == espeakEVENT_WORD {
        // `sample` is the exact sample the word starts at, counted from the start of this
        // synthesis; `audio_position` is the same in whole milliseconds.
        collector.events.append(
          WordAlignment.Event(
            characterPosition: Int(event.text_position), sample: Int(event.sample)))
      }
      index += 1
    }
  }
  if let wave, count > 0 {
    guard collector.samples.count + Int(count) <= collector.maximumSamples else {
      collector.overflowed = true
      return 1
    }
    collector.samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(count)))
  }
  return 0
}
