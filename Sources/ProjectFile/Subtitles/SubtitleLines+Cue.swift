import Diagnostics

extension SubtitleLines {
  /// The cue whose timing line is line `timingLine` and whose words are the lines after it,
  /// up to `end`: read in `format`, or every problem of its timing line, each at its columns.
  /// Both readers end here once they have found where a cue's block lies.
  func cue(timingLine: Int, end: Int, format: SubtitleFormat) -> Result<
    SubtitleCue, CueTimingProblems
  > {
    switch CueTiming.read(self[timingLine], format: format) {
    case .success(let timing):
      let (text, emphasis) = CueMarkup.read(
        Array(lines[(timingLine + 1)..<end]), format: format)
      return .success(
        SubtitleCue(
          start: timing.start, end: timing.end, text: text, emphasis: emphasis,
          location: location(line: timingLine, column: timing.column)))
    case .failure(let problems):
      let help =
        format == .subRip
        ? "a SubRip timing line reads 00:00:01,000 --> 00:00:02,500"
        : "a WebVTT timing line reads 00:01.000 --> 00:02.500 or 00:00:01.000 --> 00:00:02.500"
      return .failure(
        CueTimingProblems(
          diagnostics: problems.all.map { problem in
            .error(
              "bad-cue-time", problem.message,
              at: location(line: timingLine, column: problem.column, length: problem.length),
              help: help)
          }))
    }
  }
}

/// A timing line's problems, as the errors to report.
struct CueTimingProblems: Error {
  var diagnostics: [Diagnostic]
}
