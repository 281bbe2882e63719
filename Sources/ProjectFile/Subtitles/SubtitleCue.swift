public import Diagnostics
public import PlanValues
public import Timeline

/// One cue of a subtitle file: when it shows, on the file's own clock, and what it says.
public struct SubtitleCue: Sendable, Equatable {
  /// When it starts showing, in seconds: exact, since the file counts milliseconds.
  public var start: Rational
  /// When it stops showing (exclusive).
  public var end: Rational
  /// The words, line breaks kept, tags removed and character references decoded: shown as
  /// written, never read as markup.
  public var text: String
  /// The spans of `text` its `<b>`, `<i>` and `<u>` tags set.
  public var emphasis: [TextEmphasis]
  /// Its timing line in the subtitle file, for messages about it.
  public var location: SourceLocation
  /// WebVTT's timestamp tags in its text, for the word-caption reader (a cue shows none).
  var inlineTimestamps: [CueInlineTimestamp] = []

  /// A cue.
  public init(
    start: Rational, end: Rational, text: String, emphasis: [TextEmphasis] = [],
    location: SourceLocation
  ) {
    self.start = start
    self.end = end
    self.text = text
    self.emphasis = emphasis
    self.location = location
  }
}

/// The two subtitle formats a `captions` layer reads.
public enum SubtitleFormat: String, Sendable, Equatable {
  /// SubRip, `.srt`.
  case subRip = "SubRip"
  /// WebVTT, `.vtt`.
  case webVTT = "WebVTT"

  /// The format a file's name says, if it says one (`.srt` or `.vtt`, in any case).
  public init?(fileName: String) {
    let lowered = fileName.lowercased()
    if lowered.hasSuffix(".srt") {
      self = .subRip
    } else if lowered.hasSuffix(".vtt") {
      self = .webVTT
    } else {
      return nil
    }
  }
}
