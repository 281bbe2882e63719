import PlanValues

/// Turns a cue's lines as written into the words shown and their emphasis.
///
/// `<b>`, `<i>` and `<u>` (and their closing tags) set bold, italic and underline; every other
/// tag (WebVTT's `<v Name>`, `<c.class>`, `<lang>`, `<ruby>` and timestamps, SubRip's `<font>`
/// and `<s>`) is dropped, keeping the words inside it, but for WebVTT's ruby text (`<rt>`),
/// which is left out. In SubRip, a `<` that starts none of its tags is a plain `<`, and
/// `{\an8}`-style override blocks (from Advanced SubStation files) are dropped. In WebVTT,
/// where `<` always starts a tag, `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;`,
/// `&lrm;`, `&rlm;` and numeric references (`&#65;`, `&#x41;`: digits only) are decoded.
/// The result is plain text: nothing in it is markup. WebVTT's timestamp tags
/// (`<00:00:19.000>`) show nothing, but are kept in `timestamps`, with where they fall in the
/// text, for the word-caption reader; the captions of cues ignore them.
struct CueMarkup {
  let format: SubtitleFormat
  private(set) var text = ""
  private(set) var emphasis: [TextEmphasis] = []
  private(set) var timestamps: [CueInlineTimestamp] = []
  /// The line being read, 0 for the cue's first.
  private var lineIndex = 0
  private var bold = 0
  private var italic = 0
  private var underline = 0
  /// Inside `<rt>`: the words are left out.
  private var rubyText = 0

  init(format: SubtitleFormat) {
    self.format = format
  }

  /// The cue whose lines are `lines`: their words joined by line breaks, each line's trailing
  /// spaces removed (they would shift a centred line).
  ///
  /// The time it takes is linear in the scalars written, whatever they are: each is looked at
  /// a bounded number of times (the cue builder bounds how many there are).
  static func read(_ lines: [Substring], format: SubtitleFormat) -> CueMarkup {
    var markup = CueMarkup(format: format)
    for (index, line) in lines.enumerated() {
      if index > 0 { markup.append("\n") }
      markup.lineIndex = index
      markup.read(line)
    }
    markup.dropEmptyLinesAround()
    return markup
  }

  /// Leaves out the lines before the first and after the last that show something (a line
  /// that held only tags, or YouTube's leading line of a space): they would only push the
  /// words off their place. A cue with no words is then empty, and shows nothing.
  private mutating func dropEmptyLinesAround() {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.firstIndex(where: { !Self.isEmpty($0) }),
      let last = lines.lastIndex(where: { !Self.isEmpty($0) })
    else {
      text = ""
      emphasis = []
      timestamps = []
      return
    }
    let dropped = lines[..<first].reduce(0) { $0 + $1.utf8.count + 1 }
    let kept = lines[first...last].joined(separator: "\n")
    text = kept
    timestamps = timestamps.map { stamp in
      var moved = stamp
      moved.offset = min(max(0, stamp.offset - dropped), kept.utf8.count)
      return moved
    }
    emphasis = TextEmphasis.clipped(
      emphasis.compactMap { span in
        var moved = span
        moved.start = max(0, span.start - dropped)
        moved.end = span.end - dropped
        return moved.end > moved.start ? moved : nil
      }, to: kept.utf8.count)
  }

  private static func isEmpty(_ line: Substring) -> Bool {
    line.unicodeScalars.allSatisfy(\.properties.isWhitespace)
  }

  private mutating func read(_ line: Substring) {
    let scalars = Array(line.unicodeScalars)
    // Where the next `>` and `}` are from each position, found in one pass from the end, so
    // that a line of many `<` or `{\` costs no more than its length.
    var nextClose = [Int?](repeating: nil, count: scalars.count + 1)
    var nextBrace = [Int?](repeating: nil, count: scalars.count + 1)
    for index in scalars.indices.reversed() {
      nextClose[index] = scalars[index] == ">" ? index : nextClose[index + 1]
      nextBrace[index] = scalars[index] == "}" ? index : nextBrace[index + 1]
    }
    let lineStart = text.utf8.count
    var plain = String.UnicodeScalarView()
    var i = 0
    func flush() {
      append(String(plain))
      plain = String.UnicodeScalarView()
    }
    while i < scalars.count {
      let scalar = scalars[i]
      if scalar == "<", let close = tagEnd(scalars, from: i, close: nextClose[i + 1]) {
        flush()
        applyTag(scalars[(i + 1)..<close])
        if format == .webVTT, let first = scalars[(i + 1)..<close].first, first.isASCIIDecimalDigit
        {
          timestamps.append(
            CueInlineTimestamp(
              offset: text.utf8.count,
              written: String(String.UnicodeScalarView(scalars[(i + 1)..<close])),
              line: lineIndex, column: i + 1))
        }
        i = close + 1
      } else if format == .subRip, scalar == "{", i + 1 < scalars.count, scalars[i + 1] == "\\",
        let close = nextBrace[i]
      {
        i = close + 1
      } else if format == .webVTT, scalar == "&", let (decoded, next) = reference(scalars, at: i) {
        appendVisible(decoded, to: &plain)
        i = next
      } else {
        appendVisible(scalar, to: &plain)
        i += 1
      }
    }
    flush()
    trimTrailingSpaces(after: lineStart)
  }

  /// Adds a character of the words, written or referred to: control characters have no glyph
  /// and are left out (a tab is a space), and so is ruby text.
  private func appendVisible(_ scalar: Unicode.Scalar, to plain: inout String.UnicodeScalarView) {
    guard rubyText == 0 else { return }
    if scalar == "\t" {
      plain.append(" ")
    } else if scalar.value >= 0x20, !(0x7F...0x9F).contains(scalar.value) {
      plain.append(scalar)
    }
  }

  /// Removes the spaces that end the line begun at byte `lineStart`, with any emphasis on them.
  private mutating func trimTrailingSpaces(after lineStart: Int) {
    while text.utf8.count > lineStart, let last = text.unicodeScalars.last,
      last.properties.isWhitespace, last != "\n"
    {
      text.unicodeScalars.removeLast()
    }
    emphasis = TextEmphasis.clipped(emphasis, to: text.utf8.count)
    for index in timestamps.indices where timestamps[index].offset > text.utf8.count {
      timestamps[index].offset = text.utf8.count
    }
  }

  /// Where the tag starting at `start` (a `<`) ends: its `>`. In WebVTT every `<` starts a
  /// tag (a `<` in words is written `&lt;`), one left open running to the line's end (then
  /// this is the line's length, so that the tag's name keeps its last letter: `<b` at the end
  /// of a line opens bold). SubRip has no escapes, so there only the tags its editors write
  /// are tags: `<i>`, `<b>`, `<u>`, `<s>` and their closings, and `<font …>` and `</font>`;
  /// any other `<` is a plain `<`, as in `a<b & c>d`.
  /// `close` is the first `>` after it, if any. Only the first five scalars of a SubRip tag
  /// decide whether it is one, so that a line of many `<` costs no more than its length.
  private func tagEnd(_ scalars: [Unicode.Scalar], from start: Int, close: Int?) -> Int? {
    if format == .webVTT { return close ?? scalars.count }
    // SubRip's tags are short; a `>` far away closes none of them.
    guard let close, close - start <= 256 else { return nil }
    let closing = scalars[start + 1] == "/"
    let body = scalars[(start + (closing ? 2 : 1))..<close]
    let name = String(String.UnicodeScalarView(body.prefix(5).map(Self.asciiLowercased)))
    if ["i", "b", "u", "s", "font"].contains(name) { return close }
    if !closing, name.unicodeScalars.starts(with: "font".unicodeScalars),
      name.unicodeScalars.dropFirst(4).first?.properties.isWhitespace == true
    {
      return close
    }
    return nil
  }

  private static func asciiLowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 0x20) ?? scalar : scalar
  }

  /// Counts a `b`, `i` or `u` tag open or closed, and WebVTT's ruby text (`<rt>`), which is
  /// read aloud rather than shown inline and so is left out; ignores any other.
  private mutating func applyTag(_ body: ArraySlice<Unicode.Scalar>) {
    let closing = body.first == "/"
    let nameScalars = body.dropFirst(closing ? 1 : 0).prefix {
      !format.isSpace($0) && $0 != "." && $0 != ">"
    }
    let name = String(String.UnicodeScalarView(nameScalars)).lowercased()
    let step = closing ? -1 : 1
    switch name {
    case "b": bold = max(0, bold + step)
    case "i": italic = max(0, italic + step)
    case "u": underline = max(0, underline + step)
    case "rt": rubyText = max(0, rubyText + step)
    // The end of a ruby ends its ruby text, closed or not.
    case "ruby" where closing: rubyText = 0
    default: break
    }
  }

  /// The character a WebVTT reference at `start` (an `&`) stands for, and where it ends; `nil`
  /// for an `&` that starts none, which is then itself.
  private func reference(_ scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
    let limit = min(scalars.count, start + 12)
    guard let semicolon = scalars[start..<limit].firstIndex(of: ";") else { return nil }
    let name = String(String.UnicodeScalarView(scalars[(start + 1)..<semicolon]))
    let named: [String: Unicode.Scalar] = [
      "amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{A0}", "lrm": "\u{200E}", "rlm": "\u{200F}",
      "quot": "\"", "apos": "'",
    ]
    if let scalar = named[name] { return (scalar, semicolon + 1) }
    guard name.unicodeScalars.first == "#" else { return nil }
    let digits = name.unicodeScalars.dropFirst()
    let hex = digits.first == "x" || digits.first == "X"
    let number = hex ? digits.dropFirst() : digits
    // Digits only: `UInt32` would also take a sign.
    guard
      number.allSatisfy({ $0.isASCIIDecimalDigit || (hex && $0.properties.isASCIIHexDigit) }),
      let value = UInt32(String(String.UnicodeScalarView(number)), radix: hex ? 16 : 10),
      value != 0, let scalar = Unicode.Scalar(value)
    else { return nil }
    return (scalar, semicolon + 1)
  }

  /// Adds `words` in the emphasis the open tags give, joining a span to the one before when
  /// they are alike.
  private mutating func append(_ words: String) {
    guard !words.isEmpty else { return }
    let start = text.utf8.count
    text += words
    guard bold + italic + underline > 0 else { return }
    let span = TextEmphasis(
      start: start, end: text.utf8.count, bold: bold > 0, italic: italic > 0,
      underline: underline > 0)
    if var last = emphasis.last, last.end == start, last.bold == span.bold,
      last.italic == span.italic, last.underline == span.underline
    {
      last.end = span.end
      emphasis[emphasis.count - 1] = last
    } else {
      emphasis.append(span)
    }
  }
}

/// A WebVTT timestamp tag inside a cue (`<00:00:19.000>`): the time a karaoke-style cue's
/// words after it start at.
struct CueInlineTimestamp: Sendable, Equatable {
  /// Where it falls in the cue's text, in UTF-8 bytes: the words after it start at its time.
  var offset: Int
  /// The tag as written between `<` and `>`, read into a time by the reader that needs it.
  var written: String
  /// Which of the cue's lines it is on (0 for the first after the timing line), and its
  /// column there (1-based, in scalars), for messages about it.
  var line: Int
  var column: Int
}
