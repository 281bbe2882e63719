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

  /// The language names of every installed voice (`en-us`, `fr`, …), which
  /// `espeak_SetVoiceByName` takes as `espeak-ng -v` does, sorted.
  func voiceNames() throws(SpeechError) -> [String] {
    try withLibrary { _ throws(SpeechError) in
      guard let list = espeak_ListVoices(nil) else {
        throw .libraryFailed(function: "espeak_ListVoices", reason: "returned NULL")
      }
      var names: [String] = []
      var index = 0
      while let voice = list[index] {
        // `languages` is a priority byte, then a NUL-terminated name, repeated: the first
        // name is the one the voice is chosen by.
        if let languages = voice.pointee.languages, languages[0] != 0 {
          names.append(String(cString: languages + 1))
        }
        index += 1
      }
      return Array(Set(names)).sorted()
    }
  }

  /// Speaks `text` with `voice` at `wordsPerMinute`: the samples, and each word event's
  /// character position and sample. Stops with an error past `maximumSeconds` of speech.
  func synthesize(
    _ text: String, voice: String, wordsPerMinute: Int, maximumSeconds: Int
  ) throws(SpeechError) -> (samples: [Int16], events: [WordAlignment.Event], sampleRate: Int) {
    try withLibrary { sampleRate throws(SpeechError) in
      let found = espeak_SetVoiceByName(voice)
      if found == EE_NOT_FOUND {
        throw SpeechError.unknownVoice(voice, known: [], installed: 0)
      }
      try checkEspeak(found, "espeak_SetVoiceByName")
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
