import Diagnostics
import Timeline

/// Reads whisper.cpp's full JSON (`whisper-cli -ojf`): `{"transcription": [{"offsets": {"from",
/// "to"}, "text", "tokens": [{"text", "offsets": {"from", "to"}, "id", "p", "t_dtw"}]}]}`,
/// offsets in milliseconds. Each entry of `transcription` is a cue.
///
/// With `-ml 1` (an entry a word), entries are not cues: only the last word ends one.
///
/// Tokens are pieces of words: a piece that starts with a space starts a word, and the pieces
/// after it join it (`" Chrom"`, `"ake"` is one word), with the first piece's start and the
/// last piece's end. In Chinese and Japanese, written without spaces, a piece that starts with
/// an ideograph or kana starts a word too. Special tokens (`[_BEG_]`, `[_TT_150]`, anything
/// `[_…]`) are dropped. A piece may hold part of a character's UTF-8 bytes (whisper.cpp
/// splits them between tokens), so pieces join as bytes and only the word must be UTF-8.
///
/// A token without `offsets` (whisper.cpp writes none without token timestamps) is untimed; a
/// word of such pieces is placed between its neighbours. An entry without `tokens` (the plain
/// `-oj` output) has its `text` spread over its offsets, with a warning that the times are
/// estimated.
struct WhisperCppReader {
  private(set) var fields: TranscriptFields
  private(set) var drafts: [DraftWord] = []
  private var estimatedAt: SourceLocation?

  private static let entryHelp =
    "a whisper.cpp entry reads {\"offsets\": {\"from\": 0, \"to\": 2500}, \"text\": \"…\", "
    + "\"tokens\": […]}"
  private static let tokenHelp =
    "a whisper.cpp token reads {\"text\": \" pizza\", \"offsets\": {\"from\": 19000, \"to\": "
    + "19500}}"

  init(file: String) {
    fields = TranscriptFields(file: file)
  }

  /// A word being joined from its pieces.
  private struct Pending {
    var bytes: [UInt8] = []
    var badByte: LocatedJSON.Position?
    var position: LocatedJSON.Position
    var start: Rational?
    var end: Rational?
    var startLocation: SourceLocation?
    var endLocation: SourceLocation?
    var untimedPiece = false
  }

  mutating func read(_ root: LocatedJSON) {
    guard
      let entries = fields.required(
        "transcription", of: root, "the whisper.cpp transcript", help: Self.entryHelp),
      let list = fields.array(entries, "\"transcription\"", help: Self.entryHelp)
    else { return }
    for (index, entry) in list.enumerated() {
      if fields.isFull || drafts.count > ProjectLimits.transcriptWords { break }
      readEntry(entry, index: index)
      drafts.endCue(index)
    }
    // `whisper-cli -ml 1`, the usual way to time words, writes an entry a word: its entries
    // are no sentences, and a page a word would defeat the pages. Then only the last word
    // ends a cue, and the pages break at pauses, punctuation and their size.
    if drafts.count > 1, zip(drafts, drafts.dropFirst()).allSatisfy({ $0.cue != $1.cue }) {
      for index in drafts.indices.dropLast() { drafts[index].endsCue = false }
    }
    if let estimatedAt {
      fields.warning(
        .warning(
          "estimated-word-times",
          "an entry has no \"tokens\": its text is spread over its offsets in proportion to "
            + "the characters of its words",
          at: estimatedAt, help: "write whisper.cpp's full JSON (-ojf) for the time of every word"))
    }
  }

  /// The `from` and `to` of an `offsets` member, in milliseconds; `nil` each when missing;
  /// `failed` when written wrong (reported).
  private mutating func offsets(of object: LocatedJSON, _ what: String)
    -> (from: (Rational, SourceLocation)?, to: (Rational, SourceLocation)?, failed: Bool)
  {
    guard let value = object["offsets"] else { return (nil, nil, false) }
    let help = "\"offsets\" reads {\"from\": 19000, \"to\": 19500}, in milliseconds"
    guard fields.object(value, "\(what)'s \"offsets\"", help: help) != nil else {
      return (nil, nil, true)
    }
    var failed = false
    func time(_ key: String) -> (Rational, SourceLocation)? {
      guard let member = value[key] else { return nil }
      guard let time = fields.time(member, "\"\(key)\"", unit: .milliseconds) else {
        failed = true
        return nil
      }
      return (time, fields.location(member))
    }
    let from = time("from")
    let to = time("to")
    return (from, to, failed)
  }

  private mutating func readEntry(_ entry: LocatedJSON, index: Int) {
    guard fields.object(entry, "an entry of \"transcription\"", help: Self.entryHelp) != nil
    else { return }
    let bounds = offsets(of: entry, "the entry")
    guard !bounds.failed else { return }
    let (cueStart, cueEnd) = (bounds.from?.0, bounds.to?.0)
    guard let tokens = entry["tokens"] else {
      readEntryText(entry, index: index, start: cueStart, end: cueEnd)
      return
    }
    guard let list = fields.array(tokens, "\"tokens\"", help: Self.tokenHelp) else { return }
    var pending: Pending?
    for token in list {
      if fields.isFull { return }
      guard fields.object(token, "a token", help: Self.tokenHelp) != nil,
        let value = fields.required("text", of: token, "the token", help: Self.tokenHelp),
        let (bytes, bad) = fields.bytes(value, "the token's \"text\"", help: Self.tokenHelp)
      else { continue }
      if Self.isSpecial(bytes) { continue }
      let times = offsets(of: token, "the token")
      if times.failed { continue }
      // The word is changed where it lies, never copied: a word of many pieces costs no
      // more than its length.
      if let current = pending?.bytes, Self.startsWord(bytes, after: current) {
        if let done = pending { finish(done, cue: index, cueStart: cueStart, cueEnd: cueEnd) }
        pending = nil
      }
      if pending == nil { pending = Pending(position: value.position) }
      pending?.bytes += bytes
      if pending?.badByte == nil { pending?.badByte = bad }
      if let (from, location) = times.from, pending?.start == nil {
        pending?.start = from
        pending?.startLocation = location
      }
      if let (to, location) = times.to {
        pending?.end = to
        pending?.endLocation = location
      }
      if times.from == nil || times.to == nil { pending?.untimedPiece = true }
    }
    if let done = pending { finish(done, cue: index, cueStart: cueStart, cueEnd: cueEnd) }
  }

  /// Adds the word `pending` joined, when it is UTF-8 and shows something.
  private mutating func finish(
    _ pending: Pending, cue: Int, cueStart: Rational?, cueEnd: Rational?
  ) {
    guard
      let written = fields.text(pending.bytes, badByte: pending.badByte, at: pending.position)
    else { return }
    let text = WordText.clean(written)
    guard !text.isEmpty else { return }
    // A word some of whose pieces have no times is placed whole, rather than timed by part.
    let timed = !pending.untimedPiece
    drafts.append(
      DraftWord(
        text: text, start: timed ? pending.start : nil, end: timed ? pending.end : nil,
        location: pending.position.location(in: fields.file),
        startLocation: pending.startLocation, endLocation: pending.endLocation, cue: cue,
        cueStart: cueStart, cueEnd: cueEnd))
  }

  /// `[_…]`: whisper.cpp's names for the model's special tokens (`[_BEG_]`, `[_TT_150]`).
  static func isSpecial(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 3 && bytes.starts(with: Array("[_".utf8)) && bytes.last == UInt8(ascii: "]")
  }

  /// Whether the piece `bytes` starts a new word after the word so far, `word`: it starts with
  /// white space, or with an ideograph or kana when the word so far is whole characters.
  static func startsWord(_ bytes: [UInt8], after word: [UInt8]) -> Bool {
    guard let first = bytes.first else { return false }
    if [0x20, 0x09, 0x0A, 0x0D].contains(first) { return true }
    guard endsWithWholeCharacter(word),
      let scalar = String(decoding: bytes.prefix(4), as: UTF8.self).unicodeScalars.first
    else { return false }
    return WordText.isCJK(scalar)
  }

  /// Whether `word` ends with a whole UTF-8 character rather than part of one, looking only at
  /// its last four bytes, so that a word of many pieces costs no more than its length.
  static func endsWithWholeCharacter(_ word: [UInt8]) -> Bool {
    guard let last = word.last else { return true }
    if last < 0x80 { return true }
    // The lead byte of the last character, at most three continuation bytes back.
    let tail = word.suffix(4)
    guard let lead = tail.lastIndex(where: { $0 & 0xC0 != 0x80 }) else { return false }
    let (length, valid) = LocatedJSONParser.utf8Sequence(word, at: lead)
    return valid && lead + length == word.count
  }

  private mutating func readEntryText(
    _ entry: LocatedJSON, index: Int, start: Rational?, end: Rational?
  ) {
    let help = "give the entry \"tokens\", or \"text\" with its \"offsets\""
    guard
      let value = fields.required("text", of: entry, "an entry without \"tokens\"", help: help),
      let text = fields.text(value, "\"text\"", help: help)
    else { return }
    let words = WordText.split(text)
    guard !words.isEmpty else { return }
    guard let start, let end else {
      fields.error(
        "missing-key", "an entry without \"tokens\" needs its \"offsets\" to time its text",
        at: entry.position, help: help)
      return
    }
    guard end >= start else {
      fields.error(
        "word-ends-before-start",
        "the entry ends at \(WordAssembly.seconds(end)) s, before it starts at "
          + "\(WordAssembly.seconds(start)) s",
        at: entry["offsets"]?["to"]?.position ?? entry.position,
        help: "an entry's \"to\" is at or after its \"from\"; are the two swapped?")
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
