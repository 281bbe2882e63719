import Diagnostics

/// Reads WebVTT (`.vtt`): the `WEBVTT` line and its header, then blocks separated by blank
/// lines: cues (an optional identifier, a timing line `00:01.000 --> 00:02.500` with optional
/// cue settings, the cue's lines), and `NOTE`, `STYLE` and `REGION` blocks, which are skipped.
/// Cue settings are ignored: the layer's box and alignment place every cue.
struct WebVTTReader {
  let lines: SubtitleLines
  private(set) var cues: [SubtitleCue] = []
  private(set) var diagnostics: [Diagnostic] = []

  init(lines: SubtitleLines) {
    self.lines = lines
  }

  mutating func read() {
    guard lines.count > 0, isSignature(lines[0]) else {
      diagnostics.append(
        .error(
          "bad-webvtt", "a WebVTT file starts with the line 'WEBVTT'",
          at: lines.location(line: 0, length: 6),
          help: "add a first line 'WEBVTT', or name a SubRip file .srt"))
      return
    }
    // The header (lines such as `Kind:` or `Language:`) runs to the first blank line; a timing
    // line ends it too, when the blank line is missing.
    var i = 1
    while i < lines.count, !lines.isBlank(i), !CueTiming.isTimingLine(lines[i]) { i += 1 }
    i = lines.skipBlank(from: i)
    while i < lines.count, diagnostics.count <= SubtitleReader.reportedProblems {
      i = readBlock(at: i)
      i = lines.skipBlank(from: i)
    }
  }

  /// `WEBVTT`, alone or followed by a space or tab and anything.
  private func isSignature(_ line: Substring) -> Bool {
    guard line.unicodeScalars.starts(with: "WEBVTT".unicodeScalars) else { return false }
    let rest = line.unicodeScalars.dropFirst(6)
    return rest.first == nil || rest.first == " " || rest.first == "\t"
  }

  /// Reads the block starting at line `start` (not blank); returns the line after it.
  private mutating func readBlock(at start: Int) -> Int {
    let first = lines[start]
    // A block's second line that is a timing line makes it a cue, whatever its first line
    // says: `NOTE …` is then the cue's identifier, as a browser reads it.
    let secondIsTiming = start + 1 < lines.count && CueTiming.isTimingLine(lines[start + 1])
    if ["NOTE", "STYLE", "REGION"].contains(where: { startsWithWord(first, $0) }),
      !CueTiming.isTimingLine(first), !secondIsTiming
    {
      return lines.blockEnd(from: start)
    }
    var timingLine = start
    if !CueTiming.isTimingLine(first) {
      // An identifier, then the timing line.
      let next = start + 1
      guard next < lines.count, CueTiming.isTimingLine(lines[next]) else {
        diagnostics.append(
          .error(
            "bad-cue",
            "expected a cue: an optional identifier, then a timing line such as "
              + "00:01.000 --> 00:02.500",
            at: lines.location(line: next < lines.count && !lines.isBlank(next) ? next : start),
            help: "a blank line ends a cue, so text after one needs a timing line of its own; "
              + "a comment block starts with NOTE"))
        return lines.blockEnd(from: start)
      }
      timingLine = next
    }
    // The cue's lines run to a blank line, or to the next timing line when the blank line is
    // missing: a cue's text never holds the arrow, so a timing line that does not read is
    // reported, not shown.
    var end = timingLine + 1
    while end < lines.count, !lines.isBlank(end), !CueTiming.isTimingLine(lines[end]) { end += 1 }
    switch lines.cue(timingLine: timingLine, end: end, format: .webVTT) {
    case .success(let cue): cues.append(cue)
    case .failure(let problems): diagnostics += problems.diagnostics
    }
    return end
  }

  /// Whether `line` is `word` alone or followed by a space or tab.
  private func startsWithWord(_ line: Substring, _ word: String) -> Bool {
    guard line.unicodeScalars.starts(with: word.unicodeScalars) else { return false }
    let rest = line.unicodeScalars.dropFirst(word.unicodeScalars.count)
    return rest.first == nil || rest.first == " " || rest.first == "\t"
  }
}
