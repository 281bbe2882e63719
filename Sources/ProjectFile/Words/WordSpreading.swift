import Timeline

/// Shares a span of time among words in proportion to their characters: how a cue's words are
/// timed when the file gives only the cue's times, and how words without times are placed
/// between their neighbours.
enum WordSpreading {
  /// The times of `words` laid end to end over `start` to `end`, each taking its share of the
  /// span by `WordText.weight`. When `end` is not after `start`, every word gets `start`.
  static func spread(_ words: [String], from start: Rational, to end: Rational)
    -> [(start: Rational, end: Rational)]
  {
    let total = words.reduce(0) { $0 + WordText.weight($1) }
    guard end > start, total > 0 else { return words.map { _ in (start, start) } }
    let span = end - start
    var done = 0
    return words.map { word in
      let from = start + span * Rational(Int64(done), Int64(total))
      done += WordText.weight(word)
      // The last word ends exactly at `end`, whatever the rounding of the shares.
      let to = done == total ? end : start + span * Rational(Int64(done), Int64(total))
      return (from, to)
    }
  }
}
