public import Diagnostics
public import Timeline

/// One word of a word-timed transcript, whatever file it came from: what it says, when it is
/// said on the file's own clock, and where it is written.
public struct TimedWord: Sendable, Equatable {
  /// The word as shown: no leading or trailing white space, never empty. Punctuation stays
  /// attached ("pizza." ends a sentence).
  public var text: String
  /// When it starts, in seconds on the file's clock: exact, as written (milliseconds, or
  /// decimal seconds, are kept as the fraction they say).
  public var start: Rational
  /// When it ends (exclusive); never before `start`.
  public var end: Rational
  /// Where the word is written in the transcript, for messages about it.
  public var location: SourceLocation
  /// Whether it is the last word of its cue or segment: a page ends after it.
  public var endsCue: Bool

  /// A word.
  public init(
    text: String, start: Rational, end: Rational, location: SourceLocation, endsCue: Bool = false
  ) {
    self.text = text
    self.start = start
    self.end = end
    self.location = location
    self.endsCue = endsCue
  }
}

/// The kinds of word-timed transcript a `captions` layer with `words` reads, recognised by
/// their content whatever the file's name.
public enum WordTranscriptFormat: String, Sendable, Equatable, CaseIterable {
  /// WhisperX JSON: `segments[].words[]` with `word`, `start`, `end` in seconds.
  case whisperX = "WhisperX JSON"
  /// whisper.cpp's full JSON (`-ojf`): `transcription[].tokens[]` with `offsets` in ms.
  case whisperCpp = "whisper.cpp JSON"
  /// A JSON array of `{ "text", "startMs", "endMs" }` objects.
  case timedTextArray = "JSON caption array"
  /// WebVTT whose cues carry inline timestamps.
  case webVTTWordTimes = "WebVTT with word times"
  /// SubRip, each cue's words spread over it by their characters.
  case subRipEstimated = "SubRip (word times estimated)"
  /// WebVTT without inline timestamps, spread likewise.
  case webVTTEstimated = "WebVTT (word times estimated)"
  /// The words of a `speak` track (`captions: voice`), timed by the engine that spoke them.
  case speech = "the words of a speak track"
}

/// What reading a word-timed transcript gave: its words in order, every problem at its own
/// line and column (warnings too: estimated or placed times), and the file's text for quoting.
public struct WordTranscriptRead: Sendable {
  /// The format it was recognised as; `nil` when it is none of them (an error says so).
  public var format: WordTranscriptFormat?
  /// The words in time order, each with exact times; empty when there are errors.
  public var words: [TimedWord]
  /// Every problem and warning, in file order.
  public var diagnostics: [Diagnostic]
  /// The file's text, for quoting the lines messages point at (lines joined by LF); `nil`
  /// when it could not be decoded.
  public var text: String?

  /// A read.
  public init(
    format: WordTranscriptFormat?, words: [TimedWord], diagnostics: [Diagnostic], text: String?
  ) {
    self.format = format
    self.words = words
    self.diagnostics = diagnostics
    self.text = text
  }
}
