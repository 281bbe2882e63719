import Diagnostics
import Timeline

/// Reads the words of SubRip and WebVTT cues. A WebVTT cue with timestamp tags
/// (`Like a <00:00:19.000>big <00:00:19.500>pizza`) times its words by them: a word starts at
/// the timestamp before it (the first at the cue's start) and runs to the next timestamp (the
/// last to the cue's end); words sharing one timestamp share its span by their characters. A
/// cue without timestamps has its words spread over it by their characters, with one warning
/// for the file that the times are estimated.
///
/// YouTube's automatic captions repeat the line said before above the one being said, and add
/// a 10 ms cue of the repeated line alone between cues: lines with no timestamp that repeat
/// the last words read are left out, so each word is read once.
struct CueWordsReader {
  let file: String
  private(set) var drafts: [DraftWord] = []
  private(set) var diagnostics: [Diagnostic] = []
  /// The first cue whose words are spread, where the warning points.
  private(set) var estimatedAt: SourceLocation?

  init(file: String) {
    self.file = file
  }

  /// Reads `cues`, in file order.
  mutating func read(_ cues: [SubtitleCue]) {
    let karaoke = cues.contains { !$0.inlineTimestamps.isEmpty }
    for (index, cue) in cues.enumerated() {
      if diagnostics.count > WordTranscriptReader.reportedProblems { break }
      if drafts.count > ProjectLimits.transcriptWords { break }
      if cue.inlineTimestamps.isEmpty {
        let words = WordText.split(cue.text)
        if karaoke, repeatsLastWords(words) { continue }
        spread(words, from: cue.start, to: cue.end, at: cue.location, cue: index)
        if !words.isEmpty, estimatedAt == nil { estimatedAt = cue.location }
      } else {
        readTimed(cue, index: index)
      }
      drafts.endCue(index)
    }
    if let estimatedAt {
      diagnostics.append(
        .warning(
          "estimated-word-times",
          "the cues give no word times: each cue's words are spread over it in proportion to "
            + "their characters",
          at: estimatedAt,
          help: "for exact times, use a word-timed transcript (WhisperX or whisper.cpp JSON, or "
            + "WebVTT with timestamps such as <00:00:19.000> before each word)"))
    }
  }

  /// Whether `words` are the last words read, as YouTube repeats them.
  private func repeatsLastWords(_ words: [String]) -> Bool {
    guard !words.isEmpty, words.count <= drafts.count else { return false }
    return zip(drafts.suffix(words.count), words).allSatisfy { $0.text == $1 }
  }

  private mutating func spread(
    _ words: [String], from start: Rational, to end: Rational, at location: SourceLocation,
    cue: Int
  ) {
    for (word, time) in zip(words, WordSpreading.spread(words, from: start, to: end)) {
      drafts.append(
        DraftWord(
          text: word, start: time.start, end: time.end, location: location, cue: cue,
          cueStart: start, cueEnd: end))
    }
  }

  /// A timestamp read: its time and where it is written.
  private struct Stamp {
    var offset: Int
    var time: Rational
    var location: SourceLocation
  }

  /// Reads a cue with timestamp tags.
  private mutating func readTimed(_ cue: SubtitleCue, index: Int) {
    guard let stamps = readStamps(cue) else { return }
    var words = Self.words(in: cue.text, stamps: stamps.map(\.offset))
    // YouTube's repeated line: the lines before the first line with a timestamp, when they
    // say the last words read.
    if let first = stamps.first {
      let lineStart = Self.lineStart(in: cue.text, before: first.offset)
      let before = words.prefix { $0.offset < lineStart }
      if !before.isEmpty, repeatsLastWords(before.map(\.text)) {
        words.removeFirst(before.count)
      }
    }
    // Each word's timestamp: the last at or before it (-1: none, the cue's start).
    var runs: [(stamp: Int, words: [String])] = []
    var next = 0
    var latest = -1
    for word in words {
      while next < stamps.count, stamps[next].offset <= word.offset {
        latest = next
        next += 1
      }
      if let last = runs.last, last.stamp == latest {
        runs[runs.count - 1].words.append(word.text)
      } else {
        runs.append((latest, [word.text]))
      }
    }
    for run in runs {
      let start = run.stamp >= 0 ? stamps[run.stamp].time : cue.start
      let end = run.stamp + 1 < stamps.count ? stamps[run.stamp + 1].time : cue.end
      let location = run.stamp >= 0 ? stamps[run.stamp].location : cue.location
      let times = WordSpreading.spread(run.words, from: start, to: end)
      for (word, time) in zip(run.words, times) {
        drafts.append(
          DraftWord(
            text: word, start: time.start, end: time.end, location: location, cue: index,
            cueStart: cue.start, cueEnd: cue.end))
      }
    }
  }

  /// The cue's timestamps, each read and checked: inside the cue, each after the one before.
  /// `nil` when one is wrong (each problem reported).
  private mutating func readStamps(_ cue: SubtitleCue) -> [Stamp]? {
    var stamps: [Stamp] = []
    var failed = false
    for tag in cue.inlineTimestamps {
      let location = SourceLocation(
        file: file, line: cue.location.line + 1 + tag.line, column: tag.column,
        length: tag.written.unicodeScalars.count + 2)
      let help = "a timestamp tag reads <00:00:19.000> or <00:19.000>, inside its cue's times"
      switch CueTimestamp.milliseconds(Substring(tag.written), format: .webVTT) {
      case .failure(let problem):
        diagnostics.append(.error("bad-word-time", problem.message, at: location, help: help))
        failed = true
      case .success(let milliseconds):
        let time = Rational(milliseconds, 1000)
        let seconds = WordAssembly.seconds
        if time < cue.start || time > cue.end {
          diagnostics.append(
            .error(
              "bad-word-time",
              "the timestamp \(seconds(time)) s is outside its cue (\(seconds(cue.start)) s "
                + "to \(seconds(cue.end)) s)",
              at: location, help: help))
          failed = true
        } else if let last = stamps.last, time < last.time {
          diagnostics.append(
            .error(
              "word-out-of-order",
              "the timestamp \(seconds(time)) s is before the one before it "
                + "(\(seconds(last.time)) s)",
              at: location, help: "a cue's timestamps follow the words in time order"))
          failed = true
        } else {
          stamps.append(Stamp(offset: tag.offset, time: time, location: location))
        }
      }
    }
    return failed ? nil : stamps
  }

  /// The words of `text` with their UTF-8 offsets: runs between white space, also split at a
  /// timestamp next to Chinese or Japanese (written without spaces, timed piece by piece). A
  /// timestamp inside a word of other scripts (karaoke syllables) does not split it.
  static func words(in text: String, stamps: [Int]) -> [(text: String, offset: Int)] {
    let splits = Set(stamps)
    var words: [(text: String, offset: Int)] = []
    var current = String.UnicodeScalarView()
    var currentStart = 0
    var offset = 0
    var previous: Unicode.Scalar?
    func flush() {
      let word = WordText.clean(String(current))
      if !word.isEmpty { words.append((word, currentStart)) }
      current = String.UnicodeScalarView()
    }
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        flush()
      } else {
        let cjk = WordText.isCJK(scalar) || previous.map(WordText.isCJK) == true
        if splits.contains(offset), cjk { flush() }
        if current.isEmpty { currentStart = offset }
        current.append(scalar)
      }
      previous = scalar
      offset += UTF8.width(scalar)
    }
    flush()
    return words
  }

  /// The UTF-8 offset where the line holding `offset` starts.
  private static func lineStart(in text: String, before offset: Int) -> Int {
    let bytes = Array(text.utf8)
    var index = min(offset, bytes.count)
    while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
    return index
  }
}
