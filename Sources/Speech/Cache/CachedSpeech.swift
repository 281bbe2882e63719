public import Timeline

/// One word of cached speech: its text and when it is heard, exactly, on the WAV's clock.
public struct SpeechWord: Sendable, Equatable, Codable {
  /// The word as written.
  public var text: String
  /// Its start, in seconds from the WAV's first sample.
  public var start: Rational
  /// Its end (exclusive), after `start`.
  public var end: Rational

  /// A word.
  public init(text: String, start: Rational, end: Rational) {
    self.text = text
    self.start = start
    self.end = end
  }
}

/// What a maker puts in a cache entry besides its `speech.wav`: the speech's exact length and
/// its words.
public struct SpeechContent: Sendable, Equatable {
  /// The WAV's length in seconds, exactly.
  public var length: Rational
  /// The words heard in it, in order.
  public var words: [SpeechWord]

  /// Content.
  public init(length: Rational, words: [SpeechWord]) {
    self.length = length
    self.words = words
  }
}

/// Speech as the cache holds it: the WAV file every render reads, and its words on the same
/// clock.
public struct CachedSpeech: Sendable, Equatable {
  /// The request's key, which names the entry's folder.
  public var key: String
  /// The WAV file, never changed once made.
  public var wavPath: String
  /// Its length and words.
  public var content: SpeechContent
  /// Whether this run made it (rather than finding it made by an earlier one).
  public var wasMade: Bool

  /// Cached speech.
  public init(key: String, wavPath: String, content: SpeechContent, wasMade: Bool) {
    self.key = key
    self.wavPath = wavPath
    self.content = content
    self.wasMade = wasMade
  }
}

extension SynthesizedSpeech {
  /// The length and words of this speech, on its sample clock.
  public var content: SpeechContent {
    let rate = Int64(sampleRate)
    return SpeechContent(
      length: Rational(Int64(samples.count), rate),
      words: words.map {
        SpeechWord(
          text: $0.text, start: Rational(Int64($0.startSample), rate),
          end: Rational(Int64($0.endSample), rate))
      })
  }
}
