import Diagnostics
import PlanValues
import ProjectFile
import Testing

/// Files as real tools write them, and the corners a review found: each reads as a viewer
/// would expect, and nothing invisible reaches the picture.
@Suite("Subtitle files from the wild")
struct SubtitleWildTests {
  static func read(_ text: String, format: SubtitleFormat) -> SubtitleRead {
    SubtitleReader.read(text: text, file: "t", format: format)
  }

  @Test("YouTube's automatic WebVTT: a line of a space opens each cue, words carry timestamps")
  func youTube() {
    let read = Self.read(
      """
      WEBVTT
      Kind: captions
      Language: en

      00:00:00.000 --> 00:00:02.310 align:start position:0%
       
      so<00:00:00.320><c> today</c><00:00:00.640><c> we're</c>

      00:00:02.310 --> 00:00:02.320 align:start position:0%
      so today we're
       

      """, format: .webVTT)
    #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
    #expect(read.cues.map(\.text) == ["so today we're", "so today we're"])
  }

  @Test("a NOTE line with a timing line under it is a cue's identifier, not a comment")
  func noteAsIdentifier() {
    let read = Self.read(
      "WEBVTT\n\nNOTE translator: check this\n00:00:01.000 --> 00:00:02.000\nHello\n\n"
        + "NOTE a real comment\nthat runs on\n\n00:02.000 --> 00:03.000\nAgain\n",
      format: .webVTT)
    #expect(read.diagnostics.isEmpty)
    #expect(read.cues.map(\.text) == ["Hello", "Again"])
  }

  @Test("characters referred to are filtered as written ones: controls left out, a tab a space")
  func references() {
    let read = Self.read(
      "WEBVTT\n\n00:01.000 --> 00:02.000\na&#7;b&#x85;c&#9;d&#13;e\n", format: .webVTT)
    #expect(read.cues.map(\.text) == ["abc de"])
  }

  @Test("lines that show nothing around a cue's words are left out, with the emphasis moved")
  func emptyLinesAround() {
    let read = Self.read(
      "1\n00:00:01,000 --> 00:00:02,000\n<i></i>\n<b>Hello</b>\n<u> </u>\n\n"
        + "2\n00:00:03,000 --> 00:00:04,000\n<i></i>\n<b></b>\n", format: .subRip)
    #expect(read.diagnostics.isEmpty)
    #expect(read.cues.map(\.text) == ["Hello", ""])
    #expect(
      read.cues.first?.emphasis
        == [TextEmphasis(start: 0, end: 5, bold: true, italic: false, underline: false)])
  }

  @Test("a cue longer than 1,000 characters is an error at its timing line")
  func longCue() {
    let words = String(repeating: "word ", count: 201)
    let read = Self.read("1\n00:00:01,000 --> 00:00:02,000\n\(words)\n", format: .subRip)
    #expect(read.diagnostics.map(\.id) == ["text-too-long"])
    #expect(read.diagnostics.first?.location?.line == 2)
    #expect(read.cues.isEmpty)
  }

  @Test("a 60-character token is quoted in 40 characters, not in full")
  func quotedToken() {
    let token = String(repeating: "9", count: 60)
    let read = Self.read("1\n\(token) --> 00:00:02,000\nx\n", format: .subRip)
    let message = read.diagnostics.first?.message ?? ""
    #expect(message.contains(String(repeating: "9", count: 39) + "…"))
    #expect(!message.contains(token))
  }
}
