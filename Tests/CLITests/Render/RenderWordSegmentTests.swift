import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Word captions in a segmented render: a changed word re-encodes only the segment it shows
/// in, and the result is a cold render's bytes, so the frame describer covers every page,
/// word box and word state the renderer draws.
@Suite("chromake render: word captions in segments", .tags(.endToEnd))
struct RenderWordSegmentTests {
  /// Words in segments 0, 2 and 4; `middle` is the second cue's last word.
  static func transcript(middle: String = "two") -> String {
    WordTranscripts.write(
      [
        [TestWord("One", 200, 400), TestWord("one", 400, 800)],
        [TestWord("Two", 2200, 2500), TestWord(middle, 2500, 2800)],
        [TestWord("Three", 4300, 4600), TestWord("three", 4600, 4900)],
      ], as: "whisperx.json")
  }

  static let project = """
    version: 1
    output:
      file: out.mp4
      size: 160x96
      fps: 30
      video: { crf: 20, preset: veryfast }
      segment: 1s
    layers:
      - { name: plate, source: codes.mp4 }
      - name: words
        captions: words.json
        font: "DejaVu Sans Bold 12"
        box: [0, 56, 160, 40]
        words:
          active: { color: "#FFE000", background: "#000000B0", scale: 1.2 }
          pop: { scale: 1.5, duration: 100ms }
    audio:
      - { name: tone, source: tone.wav }
    """

  static func prepare(_ folder: ScratchFolder, transcript: String) throws {
    try RenderSegmentTests.makeMedia(folder)
    try RenderSegmentTests.write(transcript, "words.json", in: folder)
    try RenderSegmentTests.write(project, "p.yaml", in: folder)
  }

  @Test("one changed word encodes its segment alone and gives a cold render's bytes")
  func changedWord() throws {
    try withScratchFolder { folder in
      try Self.prepare(folder, transcript: Self.transcript())
      try RenderSegmentTests.render(folder)
      try RenderSegmentTests.write(Self.transcript(middle: "deux"), "words.json", in: folder)
      let said = try RenderSegmentTests.render(folder, ["--explain"])
      #expect(said.contains("segments: 1 of 5 encoded, 4 reused"), "\(said)")
      #expect(said.contains("segment 2 (2.000 s to 3.000 s)"), "\(said)")
      let incremental = try RenderSegmentTests.bytes(folder.path("out.mp4"))
      try withScratchFolder { cold in
        try Self.prepare(cold, transcript: Self.transcript(middle: "deux"))
        try RenderSegmentTests.render(cold)
        #expect(try RenderSegmentTests.bytes(cold.path("out.mp4")) == incremental)
      }
    }
  }
}
