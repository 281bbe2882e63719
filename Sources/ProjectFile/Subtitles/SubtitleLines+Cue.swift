import Diagnostics

extension SubtitleLines {
  /// The most characters a cue may be written in, tags and references included: twenty times
  /// what it may show, room for a tag around every word, so that only what a cue shows counts
  /// toward `ProjectLimits.captionCharacters`, while a megabyte of markup is refused unread.
  static let writtenCueCharacters = 20 * ProjectLimits.captionCharacters

  /// The cue whose timing line is line `timingLine` and whose words are the lines after it,
  /// up to `end`: read in `format`, or every problem of its timing line, each at its columns,
  /// or the one of its length, at its timing line. Both readers end here once they have found
  /// where a cue's block lies.
  func cue(timingLine: Int, end: Int, format: SubtitleFormat) -> Result<SubtitleCue, CueProblems> {
    switch CueTiming.read(self[timingLine], format: format) {
    case .success(let timing):
      let location = location(line: timingLine, column: timing.column)
      let written = Array(lines[(timingLine + 1)..<end])
      let writtenCount = written.reduce(0) { $0 + $1.unicodeScalars.count + 1 } - 1
      // A cue too long, as written or as shown, is one error at its timing line.
      func tooLong(_ message: String) -> Result<SubtitleCue, CueProblems> {
        .failure(
          CueProblems(diagnostics: [
            .error("text-too-long", message, at: location, help: "split it into several cues")
          ]))
      }
      guard writtenCount <= Self.writtenCueCharacters else {
        return tooLong(
          "the cue is written in \(writtenCount) characters, tags included; a cue is written "
            + "in at most \(Self.writtenCueCharacters)")
      }
      let markup = CueMarkup.read(written, format: format)
      let (text, emphasis) = (markup.text, markup.emphasis)
      let shown = text.unicodeScalars.count
      guard shown <= ProjectLimits.captionCharacters else {
        return tooLong(
          "the cue shows \(shown) characters (tags not counted); a cue shows at most "
            + "\(ProjectLimits.captionCharacters)")
      }
      var cue = SubtitleCue(
        start: timing.start, end: timing.end, text: text, emphasis: emphasis, location: location)
      cue.inlineTimestamps = markup.timestamps
      return .success(cue)
    case .failure(let problems):
      let help =
        format == .subRip
        ? "a SubRip timing line reads 00:00:01,000 --> 00:00:02,500"
        : "a WebVTT timing line reads 00:01.000 --> 00:02.500 or 00:00:01.000 --> 00:00:02.500"
      return .failure(
        CueProblems(
          diagnostics: problems.all.map { problem in
            .error(
              "bad-cue-time", problem.message,
              at: location(line: timingLine, column: problem.column, length: problem.length),
              help: help)
          }))
    }
  }
}

/// A cue's problems, as the errors to report: its timing line's, or its length.
struct CueProblems: Error {
  var diagnostics: [Diagnostic]
}
