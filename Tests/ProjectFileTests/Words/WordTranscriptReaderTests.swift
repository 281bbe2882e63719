import Diagnostics
import Foundation
import ProjectFile
import ProjectFixtures
import Testing
import Timeline

/// The word-timed transcript readers: every fixture under `Fixtures/words` against its golden
/// word list, every broken one under `Fixtures/words/invalid` against its golden diagnostics as
/// printed, and the times the issue names checked exactly, one by one.
@Suite("Word-timed transcripts")
struct WordTranscriptReaderTests {
  static let folder = Fixtures.folder.appendingPathComponent("words")
  static let invalidFolder = folder.appendingPathComponent("invalid")

  /// The fixtures in `folder` (no golden files), by name.
  static func files(in folder: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter {
      !$0.hasPrefix(".") && !$0.hasSuffix(".words.txt") && !$0.hasSuffix(".diagnostics.txt")
        && $0 != "invalid"
    }.sorted()
  }

  static func read(_ name: String, in folder: URL = folder) throws -> WordTranscriptRead {
    let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    return WordTranscriptReader.read(bytes: bytes, file: name)
  }

  static func readText(_ text: String, file: String = "t.json") -> WordTranscriptRead {
    WordTranscriptReader.read(bytes: Array(text.utf8), file: file)
  }

  /// `seconds` (digits, and a point) as an exact time: "1.25" is 5/4.
  static func t(_ seconds: String) -> Rational {
    let parts = seconds.split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count > 1 ? parts[1] : ""
    var scale: Int128 = 1
    for _ in fraction { scale *= 10 }
    return Rational(wide: Int128(parts[0] + fraction)!, scale)
  }

  /// The words, one a line (where each is written, its times in exact milliseconds or as a
  /// fraction, its text, and `|` after a cue's last), then the problems.
  static func listing(_ read: WordTranscriptRead) -> String {
    var lines = ["format: \(read.format?.rawValue ?? "none"), \(read.words.count) words"]
    for word in read.words {
      lines.append(
        "\(word.location.line):\(word.location.column)  \(time(word.start)) --> "
          + "\(time(word.end))  \"\(word.text)\"\(word.endsCue ? " |" : "")")
    }
    for d in read.diagnostics {
      let at = d.location.map { "\($0.line):\($0.column)" } ?? "-"
      lines.append("\(d.severity) \(at) [\(d.id)] \(d.message)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A time in seconds with three decimals when it is whole milliseconds, else as a fraction.
  static func time(_ value: Rational) -> String {
    let thousandths = value * Rational(1000)
    guard thousandths.denominator == 1 else { return "\(value)" }
    let ms = Int64(thousandths.numerator)
    return "\(ms / 1000).\(String(ms % 1000 + 1000).dropFirst())"
  }

  // MARK: Golden files

  @Test("each transcript fixture reads into its golden word list", arguments: files(in: folder))
  func golden(name: String) throws {
    let read = try Self.read(name)
    #expect(!read.diagnostics.hasErrors, "\(Self.listing(read))")
    #expect(!read.words.isEmpty)
    for (a, b) in zip(read.words, read.words.dropFirst()) { #expect(a.start <= b.start) }
    for word in read.words { #expect(word.start <= word.end) }
    GoldenFile.check(
      Self.listing(read), against: Self.folder.appendingPathComponent(name + ".words.txt"))
  }

  @Test(
    "each broken transcript gives its golden diagnostics, as printed",
    arguments: files(in: invalidFolder))
  func goldenDiagnostics(name: String) throws {
    let read = try Self.read(name, in: Self.invalidFolder)
    #expect(read.diagnostics.hasErrors)
    #expect(read.words.isEmpty)
    var sources = SourceText()
    if let text = read.text { sources.add(file: name, text: text) }
    let printed = DiagnosticPrinter(sources: sources, useColor: false).render(read.diagnostics)
    GoldenFile.check(
      printed, against: Self.invalidFolder.appendingPathComponent(name + ".diagnostics.txt"))
  }

  // MARK: Exact times

  @Test("WhisperX: seconds as written, exactly; a segment's last word ends its cue")
  func whisperX() throws {
    let read = try Self.read("whisperx.json")
    #expect(read.format == .whisperX)
    #expect(
      read.words.map(\.text) == ["Chromake", "renders", "your", "video.", "مرحبا", "بالعالم"])
    #expect(read.words[0].start == Rational(31, 1000) && read.words[0].end == Rational(612, 1000))
    #expect(read.words[3].start == Rational(132, 100) && read.words[3].end == Rational(5, 2))
    #expect(read.words.map(\.endsCue) == [false, false, false, true, false, true])
    // The word's location is its "word" value's.
    #expect(read.words[1].location.line == 9 && read.words[1].location.column == 18)
  }

  @Test("WhisperX: untimed words share the gap between their neighbours by characters")
  func untimed() throws {
    let read = try Self.read("whisperx_untimed.json")
    let words = read.words
    #expect(words.map(\.text) == ["Founded", "in", "1999", "and", "2024.", "42", "ok"])
    // "1999" fills 10.8 to 11.8; "2024." runs from 12.0 to its segment's end, 13.0.
    #expect(words[2].start == Self.t("10.8") && words[2].end == Self.t("11.8"))
    #expect(words[4].start == Self.t("12") && words[4].end == Self.t("13"))
    // "42" opens its segment: from the segment's start, 14.0, to "ok" at 14.5.
    #expect(words[5].start == Self.t("14") && words[5].end == Self.t("14.5"))
    let warnings = read.diagnostics.filter { $0.id == "untimed-words" }
    #expect(warnings.count == 1)
    #expect(warnings.first?.location?.line == 6)
    #expect(warnings.first?.severity == .warning)
  }

  @Test("WhisperX: a segment without words is spread by characters, with a warning")
  func whisperXEstimated() throws {
    let read = try Self.read("whisperx_estimated.json")
    // "Two" and "words" share 1.0 to 2.0 as 3 to 5; the Chinese is a word a character.
    #expect(read.words.map(\.text) == ["Two", "words", "你", "好", "世", "界。"])
    #expect(read.words[0].end == Self.t("1.375") && read.words[1].start == Self.t("1.375"))
    #expect(read.words[5].start == Self.t("2.6") && read.words[5].end == Self.t("3"))
    #expect(read.diagnostics.map(\.id) == ["estimated-word-times"])
  }

  @Test("whisper.cpp: pieces join into words, special tokens dropped, offsets in ms")
  func whisperCpp() throws {
    let read = try Self.read("whispercpp.json")
    #expect(read.format == .whisperCpp)
    #expect(read.words.map(\.text) == ["Chromake", "renders", "it.", "你", "好"])
    #expect(read.words[0].start == Self.t("0.04") && read.words[0].end == Self.t("0.82"))
    #expect(read.words[2].start == Self.t("1.52") && read.words[2].end == Self.t("2.4"))
    #expect(read.words.map(\.endsCue) == [false, false, true, false, true])
    #expect(read.diagnostics.isEmpty)
  }

  @Test("whisper.cpp -ml 1: an entry a word, so only the last word ends a cue")
  func whisperCppWordPerEntry() throws {
    let read = try Self.read("whispercpp_ml1.json")
    #expect(read.words.map(\.text) == ["Hello", "world.", "Bye"])
    #expect(read.words.map(\.endsCue) == [false, false, true])
    #expect(read.words[1].start == Self.t("0.32") && read.words[1].end == Self.t("0.9"))
  }

  @Test("whisper.cpp: a character split between tokens is joined whole")
  func whisperCppSplitCharacters() throws {
    let read = try Self.read("whispercpp_split.json")
    #expect(read.words.map(\.text) == ["你", "好", "😀"])
    #expect(read.words[0].start == .zero && read.words[0].end == Self.t("0.5"))
    #expect(read.words[2].start == Self.t("0.9") && read.words[2].end == Self.t("1.4"))
  }

  @Test("caption lists: startMs and endMs exactly, leading spaces trimmed, phrases spread")
  func timedTextArray() throws {
    let read = try Self.read("remotion.json")
    #expect(read.format == .timedTextArray)
    #expect(read.words.map(\.text) == ["Hello", "world,", "one", "two", "🍕"])
    #expect(read.words[1].start == Self.t("0.4") && read.words[1].end == Rational(9005, 10000))
    #expect(read.words[2].end == Self.t("1.3") && read.words[3].start == Self.t("1.3"))
    #expect(read.words.last?.endsCue == true)
    #expect(read.diagnostics.map(\.id) == ["estimated-word-times"])
  }

  @Test("WebVTT timestamps: a word from the timestamp before it to the next")
  func karaoke() throws {
    let read = try Self.read("karaoke.vtt")
    #expect(read.format == .webVTTWordTimes)
    #expect(read.words.map(\.text) == ["Like", "a", "big", "pizza", "Hey", "there"])
    // "Like a" shares 18 to 19 as 4 to 1.
    #expect(read.words[0].start == Self.t("18") && read.words[0].end == Self.t("18.8"))
    #expect(read.words[1].start == Self.t("18.8") && read.words[1].end == Self.t("19"))
    #expect(read.words[2].start == Self.t("19") && read.words[2].end == Self.t("19.5"))
    #expect(read.words[3].start == Self.t("19.5") && read.words[3].end == Self.t("20"))
    #expect(read.words[5].start == Self.t("20.25") && read.words[5].end == Self.t("21"))
    #expect(read.words.map(\.endsCue) == [false, false, false, true, false, true])
    #expect(read.diagnostics.isEmpty)
    // A word is placed at the timestamp before it.
    #expect(read.words[2].location.line == 4 && read.words[2].location.column == 8)
  }

  @Test("WebVTT as YouTube writes it: <c> tags, and repeated lines read once")
  func youTube() throws {
    let read = try Self.read("youtube.vtt")
    #expect(
      read.words.map(\.text) == ["welcome", "to", "the", "show", "tonight", "we", "cook"])
    #expect(read.words[0].start == .zero && read.words[0].end == Self.t("0.48"))
    #expect(read.words[3].start == Self.t("1.2") && read.words[3].end == Self.t("2"))
    #expect(read.words[4].start == Self.t("2.01") && read.words[4].end == Self.t("2.5"))
    #expect(read.words[6].start == Self.t("3") && read.words[6].end == Self.t("4"))
    #expect(read.diagnostics.isEmpty)
  }

  @Test("SubRip: each cue's words spread by characters, one warning at the first cue")
  func estimated() throws {
    let read = try Self.read("estimated.srt")
    #expect(read.format == .subRipEstimated)
    #expect(read.words.map(\.text) == ["Hi", "there", "Good", "morning,", "everyone"])
    // "Hi there": 2 and 5 characters of 1.0 to 2.0.
    #expect(read.words[0].end == Rational(9, 7) && read.words[1].start == Rational(9, 7))
    #expect(read.words[4].end == Self.t("4"))
    let warnings = read.diagnostics.filter { $0.id == "estimated-word-times" }
    #expect(warnings.count == 1 && warnings.first?.location?.line == 2)
  }

  @Test("Chinese and Japanese without spaces: a word a character, punctuation kept with it")
  func cjk() throws {
    let read = try Self.read("cjk.srt")
    #expect(read.words.map(\.text) == ["我", "喜", "欢", "披", "萨。", "東", "京", "Tower"])
  }

  @Test("columns count characters, lines end at CRLF, LF or CR, in UTF-8 and UTF-16 alike")
  func columns() throws {
    let text =
      "[\r\n{\"text\": \"a\", \"startMs\": 0, \"endMs\": 1},\r  {\"text\": \"🍕é\", \"startMs\": oops}]"
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    for bytes in [Array(text.utf8), [0xEF, 0xBB, 0xBF] + Array(text.utf8), utf16] {
      let read = WordTranscriptReader.read(bytes: bytes, file: "t.json")
      let error = try #require(read.diagnostics.first)
      #expect(error.id == "bad-json")
      #expect(error.location?.line == 3 && error.location?.column == 29, "\(error)")
      #expect(read.text?.split(separator: "\n").count == 3)
    }
  }

  // MARK: Numbers

  @Test(
    "times are read exactly as written",
    arguments: [
      ("1.234", "1.234"), ("0", "0"), ("-0", "0"), ("1e1", "10"), ("1.5E+2", "150"),
      ("2.3000000000000003", "2.3"), ("0.0000000004", "0"), ("0.0000000005", "0.000000001"),
      ("99999.999999999", "99999.999999999"),
    ])
  func exactSeconds(written: String, expected: String) {
    let read = Self.readText(
      #"{"segments": [{"words": [{"word": "a", "start": \#(written), "end": 99999.999999999}]}]}"#)
    #expect(read.words.first?.start == Self.t(expected), "\(Self.listing(read))")
  }

  @Test(
    "times that are no times are refused at their column",
    arguments: [
      "NaN", "Infinity", "-Infinity", "-0.001", "100000", "99999.9999999999",
      "1e5", "1e99999", "1" + String(repeating: "0", count: 70), "\"1\"", "true",
    ])
  func refusedSeconds(written: String) throws {
    let read = Self.readText(
      #"{"segments": [{"words": [{"word": "a", "start": \#(written), "end": 1}]}]}"#)
    let error = try #require(read.diagnostics.first { $0.severity == .error })
    #expect(error.location?.line == 1)
    #expect(error.location?.column == 49, "\(error.message)")
    #expect(read.words.isEmpty)
  }
}
