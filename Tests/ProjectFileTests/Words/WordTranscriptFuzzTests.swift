import Diagnostics
import Foundation
import ProjectFile
import ProjectFixtures
import TestSupport
import Testing
import Timeline

/// Seeded mutations of each kind of word-timed transcript, as bytes, read as a captions layer
/// reads them: none may crash, each read gives words or a diagnostic, every diagnostic points
/// at a line and column inside the file, and the words read are in order, each with
/// `0 <= start <= end` under the limit on times.
///
/// CHROMAKE_FUZZ_SEED and CHROMAKE_FUZZ_ROUNDS run a longer or different search by hand; the
/// default rounds keep all five readers under a few seconds together.
@Suite("Fuzzed word-timed transcripts", .ownTimeLimit(.seconds(60)))
struct WordTranscriptFuzzTests {
  /// What an attacker types into a transcript: JSON's structure and escapes, numbers far
  /// past any time, nesting past the limit, special tokens and timestamp tags, line ends,
  /// controls and bytes that are no UTF-8.
  static let tokens: [[UInt8]] =
    [
      "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "\\udc00\\ud800", "\\u0000",
      "\\n", "\"start\": ", "\"end\": ", "\"word\": ", "\"text\": ", "\"words\": [",
      "\"segments\": ", "\"tokens\": [", "\"offsets\": {\"from\": 1, \"to\": 0}", "null",
      "true", "NaN", "Infinity", "-Infinity", "-1", "-0", "0.0000000001", "1e999999",
      "1e-999999", "99999.9999999999", "100000", "1E+5", "01", ".5", "1.", "+1",
      String(repeating: "9", count: 80), String(repeating: "[", count: 100),
      String(repeating: "{\"a\":", count: 80), "[_BEG_]", "[_TT_9]", " [_", "<00:00:01.000>",
      "<99:99:99.999>", "<c>", "</c>", "-->", "WEBVTT\n", "\r", "\n", "\r\n", "\t", " ",
      "\u{FEFF}", "\u{202E}", "\u{301}", "\u{1F355}", "你好", "مرحبا",
    ].map { Array($0.utf8) } + [
      [0xED, 0xA0, 0x80], [0x80], [0xC0, 0xAF], [0xFF], [0xE4, 0xBD], [0xF0, 0x9F], [0x00],
    ]

  /// `bytes` with one to four edits: a bit flipped, a token inserted, a run cut, a line
  /// repeated, or the file cut short.
  static func mutate(_ bytes: [UInt8], _ random: inout ProjectMutator.Random) -> [UInt8] {
    var out = bytes
    for _ in 0...random.below(4) {
      let at = random.below(out.count + 1)
      switch random.below(6) {
      case 0 where !out.isEmpty:
        let index = random.below(out.count)
        out[index] ^= UInt8(1) << UInt8(random.below(8))
      case 1, 2:
        out.insert(contentsOf: random.pick(tokens), at: at)
      case 3:
        out.removeSubrange(at..<min(out.count, at + random.below(40)))
      case 4:
        out.removeSubrange(at..<out.count)
      default:
        let lines = out.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        out.insert(contentsOf: random.pick(lines) + [UInt8(ascii: "\n")], at: at)
      }
    }
    return out
  }

  /// The problems of `read` that point outside its file.
  static func misplaced(_ read: WordTranscriptRead) -> [Diagnostic] {
    let lines = read.text.map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
    return read.diagnostics.filter { diagnostic in
      guard let location = diagnostic.location, location.line >= 1, location.column >= 1 else {
        return true
      }
      guard let lines else { return location.line != 1 || location.column != 1 }
      guard location.line <= max(1, lines.count) else { return true }
      let width = location.line <= lines.count ? lines[location.line - 1].unicodeScalars.count : 0
      return location.column > width + 1
    }
  }

  /// Mutates the fixtures `names` `rounds` times and checks every read.
  static func fuzz(_ names: [String], defaultRounds: Int, seed defaultSeed: UInt64) throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["CHROMAKE_FUZZ_SEED"].flatMap { UInt64($0) } ?? defaultSeed
    let rounds = environment["CHROMAKE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? defaultRounds
    let bases = try names.map { name in
      (
        name,
        [UInt8](try Data(contentsOf: WordTranscriptReaderTests.folder.appendingPathComponent(name)))
      )
    }
    var random = ProjectMutator.Random(state: seed)
    var (rejected, withWords) = (0, 0)
    let started = ThreadCPUTime.now
    for round in 0..<rounds {
      let (name, base) = random.pick(bases)
      let bytes = mutate(base, &random)
      let read = WordTranscriptReader.read(bytes: bytes, file: name)
      let outside = misplaced(read)
      let places = outside.map { "\($0.location?.description ?? "-") \($0.message)" }
      #expect(outside.isEmpty, "round \(round): \(places) in \(bytes)")
      #expect(!read.words.isEmpty || !read.diagnostics.isEmpty, "round \(round)")
      #expect(read.words.isEmpty || !read.diagnostics.hasErrors, "round \(round)")
      #expect(read.diagnostics.count <= 51, "round \(round)")
      let limit = Rational(TimeParser.maxSeconds)
      for word in read.words {
        #expect(word.start >= .zero && word.start <= word.end && word.end < limit)
        #expect(
          !word.text.isEmpty && word.text.unicodeScalars.first?.properties.isWhitespace == false)
      }
      for (a, b) in zip(read.words, read.words.dropFirst()) {
        #expect(a.start <= b.start, "round \(round): \(a.text) then \(b.text)")
      }
      if read.diagnostics.hasErrors { rejected += 1 }
      if !read.words.isEmpty { withWords += 1 }
      var sources = SourceText()
      if let text = read.text { sources.add(file: name, text: text) }
      let printed = DiagnosticPrinter(sources: sources, useColor: false).render(read.diagnostics)
      #expect(!printed.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{0}" })
    }
    let seconds = ThreadCPUTime.now - started
    // The mutations must reach the error paths and the words alike.
    #expect(rejected > rounds / 5, "\(rejected) of \(rounds) rejected")
    // JSON breaks at most edits; a few reads in a hundred still give words.
    #expect(withWords > rounds / 50, "\(withWords) of \(rounds) with words")
    // Processor time, generous: a few hundredths of a second for the default rounds.
    #expect(seconds < 5 * Double(max(rounds, 300)) / 300, "\(seconds) s")
  }

  @Test("WhisperX JSON: 300 seeded mutations")
  func whisperX() throws {
    try Self.fuzz(
      ["whisperx.json", "whisperx_untimed.json", "whisperx_estimated.json"], defaultRounds: 300,
      seed: 0x5752)
  }

  @Test("whisper.cpp JSON: 300 seeded mutations")
  func whisperCpp() throws {
    try Self.fuzz(["whispercpp.json", "whispercpp_split.json"], defaultRounds: 300, seed: 0x5743)
  }

  @Test("caption lists: 300 seeded mutations")
  func timedTextArray() throws {
    try Self.fuzz(["remotion.json"], defaultRounds: 300, seed: 0x5754)
  }

  @Test("WebVTT with timestamps: 300 seeded mutations")
  func webVTT() throws {
    try Self.fuzz(
      ["karaoke.vtt", "youtube.vtt", "estimated.vtt"], defaultRounds: 300, seed: 0x5756)
  }

  @Test("SubRip, spread: 300 seeded mutations")
  func subRip() throws {
    try Self.fuzz(["estimated.srt", "cjk.srt"], defaultRounds: 300, seed: 0x5753)
  }
}
