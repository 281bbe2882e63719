import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `text` layers on a dark plate: ink stays in the box, wraps, and renders the same every time.
@Suite("Render text layers: ink, wrapping, determinism", .tags(.endToEnd))
struct RenderTextTests {
  static let plateHex = "#202020"
  static let plateLuma = YCbCrCoding.output.codes(rgb8(0x20, 0x20, 0x20)).x

  /// A 320×180 project of one text layer; `keys` are the layer's keys after `text`.
  static func project(_ text: String, _ keys: String) -> String {
    StillProject.yaml(
      size: "320x180", background: plateHex, duration: "0.1s",
      layers: "  - { name: title, text: \"\(text)\", \(keys) }")
  }

  @Test("text too large for its box is cut at the box, with a warning")
  func inkStaysInTheBox() throws {
    try withScratchFolder { folder in
      let box = PixelRect(x: 40, y: 30, width: 200, height: 100)
      let yaml = Self.project(
        "WWWWWWWWWW WWWWWWWWWW WWWWWWWWWW",
        "font: \"DejaVu Sans Bold 48\", box: [40, 30, 200, 100]")
      let run = try StillProject.run("render", yaml, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      #expect(
        run.stderr.contains("warning: layer 'title'"), "a warning says the text does not fit")
      let frame = try #require(try RenderedMovie.frames(folder.path("out.mp4"), in: folder).first)
      let ink = Ink(in: frame, plateLuma: Self.plateLuma)
      #expect(ink.count > 1000, "\(ink)")
      #expect(ink.isInside(box), "ink must not leave \(box): \(ink)")
      // The text really was cut: its ink reaches the box's right or bottom edge.
      let bounds = try #require(ink.bounds)
      #expect(
        bounds.x + bounds.width >= box.x + box.width - 2
          || bounds.y + bounds.height >= box.y + box.height - 2, "\(ink)")
    }
  }

  @Test("a sentence in a narrow box wraps onto several lines, inside the box, with no warning")
  func wrapping() throws {
    try withScratchFolder { folder in
      let box = PixelRect(x: 100, y: 10, width: 120, height: 160)
      let yaml = Self.project(
        "The quick brown fox jumps over the lazy dog",
        "font: \"DejaVu Sans 20\", box: [100, 10, 120, 160]")
      let run = try StillProject.run("render", yaml, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      #expect(!run.stderr.contains("warning"), "the text fits: \(run.stderr)")
      let frame = try #require(try RenderedMovie.frames(folder.path("out.mp4"), in: folder).first)
      let ink = Ink(in: frame, plateLuma: Self.plateLuma)
      let bounds = try #require(ink.bounds)
      #expect(ink.isInside(box), "\(ink)")
      #expect(ink.rowRuns >= 3, "several lines: \(ink)")
      #expect(bounds.height >= 60, "much taller than one 20 px line: \(ink)")
      #expect(bounds.width >= 60, "lines of words, not a column of letters: \(ink)")
    }
  }

  @Test("two renders of the same text project decode to identical frames")
  func deterministic() throws {
    let yaml = Self.project(
      "Same every time",
      """
      font: "DejaVu Serif Italic 36", color: "#FFD040", align: center, valign: middle, \
      background: "#30406080", padding: 8, outline: { width: 3, color: "#000000" }, \
      box: [10, 20, 300, 120]
      """)
    let renders = try (0..<2).map { _ in
      try withScratchFolder { folder in try StillProject.frames(yaml, in: folder) }
    }
    try #require(renders[0].count == 1 && renders[1].count == 1)
    let (a, b) = (renders[0][0], renders[1][0])
    #expect(Ink(in: a, plateLuma: Self.plateLuma).count > 500)
    #expect(a.luma == b.luma && a.cb == b.cb && a.cr == b.cr)
  }
}
