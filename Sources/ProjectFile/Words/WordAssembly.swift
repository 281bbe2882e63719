import Diagnostics
import Timeline

/// Turns the words a reader found into the transcript's words: words without times placed
/// between their neighbours, then every word checked (its end not before its start, its start
/// not before the previous word's), each problem at the word.
enum WordAssembly {
  /// The words, or the problems (`words` empty when there is an error); `untimedNote` says,
  /// in the warning about words without times, what leaves them so.
  static func assemble(_ drafts: [DraftWord], untimedNote: String)
    -> (words: [TimedWord], diagnostics: [Diagnostic])
  {
    var diagnostics: [Diagnostic] = []
    let placed = place(drafts, untimedNote: untimedNote, diagnostics: &diagnostics)
    var words: [TimedWord] = []
    words.reserveCapacity(placed.count)
    var previous: TimedWord?
    for draft in placed {
      guard let start = draft.start, let end = draft.end else { continue }
      if end < start {
        diagnostics.append(
          .error(
            "word-ends-before-start",
            "'\(LocatedJSONParser.quoted(draft.text))' ends at \(seconds(end)) s, before it "
              + "starts at \(seconds(start)) s",
            at: draft.endLocation,
            help: "a word's end is at or after its start; are the two times swapped?"))
      }
      if let previous, start < previous.start {
        diagnostics.append(
          .error(
            "word-out-of-order",
            "'\(LocatedJSONParser.quoted(draft.text))' starts at \(seconds(start)) s, before "
              + "the word before it ('\(LocatedJSONParser.quoted(previous.text))', at "
              + "\(seconds(previous.start)) s)",
            at: draft.startLocation,
            help: "a transcript's words are in the order they are said; sort them by start"))
      }
      let word = TimedWord(
        text: draft.text, start: start, end: end, location: draft.location,
        endsCue: draft.endsCue)
      words.append(word)
      previous = word
      if diagnostics.count > WordTranscriptReader.reportedProblems { break }
    }
    return (diagnostics.hasErrors ? [] : words, diagnostics)
  }

  /// `drafts` with every untimed word given times: each run of them in one cue shares, by
  /// characters, the time from the word before's end (or its cue's start) to the next timed
  /// word's start (or its cue's end, whichever is first). One warning, at the first such
  /// word. A word given only one of its times is an error (its other time cannot be guessed
  /// without hiding that one was written).
  private static func place(
    _ drafts: [DraftWord], untimedNote: String, diagnostics: inout [Diagnostic]
  ) -> [DraftWord] {
    var out = drafts
    // The start of the next timed word after each index, found in one pass from the end.
    var nextTimedStart = [Rational?](repeating: nil, count: drafts.count + 1)
    for index in drafts.indices.reversed() {
      nextTimedStart[index] =
        drafts[index].isTimed ? drafts[index].start : nextTimedStart[index + 1]
    }
    var untimed = 0
    var index = 0
    while index < out.count {
      let draft = out[index]
      if draft.isTimed {
        index += 1
        continue
      }
      if draft.start != nil || draft.end != nil {
        let (has, lacks) = draft.start != nil ? ("a start", "end") : ("an end", "start")
        diagnostics.append(
          .error(
            "word-half-timed",
            "'\(LocatedJSONParser.quoted(draft.text))' has \(has) but no \(lacks)",
            at: draft.location, help: "give the word both times, or neither to have it placed"))
        out[index].start = nil
        out[index].end = nil
        index += 1
        continue
      }
      // The run of untimed words in this cue.
      var runEnd = index
      while runEnd < out.count, out[runEnd].cue == draft.cue, !out[runEnd].isTimed,
        out[runEnd].start == nil, out[runEnd].end == nil
      {
        runEnd += 1
      }
      if untimed == 0 {
        diagnostics.append(
          .warning(
            "untimed-words",
            "'\(LocatedJSONParser.quoted(draft.text))' has no times\(untimedNote): it and "
              + "every word like it are placed between their neighbours, in proportion to "
              + "their length",
            at: draft.location,
            help: "to time them exactly, give each word a start and an end"))
      }
      untimed += runEnd - index
      var lower = index > 0 ? (out[index - 1].end ?? .zero) : .zero
      if let cueStart = draft.cueStart, cueStart > lower { lower = cueStart }
      let candidates = [nextTimedStart[runEnd], draft.cueEnd].compactMap { $0 }
      var upper = candidates.min() ?? lower
      // Neighbours that overlap leave no room: the words then share the next one's start.
      if upper < lower { lower = upper }
      upper = max(upper, lower)
      let times = WordSpreading.spread(out[index..<runEnd].map(\.text), from: lower, to: upper)
      for (offset, time) in times.enumerated() {
        out[index + offset].start = time.start
        out[index + offset].end = time.end
      }
      index = runEnd
    }
    return out
  }

  /// A time as a message writes it: seconds, with three decimals or as many as it needs.
  static func seconds(_ time: Rational) -> String {
    let nanoseconds = (time * Rational(1_000_000_000)).rounded
    var fraction = String(nanoseconds % 1_000_000_000 + 1_000_000_000).dropFirst()
    while fraction.count > 3, fraction.last == "0" { fraction = fraction.dropLast() }
    return "\(nanoseconds / 1_000_000_000).\(fraction)"
  }
}
