import Diagnostics
import Timeline

/// Reads a JSON list of `{"text", "startMs", "endMs"}` objects, the caption type of Remotion
/// (`@remotion/captions`) and of many speech APIs; other members (`timestampMs`,
/// `confidence`) are ignored. Each object is a word: white space around its text (Remotion
/// writes `" word"`) is trimmed, and none is needed.
///
/// An object whose text holds several words (a phrase from a speech API) has them spread over
/// its times by their characters, with one warning that those times are estimated; an object
/// without `startMs` and `endMs` is placed between its neighbours, as WhisperX's untimed
/// words are. The list has no cues: its last word ends the only one.
struct TimedTextArrayReader {
  private(set) var fields: TranscriptFields
  private(set) var drafts: [DraftWord] = []
  private var severalAt: SourceLocation?

  private static let help =
    "each caption reads {\"text\": \"pizza\", \"startMs\": 19000, \"endMs\": 19500}"

  init(file: String) {
    fields = TranscriptFields(file: file)
  }

  mutating func read(_ root: LocatedJSON) {
    guard let list = fields.array(root, "the transcript", help: Self.help) else { return }
    for caption in list {
      if fields.isFull || drafts.count > ProjectLimits.transcriptWords { break }
      readCaption(caption)
    }
    drafts.endCue(0)
    if let severalAt {
      fields.warning(
        .warning(
          "estimated-word-times",
          "a caption holds several words: they are spread over its time in proportion to "
            + "their characters",
          at: severalAt, help: "give each word a caption of its own for its exact time"))
    }
  }

  private mutating func time(_ key: String, of caption: LocatedJSON)
    -> (time: Rational?, location: SourceLocation?, failed: Bool)
  {
    guard let value = caption[key] else { return (nil, nil, false) }
    if case .null = value.value { return (nil, nil, false) }
    let time = fields.time(value, "\"\(key)\"", unit: .milliseconds)
    return (time, fields.location(value), time == nil)
  }

  private mutating func readCaption(_ caption: LocatedJSON) {
    guard fields.object(caption, "a caption", help: Self.help) != nil,
      let value = fields.required("text", of: caption, "the caption", help: Self.help),
      let text = fields.text(value, "\"text\"", help: Self.help)
    else { return }
    let start = time("startMs", of: caption)
    let end = time("endMs", of: caption)
    guard !start.failed, !end.failed else { return }
    let words = WordText.split(text)
    let location = fields.location(value)
    guard words.count > 1 else {
      guard let word = words.first else { return }
      drafts.append(
        DraftWord(
          text: word, start: start.time, end: end.time, location: location,
          startLocation: start.location, endLocation: end.location, cue: 0))
      return
    }
    guard let from = start.time, let to = end.time else {
      // Untimed, or half-timed: each word is placed, or the half is reported, as one word.
      for word in words {
        drafts.append(
          DraftWord(
            text: word, start: start.time, end: end.time, location: location,
            startLocation: start.location, endLocation: end.location, cue: 0))
      }
      return
    }
    if severalAt == nil { severalAt = location }
    // A phrase ending before it starts is reported once, at its end, as a word's would be.
    let times = WordSpreading.spread(words, from: from, to: max(from, to))
    for (index, (word, time)) in zip(words, times).enumerated() {
      let reversed = index == 0 && to < from
      drafts.append(
        DraftWord(
          text: word, start: time.start, end: reversed ? to : time.end, location: location,
          startLocation: start.location, endLocation: end.location, cue: 0))
    }
  }
}
