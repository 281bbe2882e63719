import Diagnostics
import Timeline

/// Reads WhisperX JSON: `{"segments": [{"start", "end", "text", "words": [{"word", "start",
/// "end", "score", "speaker"}]}]}`, times in seconds. Other members (`word_segments`,
/// `language`, scores) are ignored.
///
/// WhisperX leaves words it cannot align (numbers such as `{"word": "1999"}`) without times:
/// they are left untimed here and placed between their neighbours. A segment without `words`
/// (WhisperX run without alignment) has its `text` spread over its `start` and `end` by
/// characters, with a warning that the times are estimated.
struct WhisperXReader {
  private(set) var fields: TranscriptFields
  private(set) var drafts: [DraftWord] = []
  /// The first segment whose words are spread, where the warning points.
  private var estimatedAt: SourceLocation?

  private static let segmentHelp =
    "a WhisperX segment reads {\"start\": 1.0, \"end\": 2.5, \"text\": \"…\", \"words\": […]}"
  private static let wordHelp =
    "a WhisperX word reads {\"word\": \"pizza\", \"start\": 19.0, \"end\": 19.5}"

  init(file: String) {
    fields = TranscriptFields(file: file)
  }

  mutating func read(_ root: LocatedJSON) {
    guard
      let segments = fields.required(
        "segments", of: root, "the WhisperX transcript", help: Self.segmentHelp),
      let list = fields.array(segments, "\"segments\"", help: Self.segmentHelp)
    else { return }
    for (index, segment) in list.enumerated() {
      if fields.isFull || drafts.count > ProjectLimits.transcriptWords { break }
      readSegment(segment, index: index)
      drafts.endCue(index)
    }
    if let estimatedAt {
      fields.warning(
        .warning(
          "estimated-word-times",
          "a segment has no \"words\": its text is spread over the segment in proportion to "
            + "the characters of its words",
          at: estimatedAt,
          help: "run WhisperX with alignment (the default) for the time of every word"))
    }
  }

  /// A time member of `object`: `nil` when missing or `null` (a word WhisperX could not
  /// align); `failed` when written wrong (reported).
  private mutating func optionalTime(_ key: String, of object: LocatedJSON, _ what: String)
    -> (time: Rational?, location: SourceLocation?, failed: Bool)
  {
    guard let value = object[key] else { return (nil, nil, false) }
    if case .null = value.value { return (nil, nil, false) }
    let time = fields.time(value, what, unit: .seconds)
    return (time, fields.location(value), time == nil)
  }

  private mutating func readSegment(_ segment: LocatedJSON, index: Int) {
    guard fields.object(segment, "a segment", help: Self.segmentHelp) != nil else { return }
    let start = optionalTime("start", of: segment, "the segment's \"start\"")
    let end = optionalTime("end", of: segment, "the segment's \"end\"")
    guard !start.failed, !end.failed else { return }
    guard let words = segment["words"] else {
      readSegmentText(segment, index: index, start: start.time, end: end.time)
      return
    }
    guard let list = fields.array(words, "\"words\"", help: Self.wordHelp) else { return }
    for word in list {
      if fields.isFull { return }
      readWord(word, cue: index, cueStart: start.time, cueEnd: end.time)
    }
  }

  private mutating func readWord(
    _ word: LocatedJSON, cue: Int, cueStart: Rational?, cueEnd: Rational?
  ) {
    guard fields.object(word, "a word", help: Self.wordHelp) != nil,
      let value = fields.required("word", of: word, "the word", help: Self.wordHelp),
      let written = fields.text(value, "\"word\"", help: Self.wordHelp)
    else { return }
    let start = optionalTime("start", of: word, "the word's \"start\"")
    let end = optionalTime("end", of: word, "the word's \"end\"")
    let text = WordText.clean(written)
    guard !start.failed, !end.failed, !text.isEmpty else { return }
    drafts.append(
      DraftWord(
        text: text, start: start.time, end: end.time, location: fields.location(value),
        startLocation: start.location, endLocation: end.location, cue: cue, cueStart: cueStart,
        cueEnd: cueEnd))
  }

  /// A segment without words: its text spread over its times.
  private mutating func readSegmentText(
    _ segment: LocatedJSON, index: Int, start: Rational?, end: Rational?
  ) {
    let help = "give the segment \"words\", or \"text\" with its \"start\" and \"end\""
    guard
      let value = fields.required(
        "text", of: segment, "a segment without \"words\"", help: help),
      let text = fields.text(value, "\"text\"", help: help)
    else { return }
    let words = WordText.split(text)
    guard !words.isEmpty else { return }
    guard let start, let end else {
      fields.error(
        "missing-key",
        "a segment without \"words\" needs its \"start\" and \"end\" to time its text",
        at: segment.position, help: help)
      return
    }
    guard end >= start else {
      fields.error(
        "word-ends-before-start",
        "the segment ends at \(WordAssembly.seconds(end)) s, before it starts at "
          + "\(WordAssembly.seconds(start)) s",
        at: segment["end"]?.position ?? segment.position,
        help: "a segment's end is at or after its start; are the two times swapped?")
      return
    }
    if estimatedAt == nil { estimatedAt = fields.location(value) }
    for (word, time) in zip(words, WordSpreading.spread(words, from: start, to: end)) {
      drafts.append(
        DraftWord(
          text: word, start: time.start, end: time.end, location: fields.location(value),
          cue: index, cueStart: start, cueEnd: end))
    }
  }
}
