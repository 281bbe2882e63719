import Diagnostics
import Foundation
import ProjectFile
import TestSupport
import Testing

/// Subtitle files nobody checked: every one is answered at once, with a located error, and
/// none costs more than its length.
@Suite("Hostile subtitle files")
struct SubtitleHostileTests {
  /// Reads `text` as `file`, with the processor seconds it took this thread (a loaded machine
  /// does not add to them, see ThreadCPUTime).
  static func read(_ text: String, format: SubtitleFormat) -> (SubtitleRead, Double) {
    ThreadCPUTime.measure {
      SubtitleReader.read(
        bytes: Array(text.utf8), file: "hostile.\(format == .subRip ? "srt" : "vtt")",
        format: format)
    }
  }

  @Test(
    "a cue of a megabyte of '<', '{\\' or '&' is refused for its length, in well under a second",
    .tags(.slow),
    arguments: ["<", "{\\", "<b", "&amp"], [SubtitleFormat.subRip, .webVTT])
  func longCue(piece: String, format: SubtitleFormat) {
    let header = format == .webVTT ? "WEBVTT\n\n" : "1\n"
    let body = String(repeating: piece, count: (1 << 20) / piece.utf8.count)
    let (read, seconds) = Self.read(
      header + "00:00:01.000 --> 00:00:02.000\n" + body + "\n", format: format)
    #expect(read.diagnostics.map(\.id) == ["text-too-long"])
    #expect(read.diagnostics.first?.location?.line == (format == .webVTT ? 3 : 2))
    #expect(read.cues.isEmpty)
    #expect(seconds < 1, "\(seconds) s")
  }

  @Test("tags never count toward a cue's 1,000 characters, however long it is as written")
  func tagsNotCounted() {
    // 4,800 characters as written, 600 shown: refused unread before, for its written length.
    let tagged = String(repeating: "<b>x</b>", count: 600)
    for format in [SubtitleFormat.subRip, .webVTT] {
      let header = format == .webVTT ? "WEBVTT\n\n" : "1\n"
      let (read, _) = Self.read(
        header + "00:00:01.000 --> 00:00:02.000\n" + tagged + "\n", format: format)
      #expect(read.diagnostics.isEmpty, "\(format)")
      #expect(read.cues.first?.text == String(repeating: "x", count: 600))
    }
    // What shows is counted, and said to be.
    let (long, _) = Self.read(
      "1\n00:00:01,000 --> 00:00:02,000\n<i>" + String(repeating: "y", count: 1001) + "</i>\n",
      format: .subRip)
    #expect(
      long.diagnostics.map(\.message) == [
        "the cue shows 1001 characters (tags not counted); a cue shows at most 1000"
      ])
    #expect(long.cues.isEmpty)
  }

  @Test("past 20,000 characters as written a cue is refused unread, and says why")
  func writtenBound() {
    let (read, _) = Self.read(
      "1\n00:00:01,000 --> 00:00:02,000\n" + String(repeating: "<b></b>", count: 2858) + "x\n",
      format: .subRip)
    #expect(
      read.diagnostics.map(\.message) == [
        "the cue is written in 20007 characters, tags included; a cue is written in at most 20000"
      ])
    #expect(read.diagnostics.first?.location?.line == 2)
  }

  @Test(
    "the worst markup within the written bound reads in linear time",
    arguments: [
      String(repeating: "<", count: 255) + ">", "<" + String(repeating: "a", count: 254) + ">",
      "</font" + String(repeating: " ", count: 249) + ">", "{\\", "&#x1F600", "<b.c.d ",
    ], [SubtitleFormat.subRip, .webVTT])
  func worstMarkup(piece: String, format: SubtitleFormat) {
    let header = format == .webVTT ? "WEBVTT\n\n" : "1\n"
    let line = String(repeating: piece, count: 19_990 / piece.unicodeScalars.count)
    let (read, seconds) = Self.read(
      header + "00:00:01.000 --> 00:00:02.000\n" + line + "\n", format: format)
    #expect(read.diagnostics.allSatisfy { $0.id == "text-too-long" })
    #expect(seconds < 0.5, "\(seconds) s")
  }

  @Test("a cue of 450 '<' that start no tag keeps every one")
  func manyOpenings() {
    let body = String(repeating: "a<", count: 450)
    let (read, seconds) = Self.read(
      "1\n00:00:01,000 --> 00:00:02,000\n\(body)\n", format: .subRip)
    #expect(read.diagnostics.isEmpty)
    #expect(read.cues.first?.text == body)
    #expect(seconds < 1, "\(seconds) s")
  }

  @Test("more cues than the limit: one error at the first cue too many, and no cues")
  func tooManyCues() {
    let limit = ProjectLimits.captionCues
    var text = ""
    for index in 0...limit {
      let seconds = index % 3600
      text += "00:\(seconds / 60 < 10 ? "0" : "")\(seconds / 60):"
      text += "\(seconds % 60 < 10 ? "0" : "")\(seconds % 60),000 --> "
      text += "00:\(seconds / 60 < 10 ? "0" : "")\(seconds / 60):"
      text += "\(seconds % 60 < 10 ? "0" : "")\(seconds % 60),500\nx\n\n"
    }
    let (read, seconds) = Self.read(text, format: .subRip)
    #expect(read.diagnostics.map(\.id) == ["too-many-cues"])
    #expect(read.diagnostics.first?.location?.line == 3 * limit + 1)
    #expect(read.cues.isEmpty)
    #expect(seconds < 5, "\(seconds) s")
  }

  @Test("a file of binary noise gives at most 50 problems and one line counting the rest")
  func noise() {
    var generator = SystemRandomNumberGenerator()
    var lines: [String] = []
    for _ in 0..<400 {
      let length = Int.random(in: 0..<40, using: &generator)
      let line = String(
        (0..<length).map { _ in "0123456789:,.-> abc<>{}\\&;".randomElement(using: &generator)! })
      lines.append(line)
    }
    let (read, _) = Self.read(lines.joined(separator: "\n"), format: .subRip)
    #expect(read.diagnostics.count <= 51)
    #expect(read.diagnostics.allSatisfy { $0.location != nil })
    if read.diagnostics.count == 51 {
      #expect(read.diagnostics.last?.id == "too-many-problems")
    }
  }
}
