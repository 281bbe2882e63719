import Diagnostics
import Foundation
import PlanValues
import ProjectFile
import ProjectFixtures
import Testing
import Timeline

/// The SubRip and WebVTT readers on their own: every fixture under `Fixtures/subtitles` against
/// its golden cue list, the same files in other encodings and line endings, and the emphasis
/// spans of non-ASCII text counted in bytes.
@Suite("Subtitle readers: SubRip and WebVTT")
struct SubtitleReaderTests {
  static let folder = Fixtures.folder.appendingPathComponent("subtitles")

  /// The subtitle fixtures, by name.
  static func files() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".srt") || $0.hasSuffix(".vtt") }.sorted()
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  /// Reads `bytes` as the file `name`, in the format its name says.
  static func read(_ bytes: [UInt8], as name: String) throws -> SubtitleRead {
    let format = try #require(SubtitleFormat(fileName: name))
    return SubtitleReader.read(bytes: bytes, file: name, format: format)
  }

  static func read(_ text: String, format: SubtitleFormat = .subRip) -> SubtitleRead {
    SubtitleReader.read(text: text, file: "t", format: format)
  }

  // MARK: Golden cue lists

  @Test(
    "each subtitle fixture reads into its golden cue list, with no problems", arguments: files())
  func golden(name: String) throws {
    let read = try Self.read(Self.bytes(name), as: name)
    #expect(read.diagnostics.isEmpty, "\(Self.listing(read))")
    for cue in read.cues { Self.checkSpans(cue) }
    let stem = String(name[..<name.lastIndex(of: ".")!])
    GoldenFile.check(
      Self.listing(read), against: Self.folder.appendingPathComponent(stem + ".cues.txt"))
  }

  @Test("there is a fixture for every edge case the issue names")
  func coverage() {
    let names = Set(Self.files())
    for name in [
      "srt_basic.srt", "srt_numbers.srt", "srt_separators.srt", "srt_blank_lines.srt",
      "srt_overlap.srt", "srt_tags.srt", "srt_non_ascii.srt", "vtt_basic.vtt", "vtt_headers.vtt",
      "vtt_tags.vtt", "vtt_compact.vtt",
    ] {
      #expect(names.contains(name), "missing fixture \(name)")
    }
  }

  /// Every cue, one a line: where its timing line is, its times to the millisecond, its text
  /// with line breaks shown as `\n`, and each emphasis span with the words it covers; then any
  /// problems.
  static func listing(_ read: SubtitleRead) -> String {
    var lines = ["format: \(read.format.rawValue), \(read.cues.count) cues"]
    for cue in read.cues {
      var line = "\(cue.location.line):\(cue.location.column)  "
      line += "\(time(cue.start)) --> \(time(cue.end))  \"\(shown(cue.text))\""
      for span in cue.emphasis {
        let flags = (span.bold ? "b" : "") + (span.italic ? "i" : "") + (span.underline ? "u" : "")
        let words = String(decoding: Array(cue.text.utf8)[span.start..<span.end], as: UTF8.self)
        line += "  [\(flags) \(span.start)..<\(span.end) \"\(shown(words))\"]"
      }
      lines.append(line)
    }
    for d in read.diagnostics {
      let at = d.location.map { "\($0.line):\($0.column) (\($0.length))" } ?? "-"
      lines.append("\(d.severity) \(at) [\(d.id)] \(d.message)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `t` as `HH:MM:SS.mmm` when it is whole milliseconds (as every cue time is), else as the
  /// fraction it is.
  static func time(_ t: Rational) -> String {
    let ms = t * Rational(1000)
    guard ms.denominator == 1, !ms.isNegative else { return "\(t)s" }
    let v = Int64(ms.numerator)
    func pad(_ n: Int64, _ width: Int) -> String {
      String(repeating: "0", count: max(0, width - String(n).count)) + String(n)
    }
    return "\(pad(v / 3_600_000, 2)):\(pad(v / 60_000 % 60, 2)):\(pad(v / 1000 % 60, 2))."
      + pad(v % 1000, 3)
  }

  /// `text` on one line: a line break as `\n`, `\` and `"` escaped, and characters with no
  /// glyph (controls, no-break space, direction marks) as `\u{…}`.
  static func shown(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xA0
          || scalar.properties.generalCategory == .format
        {
          out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  /// A cue's spans are non-empty, in order, apart, inside the text, on character boundaries,
  /// each with some emphasis, and no two touching spans alike (they would have been joined).
  static func checkSpans(
    _ cue: SubtitleCue, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let utf8 = cue.text.utf8
    var previous: TextEmphasis?
    for span in cue.emphasis {
      #expect(span.start < span.end && span.end <= utf8.count, sourceLocation: sourceLocation)
      #expect(span.bold || span.italic || span.underline, sourceLocation: sourceLocation)
      for offset in [span.start, span.end] {
        let index = utf8.index(utf8.startIndex, offsetBy: min(offset, utf8.count))
        #expect(
          index.samePosition(in: cue.text.unicodeScalars) != nil,
          "span \(span) splits a character of \"\(cue.text)\"", sourceLocation: sourceLocation)
      }
      if let previous {
        #expect(previous.end <= span.start, sourceLocation: sourceLocation)
        let alike =
          previous.bold == span.bold && previous.italic == span.italic
          && previous.underline == span.underline
        #expect(!(previous.end == span.start && alike), sourceLocation: sourceLocation)
      }
      previous = span
    }
  }

  // MARK: Encodings and line endings

  /// The same text as UTF-16 with a byte-order mark.
  static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
    var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
    for unit in text.utf16 {
      let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
      bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes
  }

  /// `text` with each LF made `ending`.
  static func withLineEnding(_ text: String, _ ending: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar == "\n" { out += ending } else { out.unicodeScalars.append(scalar) }
    }
    return out
  }

  @Test(
    "a UTF-8 byte-order mark, UTF-16 LE or BE with one, CRLF and lone-CR endings read alike",
    arguments: files())
  func encodings(name: String) throws {
    let bytes = try Self.bytes(name)
    let text = try #require(String(validating: bytes, as: UTF8.self))
    let plain = try Self.read(bytes, as: name)
    let variants: [(String, [UInt8])] = [
      ("UTF-8 BOM", [0xEF, 0xBB, 0xBF] + bytes),
      ("UTF-16 LE", Self.utf16(text, bigEndian: false)),
      ("UTF-16 BE", Self.utf16(text, bigEndian: true)),
      ("CRLF", Array(Self.withLineEnding(text, "\r\n").utf8)),
      ("CR", Array(Self.withLineEnding(text, "\r").utf8)),
      ("UTF-16 LE CRLF", Self.utf16(Self.withLineEnding(text, "\r\n"), bigEndian: false)),
      ("UTF-8 BOM CR", [0xEF, 0xBB, 0xBF] + Array(Self.withLineEnding(text, "\r").utf8)),
    ]
    for (what, variant) in variants {
      let read = try Self.read(variant, as: name)
      #expect(read.format == plain.format, "\(what)")
      #expect(read.cues == plain.cues, "\(what):\n\(Self.listing(read))")
      #expect(read.diagnostics == plain.diagnostics, "\(what)")
    }
  }

  @Test("line endings may be mixed in one file; a CR before a CRLF is a line of its own")
  func mixedLineEndings() {
    let read = Self.read(
      "1\r\n00:00:01,000 --> 00:00:02,000\rone\ntwo\r\r\n2\n00:00:03,000 --> 00:00:04,000\r\nthree")
    #expect(read.diagnostics.isEmpty)
    #expect(read.cues.map(\.text) == ["one\ntwo", "three"])
    #expect(read.cues.map(\.location.line) == [2, 7])
  }

  @Test("a broken timing line with no blank line before it is an error, not the cue's text")
  func brokenTimingWithoutBlankLine() {
    let srt = Self.read(
      "1\n00:00:01,000 --> 00:00:02,000\nFirst.\n2\n00:00:03,00 --> 00:00:04,000\nSecond.\n")
    #expect(srt.cues.map(\.text) == ["First."])
    #expect(srt.diagnostics.map { $0.location?.line } == [5])
    let vtt = Self.read(
      "WEBVTT\n\n00:01.000 --> 00:02.000\nFirst.\n00:03.0 --> 00:04.000\nSecond.\n",
      format: .webVTT)
    #expect(vtt.cues.map(\.text) == ["First."])
    #expect(vtt.diagnostics.map { $0.location?.line } == [5])
  }

  @Test("past 50 problems in one file, reading stops, and one more message says where")
  func manyProblems() {
    let text = (1...60).map { "\($0)\n00:00:0x,000 --> 00:00:01,000\nBad.\n" }
      .joined(separator: "\n")
    let read = Self.read(text)
    #expect(read.diagnostics.count == 51)
    let last = read.diagnostics.last
    #expect(last?.id == "too-many-problems")
    // The 51st cue's timing line, (51 - 1) × 4 + 2.
    #expect(last?.message == "more than 50 problems: the file is not read past line 202")
    #expect(last?.location?.line == 202)
  }

  @Test("a file starting WEBVTT is read as WebVTT whatever its name says")
  func signatureWins() {
    let read = Self.read("WEBVTT\n\n00:01.000 --> 00:02.000\n&amp; <v Joe>hi", format: .subRip)
    #expect(read.format == .webVTT)
    #expect(read.diagnostics.isEmpty)
    #expect(read.cues.map(\.text) == ["& hi"])
  }

  @Test("a file holding nothing, or only blank lines, has no cues and no problems")
  func empty() {
    for text in ["", "\n\n", " \r\n\t\r\n"] {
      let read = Self.read(text)
      #expect(read.cues.isEmpty && read.diagnostics.isEmpty, "\(Array(text.unicodeScalars))")
    }
    let vtt = Self.read("WEBVTT\n", format: .webVTT)
    #expect(vtt.cues.isEmpty && vtt.diagnostics.isEmpty)
  }

  @Test("bytes that are not UTF-8 are an error at the line and column of the first bad byte")
  func notUTF8() throws {
    // Latin-1 "Café" on line 3: the é (0xE9) is its fourth character.
    let latin1 = Array("1\n00:00:01,000 --> 00:00:02,000\nCaf".utf8) + [0xE9, 0x0A]
    let read = SubtitleReader.read(bytes: latin1, file: "old.srt", format: .subRip)
    let error = try #require(read.diagnostics.first)
    #expect(read.diagnostics.count == 1 && read.cues.isEmpty)
    // The text to quote the line from shows the bad byte as U+FFFD.
    #expect(read.text == "1\n00:00:01,000 --> 00:00:02,000\nCaf\u{FFFD}")
    #expect(error.id == "not-utf8")
    #expect(error.message == "subtitle file is not UTF-8 text: byte 0xE9 starts no character")
    #expect(error.location == SourceLocation(file: "old.srt", line: 3, column: 4))
    // After a byte-order mark, the columns still count from the line's first character.
    let marked = SubtitleReader.read(
      bytes: [0xEF, 0xBB, 0xBF] + latin1, file: "a", format: .subRip)
    #expect(marked.diagnostics.first?.location?.column == 4)
  }

  @Test("the first bad byte is found on its line in files with CRLF or lone-CR line endings")
  func notUTF8LineEndings() {
    for ending in ["\r\n", "\r"] {
      let text = ["1", "00:00:01,000 --> 00:00:02,000", "Caf"].joined(separator: ending)
      let read = SubtitleReader.read(
        bytes: Array(text.utf8) + [0xE9], file: "old.srt", format: .subRip)
      #expect(
        read.diagnostics.first?.location == SourceLocation(file: "old.srt", line: 3, column: 4),
        "\(Array(ending.unicodeScalars))")
    }
  }

  @Test("UTF-16 cut short, with a lone surrogate or a NUL: an error at its line and column")
  func brokenUTF16() throws {
    func read(_ text: String, bigEndian: Bool, then extra: [UInt8] = []) -> SubtitleRead {
      SubtitleReader.read(
        bytes: Self.utf16(text, bigEndian: bigEndian) + extra, file: "a", format: .subRip)
    }
    for bigEndian in [false, true] {
      // A last byte left over: after the last whole character, shown as U+FFFD to quote.
      let odd = read("1\r\n00:00:01,000 --> 00:00:02,000\r\nab", bigEndian: bigEndian, then: [0x63])
      #expect(odd.diagnostics.map(\.id) == ["not-utf8"])
      #expect(
        odd.diagnostics.first?.message
          == "subtitle file is UTF-16 with an odd number of bytes: it is cut short here")
      #expect(odd.diagnostics.first?.location == SourceLocation(file: "a", line: 3, column: 3))
      #expect(odd.text == "1\n00:00:01,000 --> 00:00:02,000\nab\u{FFFD}")
      // A high surrogate with no low one after it, on line 3 after "Caf".
      let lone = read(
        "1\n00:00:01,000 --> 00:00:02,000\nCaf", bigEndian: bigEndian,
        then: bigEndian ? [0xD8, 0x3D, 0x00, 0x21] : [0x3D, 0xD8, 0x21, 0x00])
      #expect(
        lone.diagnostics.first?.message
          == "subtitle file is not valid UTF-16: a surrogate has no partner")
      #expect(lone.diagnostics.first?.location == SourceLocation(file: "a", line: 3, column: 4))
      #expect(lone.text == "1\n00:00:01,000 --> 00:00:02,000\nCaf\u{FFFD}!")
      // A NUL on line 2, lines ended by lone CRs.
      let nul = read("1\r00:00\u{0}:01,000 --> 00:00:02,000\r", bigEndian: bigEndian)
      #expect(nul.diagnostics.first?.message == "subtitle file holds a NUL character")
      #expect(nul.diagnostics.first?.location == SourceLocation(file: "a", line: 2, column: 6))
      #expect(nul.diagnostics.count == 1 && nul.cues.isEmpty)
    }
    // UTF-16 without a byte-order mark looks like UTF-8 with NUL bytes.
    let unmarked = SubtitleReader.read(bytes: [0x31, 0x00, 0x0A, 0x00], file: "a", format: .subRip)
    #expect(unmarked.diagnostics.first?.message.contains("NUL") == true)
    #expect(unmarked.diagnostics.first?.location == SourceLocation(file: "a", line: 1, column: 2))
  }

  @Test("a UTF-32 file, either byte order, is named as UTF-32 at its byte-order mark")
  func utf32() throws {
    func utf32(_ text: String, bigEndian: Bool) -> [UInt8] {
      var bytes: [UInt8] = bigEndian ? [0, 0, 0xFE, 0xFF] : [0xFF, 0xFE, 0, 0]
      for scalar in text.unicodeScalars {
        let value = scalar.value
        let big = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
        bytes += bigEndian ? big : big.reversed()
      }
      return bytes
    }
    for (bigEndian, order) in [(false, "little"), (true, "big")] {
      let read = SubtitleReader.read(
        bytes: utf32("1\n00:00:01,000 --> 00:00:02,000\nHello\n", bigEndian: bigEndian),
        file: "a.srt", format: .subRip)
      let error = try #require(read.diagnostics.first)
      #expect(read.diagnostics.count == 1 && read.cues.isEmpty)
      #expect(
        error.message
          == "subtitle file is UTF-32 (\(order)-endian, by its byte-order mark); chromake reads "
          + "UTF-8 and UTF-16")
      #expect(
        error.help == "save it as UTF-8, for example: iconv -f UTF-32 -t UTF-8 old.srt > new.srt")
      #expect(error.location == SourceLocation(file: "a.srt", line: 1, column: 1))
    }
  }

  // MARK: Emphasis in bytes

  @Test("emphasis spans count UTF-8 bytes of the text shown, with non-ASCII words around them")
  func nonASCIIOffsets() {
    func spans(_ line: String, _ format: SubtitleFormat) -> (String, [TextEmphasis]) {
      let prefix = format == .webVTT ? "WEBVTT\n\n" : ""
      let read = Self.read(prefix + "00:00:01.000 --> 00:00:02.000\n" + line, format: format)
      return (read.cues.first?.text ?? "<no cue>", read.cues.first?.emphasis ?? [])
    }
    func e(_ start: Int, _ end: Int, b: Bool = false, i: Bool = false, u: Bool = false)
      -> TextEmphasis
    {
      TextEmphasis(start: start, end: end, bold: b, italic: i, underline: u)
    }
    for format in [SubtitleFormat.subRip, .webVTT] {
      // É and é are two bytes each: "Été" is bytes 0..<5, " à " 5..<9, "Paris" 9..<14.
      #expect(
        spans("<i>Été</i> à <b>Paris</b>", format) == (
          "Été à Paris", [e(0, 5, i: true), e(9, 14, b: true)]
        ))
      // Three bytes a character: 日本 0..<6, 語 6..<9, の 9..<12, 字幕 12..<18.
      #expect(
        spans("日本<b>語</b>の<u>字幕</u>", format)
          == ("日本語の字幕", [e(6, 9, b: true), e(12, 18, u: true)]))
      // Arabic letters are two bytes each: five of them, then a space and the rest.
      #expect(
        spans("<i>مرحبا</i> <b>بالعالم</b>", format)
          == ("مرحبا بالعالم", [e(0, 10, i: true), e(11, 25, b: true)]))
      // An emoji is four bytes; a combining accent two, after its letter's one.
      #expect(
        spans("<b>😀</b>e\u{301}<u>x</u>", format)
          == ("😀e\u{301}x", [e(0, 4, b: true), e(7, 8, u: true)]))
      // A span over a line break covers the break; one over a cut trailing space is cut too.
      #expect(
        spans("<i>ligne é \nsuivante</i>", format)
          == ("ligne é\nsuivante", [e(0, 17, i: true)]))
    }
  }

  @Test("in WebVTT, a decoded reference counts as the bytes of the character it stands for")
  func referenceOffsets() {
    let read = Self.read(
      "WEBVTT\n\n00:01.000 --> 00:02.000\n&eacute;&amp;<b>&#x65E5;</b>", format: .webVTT)
    // `&eacute;` is no reference WebVTT knows, so it stays as written (8 bytes); `&amp;` is one
    // byte; 日 is three.
    #expect(read.cues.first?.text == "&eacute;&日")
    #expect(
      read.cues.first?.emphasis == [
        TextEmphasis(start: 9, end: 12, bold: true, italic: false, underline: false)
      ])
  }
}
