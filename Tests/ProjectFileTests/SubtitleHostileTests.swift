import Diagnostics
import Foundation
import ProjectFile
import Testing

/// Subtitle files nobody checked: every one is answered at once, with a located error, and
/// none costs more than its length.
@Suite("Hostile subtitle files")
struct SubtitleHostileTests {
  /// Reads `text` as `file`, timing it.
  static func read(_ text: String, format: SubtitleFormat) -> (SubtitleRead, Double) {
    let start = Date()
    let read = SubtitleReader.read(
      bytes: Array(text.utf8), file: "hostile.\(format == .subRip ? "srt" : "vtt")",
      format: format)
    return (read, Date().timeIntervalSince(start))
  }

  @Test(
    "a cue of a megabyte of '<', '{\\' or '&' is refused for its length, in well under a second",
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
