import Diagnostics

/// Reads a word-timed transcript, recognised by its content whatever its name: WhisperX JSON
/// (an object with `segments`), whisper.cpp's full JSON (an object with `transcription`), a
/// JSON list of `{text, startMs, endMs}`, WebVTT (with timestamp tags before words, or
/// without, its words then spread over each cue) and SubRip (spread likewise).
///
/// Every problem is a diagnostic at its own line and column; the words come back only when
/// there is no error, in time order, each with exact times and `start <= end`.
public enum WordTranscriptReader {
  /// The most problems reported for one file, as for subtitle files.
  static let reportedProblems = SubtitleReader.reportedProblems

  /// Reads `bytes`, the contents of `file` (the name messages give it), at most
  /// `ProjectLimits.subtitleBytes` long (the caller checks the size).
  public static func read(bytes: [UInt8], file: String) -> WordTranscriptRead {
    // UTF-16 and UTF-32 are told by their byte-order marks; everything else is read as UTF-8.
    var body = bytes
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
      || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
    {
      switch SubtitleTextDecoding.decode(bytes, file: file) {
      case .success(let text): body = Array(text.utf8)
      case .failure(let failure):
        return WordTranscriptRead(
          format: nil, words: [], diagnostics: [failure.diagnostic],
          text: failure.text.map { quotable($0, file: file) })
      }
    } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      body = Array(bytes.dropFirst(3))
    }
    let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
      return readJSON(body, file: file)
    }
    return readCues(body, file: file)
  }

  /// The lines of `text` joined by LF, as messages quote them.
  private static func quotable(_ text: String, file: String) -> String {
    SubtitleLines(file: file, text: text).lines.joined(separator: "\n")
  }

  private static func readJSON(_ body: [UInt8], file: String) -> WordTranscriptRead {
    let text = quotable(String(decoding: body, as: UTF8.self), file: file)
    var parser = LocatedJSONParser(bytes: body)
    let parsed = parser.parse()
    var diagnostics = parser.duplicates.map {
      Diagnostic.error(
        "duplicate-key", $0.message, at: $0.position.location(in: file), help: $0.help)
    }
    let root: LocatedJSON
    switch parsed {
    case .success(let value): root = value
    case .failure(let problem):
      diagnostics.append(
        .error(
          "bad-json", "the transcript is not valid JSON: \(problem.message)",
          at: onALine(problem.position.location(in: file), of: text), help: problem.help))
      return finish(format: nil, drafts: [], diagnostics, file: file, text: text)
    }
    let format: WordTranscriptFormat
    let drafts: [DraftWord]
    if root["segments"] != nil {
      var reader = WhisperXReader(file: file)
      reader.read(root)
      (format, drafts) = (.whisperX, reader.drafts)
      diagnostics += reader.fields.diagnostics
    } else if root["transcription"] != nil {
      var reader = WhisperCppReader(file: file)
      reader.read(root)
      (format, drafts) = (.whisperCpp, reader.drafts)
      diagnostics += reader.fields.diagnostics
    } else if case .array = root.value {
      var reader = TimedTextArrayReader(file: file)
      reader.read(root)
      (format, drafts) = (.timedTextArray, reader.drafts)
      diagnostics += reader.fields.diagnostics
    } else {
      diagnostics.append(
        .error(
          "unknown-transcript",
          "a JSON transcript is an object with \"segments\" (WhisperX) or \"transcription\" "
            + "(whisper.cpp -ojf), or a list of {\"text\", \"startMs\", \"endMs\"}",
          at: root.position.location(in: file), help: formatsHelp))
      return finish(format: nil, drafts: [], diagnostics, file: file, text: text)
    }
    return finish(format: format, drafts: drafts, diagnostics, file: file, text: text)
  }

  /// `location`, or the end of the last line when it is past it (the file ends in a line
  /// break, and the parser stopped after it): a message points at a line it can quote.
  private static func onALine(_ location: SourceLocation, of text: String) -> SourceLocation {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard location.line > lines.count, let last = lines.last else { return location }
    return SourceLocation(
      file: location.file, line: lines.count, column: last.unicodeScalars.count + 1)
  }

  private static let formatsHelp =
    "chromake reads WhisperX JSON, whisper.cpp full JSON (-ojf), JSON lists of {text, "
    + "startMs, endMs}, WebVTT (with or without word timestamps) and SubRip"

  private static func readCues(_ body: [UInt8], file: String) -> WordTranscriptRead {
    let decoded: String
    switch SubtitleTextDecoding.decode(body, file: file) {
    case .success(let text): decoded = text
    case .failure(let failure):
      return WordTranscriptRead(
        format: nil, words: [], diagnostics: [failure.diagnostic],
        text: failure.text.map { quotable($0, file: file) })
    }
    let lines = SubtitleLines(file: file, text: decoded)
    let subtitleFormat: SubtitleFormat
    if decoded.unicodeScalars.starts(with: "WEBVTT".unicodeScalars) {
      subtitleFormat = .webVTT
    } else if lines.lines.lazy.filter({ !$0.isEmpty }).prefix(3).contains(where: {
      CueTiming.isTimingLine($0)
    }) {
      subtitleFormat = .subRip
    } else {
      let at = lines.lines.firstIndex { !$0.allSatisfy(\.isWhitespace) } ?? 0
      return WordTranscriptRead(
        format: nil, words: [],
        diagnostics: [
          .error(
            "unknown-transcript",
            "not a word-timed transcript: neither JSON, nor WebVTT (a first line 'WEBVTT'), "
              + "nor SubRip (a timing line such as 00:00:01,000 --> 00:00:02,500)",
            at: lines.location(line: at), help: formatsHelp)
        ], text: quotable(decoded, file: file))
    }
    let subtitles = SubtitleReader.read(text: decoded, file: file, format: subtitleFormat)
    var reader = CueWordsReader(file: file)
    reader.read(subtitles.cues)
    let format: WordTranscriptFormat =
      subtitleFormat == .subRip
      ? .subRipEstimated
      : subtitles.cues.contains { !$0.inlineTimestamps.isEmpty }
        ? .webVTTWordTimes : .webVTTEstimated
    return finish(
      format: format, drafts: reader.drafts, subtitles.diagnostics + reader.diagnostics,
      file: file, text: subtitles.text)
  }

  /// The read: words placed and checked, the limits applied, problems in file order.
  private static func finish(
    format: WordTranscriptFormat?, drafts: [DraftWord], _ found: [Diagnostic], file: String,
    text: String?
  ) -> WordTranscriptRead {
    var diagnostics = found
    var words: [TimedWord] = []
    if drafts.count > ProjectLimits.transcriptWords {
      diagnostics.append(
        .error(
          "too-many-words",
          "the transcript has more than \(ProjectLimits.transcriptWords) words, the most a "
            + "captions layer shows",
          at: drafts[ProjectLimits.transcriptWords].location,
          help: "split it over several captions layers, each with its own start"))
    } else {
      for draft in drafts where draft.text.unicodeScalars.count > ProjectLimits.captionCharacters {
        diagnostics.append(
          .error(
            "text-too-long",
            "a word of \(draft.text.unicodeScalars.count) characters; a word shows at most "
              + "\(ProjectLimits.captionCharacters)",
            at: draft.location, help: "split it into words at its spaces"))
      }
      // The words read are checked even when others were not, so that one `check` reports
      // a word out of order beside a time written wrong.
      let untimedNote = format == .whisperX ? " (WhisperX leaves numbers untimed)" : ""
      let assembled = WordAssembly.assemble(drafts, untimedNote: untimedNote)
      diagnostics += assembled.diagnostics
      words = diagnostics.hasErrors ? [] : assembled.words
    }
    if words.isEmpty, !diagnostics.hasErrors {
      diagnostics.append(
        .warning(
          "no-words", "the transcript holds no words: the layer shows nothing",
          at: SourceLocation(file: file, line: 1, column: 1),
          help: "is it the transcript of a silent recording?"))
    }
    return WordTranscriptRead(
      format: format, words: words, diagnostics: capped(diagnostics, file: file), text: text)
  }

  /// `diagnostics` in file order, at most `reportedProblems` and one that says where the rest
  /// start.
  private static func capped(_ diagnostics: [Diagnostic], file: String) -> [Diagnostic] {
    let sorted = diagnostics.filter { $0.id != "too-many-problems" }.sortedByLocation()
    guard sorted.count > reportedProblems, let next = sorted[reportedProblems].location else {
      return sorted
    }
    return Array(sorted.prefix(reportedProblems)) + [
      .error(
        "too-many-problems",
        "more than \(reportedProblems) problems: the file is not read past line \(next.line)",
        at: SourceLocation(file: file, line: max(1, next.line), column: 1),
        help: "is it a word-timed transcript? Fix the problems above and check again")
    ]
  }
}
