import Diagnostics

/// Reads SubRip (`.srt`): blocks of an optional cue number, a timing line
/// `00:00:01,000 --> 00:00:02,500` and the cue's lines, separated by blank lines.
///
/// Real files vary, and each variation that is unambiguous is taken: cue numbers missing or
/// out of order, `.` for `,`, several blank lines or spaces on them, and a missing blank line
/// before the next cue (a line holding the arrow `-->` starts one; a number just before it is
/// its cue number).
struct SubRipReader {
  let lines: SubtitleLines
  private(set) var cues: [SubtitleCue] = []
  private(set) var diagnostics: [Diagnostic] = []

  init(lines: SubtitleLines) {
    self.lines = lines
  }

  mutating func read() {
    var i = lines.skipBlank(from: 0)
    while i < lines.count, diagnostics.count <= SubtitleReader.reportedProblems {
      i = readBlock(at: i)
      i = lines.skipBlank(from: i)
    }
  }

  /// Reads the block starting at line `start` (not blank); returns the line after it.
  private mutating func readBlock(at start: Int) -> Int {
    var timingLine = start
    if !CueTiming.isTimingLine(lines[start]) {
      let next = start + 1
      guard isCueNumber(start), next < lines.count, CueTiming.isTimingLine(lines[next]) else {
        report(unexpected: start)
        return lines.blockEnd(from: start)
      }
      timingLine = next
    }
    // The cue's lines run to a blank line, or to the next cue when the blank line is missing.
    var end = timingLine + 1
    while end < lines.count, !lines.isBlank(end), !startsCue(end) { end += 1 }
    switch lines.cue(timingLine: timingLine, end: end, format: .subRip) {
    case .success(let cue): cues.append(cue)
    case .failure(let problems): diagnostics += problems.diagnostics
    }
    return end
  }

  /// Whether line `index` starts a cue that follows the one before with no blank line between:
  /// a timing line, or a cue number just before one. A timing line that does not read starts
  /// one too, so that its problems are reported rather than its text shown as the cue's words.
  private func startsCue(_ index: Int) -> Bool {
    if CueTiming.isTimingLine(lines[index]) { return true }
    return isCueNumber(index) && index + 1 < lines.count
      && CueTiming.isTimingLine(lines[index + 1])
  }

  /// A line of digits alone (spaces around them allowed).
  private func isCueNumber(_ index: Int) -> Bool {
    let trimmed = lines[index].trimmingCharacters(in: " \t")
    return !trimmed.isEmpty && trimmed.unicodeScalars.allSatisfy(\.isASCIIDecimalDigit)
  }

  /// A block that starts with neither a timing line nor a number and a timing line.
  private mutating func report(unexpected index: Int) {
    let next = index + 1
    if isCueNumber(index) {
      let number = lines[index].trimmingCharacters(in: " \t")
      let missing = next < lines.count && !lines.isBlank(next)
      // A timing line whose arrow is mistyped (`->`, `—>`) reads as no timing line at all.
      let mistyped =
        missing && lines[next].unicodeScalars.contains(">")
        && lines[next].unicodeScalars.contains(":")
      diagnostics.append(
        .error(
          "bad-cue",
          mistyped
            ? "cue \(number)'s timing line needs the arrow '-->' between its two times"
            : "cue \(number) has no timing line",
          at: missing ? lines.location(line: next) : lines.location(line: index),
          help: "after a cue's number comes its timing line: 00:00:01,000 --> 00:00:02,500"))
    } else {
      diagnostics.append(
        .error(
          "bad-cue",
          "expected a cue: a number, then a timing line such as "
            + "00:00:01,000 --> 00:00:02,500",
          at: lines.location(line: index),
          help: "a blank line ends a cue, so text after one needs a timing line of its own"))
    }
  }
}
