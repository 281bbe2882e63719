public import Timeline

/// The keys of an audio track spoken from text (`speak:`): what is said, by which engine, in
/// which voice and how fast. The session turns it into a WAV file in the speech cache before
/// planning, and the track then plays that file like any `source`.
public struct SpeechSpec: Sendable {
  /// Where the text comes from.
  public enum Origin: Sendable {
    /// Written in the project, or put there by a placeholder (`speak: "{{script}}"`).
    case value
    /// Read from a text file (`speak: { file: script.txt }`), path as written.
    case file(Located<String>)
  }

  /// The text spoken, located where it was written (the file's path, for a file).
  public var text: Located<String>
  /// Where the text came from.
  public var origin: Origin
  /// The engine's voice (default `en-us`).
  public var voice: Located<String>
  /// How fast, 0.5 to 2 (default 1).
  public var rate: Located<Double>
  /// The engine: `espeak-ng`, built in (the default), or a name under `engines:`.
  public var engine: Located<String>
  /// The WAV file and words made from this text, once the session has made or found them.
  public var made: MadeSpeech?

  /// The built-in engine's name.
  public static let builtInEngine = "espeak-ng"
  /// The voice used when none is given.
  public static let defaultVoice = "en-us"
}

/// What the session made of a `speak` track: the cached WAV and its words, and whether this
/// run made it or found it in the cache.
public struct MadeSpeech: Sendable {
  /// The cache key (engine identity, voice, rate, text).
  public var key: String
  /// The engine's identity as the key holds it.
  public var engineIdentity: String
  /// The cached WAV file.
  public var wavPath: String
  /// Its length in seconds, exactly.
  public var length: Rational
  /// The words, timed exactly on the WAV's clock, located at the track's text.
  public var words: [TimedWord]
  /// Whether this run made it (false: found in the cache).
  public var wasMade: Bool

  /// Made speech.
  public init(
    key: String, engineIdentity: String, wavPath: String, length: Rational, words: [TimedWord],
    wasMade: Bool
  ) {
    self.key = key
    self.engineIdentity = engineIdentity
    self.wavPath = wavPath
    self.length = length
    self.words = words
    self.wasMade = wasMade
  }
}

/// A speech engine declared under `engines:`: a command run without a shell, the text on its
/// standard input, writing the speech to `{wav}` (and word timings, when `words` is given).
public struct EngineSpec: Sendable {
  /// Its name, as `engine:` names it.
  public var name: Located<String>
  /// The program and its arguments, with `{voice}`, `{rate}`, `{wav}` and `{words}` still in
  /// them; the first is the program, found on `PATH` unless it holds a `/` (then from the
  /// project's folder).
  public var command: [Located<String>]
  /// That the engine writes word timings (any word-timed transcript format) to `{words}`, a
  /// path chromake chooses and the command is given. `nil`: the engine times no words.
  public var words: Located<String>?
  /// How long one synthesis may take before it is stopped and is an error.
  public var timeout: Located<TimeValue>

  /// The placeholders a command may hold.
  public static let placeholders = ["voice", "rate", "wav", "words"]
  /// The timeout when none is given: generous for a neural engine on a CPU.
  public static let defaultTimeoutSeconds: Int64 = 300
  /// The longest timeout: an hour (the speech cache clears what a killed engine left after a
  /// day, so no engine may run that long).
  public static let longestTimeoutSeconds: Int64 = 3600
}
