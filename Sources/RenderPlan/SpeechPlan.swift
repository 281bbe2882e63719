public import Timeline

/// A `speak` track's speech as the session made or found it: what was asked, the cached WAV
/// the track plays, and whether this run made it. Shown by `plan`; the render reads only the
/// WAV, through the track's `AudioStreamPlan`.
public struct SpeechPlan: Codable, Sendable, Equatable {
  /// The track's name.
  public var track: String
  /// Where its text is written.
  public var location: PlanLocation
  /// The engine's name: `espeak-ng`, or one declared under `engines:`.
  public var engine: String
  /// The engine's identity, as the cache key holds it (`espeak-ng 1.51 data sha256:…`, or a
  /// command's words and its files' hashes).
  public var engineIdentity: String
  /// The voice.
  public var voice: String
  /// The rate, 0.5 to 2.
  public var rate: Double
  /// The text file it speaks, as written, when it speaks one.
  public var textFile: String?
  /// How many characters the text has.
  public var characters: Int
  /// The cache key: SHA-256 of the engine, voice, rate and text.
  public var key: String
  /// The cached WAV file.
  public var wav: String
  /// Its length in seconds, exactly.
  public var length: Rational
  /// How many words the engine timed.
  public var words: Int
  /// Whether this run found it in the cache (false: made it). Not part of what a render
  /// depends on: `RenderFingerprint` leaves it out.
  public var fromCache: Bool

  /// Each property as given.
  public init(
    track: String, location: PlanLocation, engine: String, engineIdentity: String,
    voice: String, rate: Double,
    textFile: String?, characters: Int, key: String, wav: String, length: Rational, words: Int,
    fromCache: Bool
  ) {
    self.track = track
    self.location = location
    self.engine = engine
    self.engineIdentity = engineIdentity
    self.voice = voice
    self.rate = rate
    self.textFile = textFile
    self.characters = characters
    self.key = key
    self.wav = wav
    self.length = length
    self.words = words
    self.fromCache = fromCache
  }
}
