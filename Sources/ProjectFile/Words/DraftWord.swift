import Diagnostics
import Timeline

/// A word as a reader found it, before words without times are placed and the order is
/// checked: its times are those written, if any.
struct DraftWord {
  /// The word, trimmed, never empty.
  var text: String
  var start: Rational?
  var end: Rational?
  /// Where the word is written; its start and end where those are, for messages about them.
  var location: SourceLocation
  var startLocation: SourceLocation
  var endLocation: SourceLocation
  /// Which cue or segment of the file it belongs to (they are numbered in file order).
  var cue: Int
  /// The times of its cue or segment, when the file gives them: a word placed without times
  /// stays inside them.
  var cueStart: Rational?
  var cueEnd: Rational?
  /// Whether it ends its cue.
  var endsCue = false

  init(
    text: String, start: Rational?, end: Rational?, location: SourceLocation,
    startLocation: SourceLocation? = nil, endLocation: SourceLocation? = nil, cue: Int,
    cueStart: Rational? = nil, cueEnd: Rational? = nil
  ) {
    self.text = text
    self.start = start
    self.end = end
    self.location = location
    self.startLocation = startLocation ?? location
    self.endLocation = endLocation ?? location
    self.cue = cue
    self.cueStart = cueStart
    self.cueEnd = cueEnd
  }

  /// Whether the file gives both its times.
  var isTimed: Bool { start != nil && end != nil }
}

extension Array where Element == DraftWord {
  /// Marks the last word as the end of its cue, when it belongs to cue `cue` (a cue whose
  /// words were all empty has none).
  mutating func endCue(_ cue: Int) {
    guard let last = indices.last, self[last].cue == cue else { return }
    self[last].endsCue = true
  }
}
