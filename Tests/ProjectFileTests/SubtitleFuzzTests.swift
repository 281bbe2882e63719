import Diagnostics
import Foundation
import ProjectFile
import ProjectFixtures
import TestSupport
import Testing
import Timeline

/// Seeded mutations of real SubRip and WebVTT files, as bytes, read as a captions layer reads
/// them: none may crash, every problem must point at a line and column inside the file, and
/// the cues read keep the readers' bounds.
@Suite("Fuzzed subtitle files", .ownTimeLimit(.seconds(60)))
struct SubtitleFuzzTests {
  /// The subtitle fixtures (the golden ones and the broken ones), as bytes, with their names.
  static let bases: [(name: String, bytes: [UInt8])] = {
    let golden = SubtitleReaderTests.files().map { ("subtitles/" + $0, $0) }
    let broken = ["broken.srt", "broken.vtt", "no_signature.vtt"].map { ("invalid/" + $0, $0) }
    return (golden + broken).compactMap { path, name in
      (try? Data(contentsOf: Fixtures.folder.appendingPathComponent(path))).map {
        (name, [UInt8]($0))
      }
    }
  }()

  /// What an attacker types: line ends of every kind, controls, marks that join a digit or an
  /// arrow, numbers far too large, tags and references cut short, and bidi overrides.
  static let tokens: [[UInt8]] =
    [
      "\r", "\n", "\r\n", "\u{0}", "\u{B}", "\u{C}", "\u{1B}[2J", "\u{FEFF}", "\u{202E}", "\u{85}",
      "\u{2028}", "\u{301}", "\u{338}", "\u{20DD}", "-->", "->", " --> ", ":", ",", ".", "WEBVTT\n",
      "NOTE ", "99999:59:59,999", "100000:00:00,000", "27:46:40.000", "00:00:013.000",
      "99999999999999999999999", "00:00:00,99999999999", "<", ">", "<b", "</i>", "<font ",
      "<rt>", "{\\an8}", "{\\", "&", "&#", "&#x110000;", "&#99999999999;", "&#+5;", "&amp",
      "&lrm;", "\t", " ", "1\u{301}", "0\u{338}", "\u{1F600}",
    ].map { Array($0.utf8) } + [
      // Bytes that are no UTF-8: an encoded surrogate, a lone continuation, an overlong slash.
      [0xED, 0xA0, 0x80], [0x80], [0xC0, 0xAF], [0xFF], [0xFE, 0xFF], [0xFF, 0xFE, 0x00, 0x00],
    ]

  /// `bytes` with one to four edits: a bit flipped, a token inserted (a combining mark after a
  /// digit, more often than not), a run cut, or a line repeated.
  static func mutate(_ bytes: [UInt8], _ random: inout ProjectMutator.Random) -> [UInt8] {
    var out = bytes
    for _ in 0...random.below(4) {
      let at = random.below(out.count + 1)
      switch random.below(5) {
      case 0 where !out.isEmpty:
        let index = random.below(out.count)
        out[index] ^= UInt8(1) << UInt8(random.below(8))
      case 1:
        // After a digit, where a combining mark makes `"1\u{301}"` one Character.
        let digits = out.indices.filter { (0x30...0x39).contains(out[$0]) }
        let place = digits.isEmpty ? at : random.pick(digits) + 1
        out.insert(
          contentsOf: Array(random.pick(["\u{301}", "\u{338}", "\u{20DD}"]).utf8), at: place)
      case 2:
        out.insert(contentsOf: random.pick(tokens), at: at)
      case 3:
        out.removeSubrange(at..<min(out.count, at + random.below(40)))
      default:
        let lines = out.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let line = random.pick(lines) + [UInt8(ascii: "\n")]
        out.insert(contentsOf: line, at: at)
      }
    }
    return out
  }

  /// `bytes` as UTF-8 (with a byte-order mark or not), or their text (bad bytes as U+FFFD) as
  /// UTF-16 or UTF-32 in either byte order, with or without a byte-order mark, and sometimes
  /// a lone surrogate put in or the last byte cut off.
  static func encode(_ bytes: [UInt8], _ random: inout ProjectMutator.Random) -> [UInt8] {
    let text = String(decoding: bytes, as: UTF8.self)
    let bigEndian = random.below(2) == 0
    let marked = random.below(4) != 0
    switch random.below(8) {
    case 0, 1, 2: return bytes
    case 3: return [0xEF, 0xBB, 0xBF] + bytes
    case 4, 5:
      var units = Array(text.utf16)
      if random.below(3) == 0 {
        units.insert(
          random.pick([0xD800, 0xDBFF, 0xDC00, 0xDFFF]), at: random.below(units.count + 1))
      }
      var out: [UInt8] = marked ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
      for unit in units {
        let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
        out += bigEndian ? [high, low] : [low, high]
      }
      if random.below(4) == 0, !out.isEmpty { out.removeLast() }
      return out
    default:
      var out: [UInt8] = marked ? (bigEndian ? [0, 0, 0xFE, 0xFF] : [0xFF, 0xFE, 0, 0]) : []
      for scalar in text.unicodeScalars {
        let big = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: scalar.value >> $0) }
        out += bigEndian ? big : big.reversed()
      }
      return out
    }
  }

  /// The problems of `read` that point outside its file: before its first line or column, past
  /// its last line, or more than one column past the end of their line.
  static func misplaced(_ read: SubtitleRead) -> [Diagnostic] {
    let lines = read.text.map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
    return read.diagnostics.filter { diagnostic in
      guard let location = diagnostic.location, location.line >= 1, location.column >= 1 else {
        return true
      }
      // UTF-32 is refused at its byte-order mark, with no text to quote.
      guard let lines else { return location.line != 1 || location.column != 1 }
      guard location.line <= max(1, lines.count) else { return true }
      let width = location.line <= lines.count ? lines[location.line - 1].unicodeScalars.count : 0
      return location.column > width + 1
    }
  }

  @Test(
    "3,000 seeded mutations: no crash, every problem inside the file, cues within bounds",
    .tags(.slow))
  func mutations() {
    // CHROMAKE_FUZZ_SEED and CHROMAKE_FUZZ_ROUNDS run a longer or different search by hand.
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["CHROMAKE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5AB5
    let rounds = environment["CHROMAKE_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 3_000
    var random = ProjectMutator.Random(state: seed)
    var (rejected, withCues) = (0, 0)
    let started = ThreadCPUTime.now
    for round in 0..<rounds {
      let base = random.pick(Self.bases)
      let bytes = Self.encode(Self.mutate(base.bytes, &random), &random)
      let format = SubtitleFormat(fileName: base.name) ?? .subRip
      let read = SubtitleReader.read(bytes: bytes, file: base.name, format: format)
      let outside = Self.misplaced(read)
      let places = outside.map { "\($0.location?.description ?? "-") \($0.message)" }
      #expect(outside.isEmpty, "round \(round): \(places) in \(bytes)")
      // At most 50 problems and the one that counts the rest.
      #expect(read.diagnostics.count <= 51, "round \(round)")
      for cue in read.cues {
        let limit = Rational(TimeParser.maxSeconds)
        #expect(cue.start >= .zero && cue.end >= .zero, "round \(round)")
        #expect(cue.start < limit && cue.end < limit, "round \(round)")
        #expect(cue.text.unicodeScalars.count <= ProjectLimits.captionCharacters)
      }
      if read.diagnostics.hasErrors { rejected += 1 }
      if !read.cues.isEmpty { withCues += 1 }
      // Printed as the command prints them: no terminal control reaches the screen.
      var sources = SourceText()
      if let text = read.text { sources.add(file: base.name, text: text) }
      let printed = DiagnosticPrinter(sources: sources, useColor: false).render(read.diagnostics)
      #expect(
        !printed.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{0}" }, "round \(round)")
    }
    // Processor time, not the wall's: a loaded machine does not add to it (ThreadCPUTime).
    let seconds = ThreadCPUTime.now - started
    // The mutations must reach the error paths and the cues alike.
    #expect(rejected > rounds / 3, "\(rejected) of \(rounds) rejected")
    #expect(withCues > rounds / 10, "\(withCues) of \(rounds) with cues")
    // 10 s for the suite's 3,000 rounds (about 2 s alone), in proportion for a longer search.
    #expect(seconds < 10 * Double(max(rounds, 3_000)) / 3_000, "\(seconds) s")
  }
}
