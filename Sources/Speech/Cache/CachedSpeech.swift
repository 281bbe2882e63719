/// Speech as the cache holds it: the WAV file every render reads, and its words on the same
/// clock.
public struct CachedSpeech: Sendable, Equatable {
  /// The request's key, which names the entry's folder.
  public var key: String
  /// The WAV file (16-bit PCM), never changed once made.
  public var wavPath: String
  /// The WAV's sample rate.
  public var sampleRate: Int
  /// How many samples it holds: its length is `sampleCount / sampleRate` exactly.
  public var sampleCount: Int
  /// The words heard in it, in order.
  public var words: [SpokenWord]
  /// Whether this run made it (rather than finding it made by an earlier one).
  public var wasMade: Bool

  /// Cached speech.
  public init(
    key: String, wavPath: String, sampleRate: Int, sampleCount: Int, words: [SpokenWord],
    wasMade: Bool
  ) {
    self.key = key
    self.wavPath = wavPath
    self.sampleRate = sampleRate
    self.sampleCount = sampleCount
    self.words = words
    self.wasMade = wasMade
  }
}
