public import Diagnostics

/// What reading a subtitle file gave: its cues, every problem found at its own line and
/// column, and the text, for quoting in messages.
public struct SubtitleRead: Sendable {
  /// The format the file was read as.
  public var format: SubtitleFormat
  /// The cues in file order; those with problems are left out.
  public var cues: [SubtitleCue]
  /// Every problem, in file order.
  public var diagnostics: [Diagnostic]
  /// The file's text, for quoting the lines messages point at: its lines joined by LF whatever
  /// ended them in the file (the printer splits at LF only), and bytes that are not UTF-8 or
  /// UTF-16 shown as U+FFFD; `nil` when the file is UTF-32, which is not read.
  public var text: String?
}

/// Reads SubRip and WebVTT files into cues.
///
/// The file is UTF-8 (with or without a byte-order mark) or UTF-16 with one. A file that is
/// neither is refused at its first bad byte (a UTF-32 file at its byte-order mark, named as
/// such) rather than guessed at: a wrong guess would burn the wrong letters into every frame.
public enum SubtitleReader {
  /// The most problems reported for one file: past these it is likely not a subtitle file at
  /// all, and one more message says how many were left out.
  static let reportedProblems = 50

  /// Reads `bytes`, the contents of `file` (the name messages give it). `format` is what the
  /// file's name says; a file starting `WEBVTT` is WebVTT whatever its name.
  public static func read(bytes: [UInt8], file: String, format: SubtitleFormat) -> SubtitleRead {
    switch SubtitleTextDecoding.decode(bytes, file: file) {
    case .success(let text): return read(text: text, file: file, format: format)
    case .failure(let failure):
      return SubtitleRead(
        format: format, cues: [], diagnostics: [failure.diagnostic],
        text: failure.text.map { quotable(SubtitleLines(file: file, text: $0)) })
    }
  }

  /// The lines of a file joined by LF, to quote from.
  private static func quotable(_ lines: SubtitleLines) -> String {
    lines.lines.joined(separator: "\n")
  }

  /// Reads the decoded text of `file`.
  public static func read(text: String, file: String, format: SubtitleFormat) -> SubtitleRead {
    let chosen: SubtitleFormat =
      text.unicodeScalars.starts(with: "WEBVTT".unicodeScalars) ? .webVTT : format
    var lines = SubtitleLines(file: file, text: text)
    lines.spacesAreBlank = chosen == .subRip
    var cues: [SubtitleCue]
    var diagnostics: [Diagnostic]
    switch chosen {
    case .subRip:
      var reader = SubRipReader(lines: lines)
      reader.read()
      (cues, diagnostics) = (reader.cues, reader.diagnostics)
    case .webVTT:
      var reader = WebVTTReader(lines: lines)
      reader.read()
      (cues, diagnostics) = (reader.cues, reader.diagnostics)
    }
    if cues.count > ProjectLimits.captionCues {
      diagnostics.append(
        .error(
          "too-many-cues",
          "the file has \(cues.count) cues; a captions layer shows at most "
            + "\(ProjectLimits.captionCues)",
          at: cues[ProjectLimits.captionCues].location,
          help: "split the file over several captions layers, each with its own start"))
      cues = []
    }
    diagnostics.sort {
      ($0.location?.line ?? 0, $0.location?.column ?? 0)
        < ($1.location?.line ?? 0, $1.location?.column ?? 0)
    }
    // The readers stop one problem past the limit: a file that is not subtitles at all costs
    // no more than that to refuse.
    if diagnostics.count > reportedProblems, let next = diagnostics[reportedProblems].location {
      diagnostics = Array(diagnostics.prefix(reportedProblems))
      diagnostics.append(
        .error(
          "too-many-problems",
          "more than \(reportedProblems) problems: the file is not read past line \(next.line)",
          at: SourceLocation(file: file, line: next.line, column: 1),
          help: "is it a \(chosen.rawValue) file? Fix the problems above and check again"))
    }
    return SubtitleRead(
      format: chosen, cues: cues, diagnostics: diagnostics, text: quotable(lines))
  }
}
