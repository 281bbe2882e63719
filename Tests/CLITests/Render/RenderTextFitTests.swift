import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// Text that fits its box, as a user sees it: the size `plan` chose, the ink of the render
/// (decoded by the ffmpeg command), and errors from `check` and `batch` before anything renders.
@Suite("Render text that fits: shrink, keep, one line, overflow errors", .tags(.endToEnd))
struct RenderTextFitTests {
  static let plateLuma = YCbCrCoding.output.codes(rgb8(0x20, 0x20, 0x20)).x

  static func project(_ layer: String) -> String {
    StillProject.yaml(size: "640x360", background: "#202020", duration: "0.1s", layers: layer)
  }

  /// The pixel size `chromake plan --json` chose for the first text layer.
  static func plannedSize(_ yaml: String, in folder: ScratchFolder) throws -> Double {
    let run = try StillProject.run("plan", yaml, in: folder, extra: ["--json"])
    try #require(run.status == 0, "\(run.stderr)")
    let plan = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
    let layers = plan?["layers"] as? [[String: Any]] ?? []
    let text = layers.compactMap { $0["text"] as? [String: Any] }.first
    let fit = try #require(text?["fit"] as? [String: Any])
    return try #require(fit["size"] as? Double)
  }

  static let long = "Everything in the store is half price this weekend only while stocks last"

  @Test("a long text shrinks to a whole size that fits: every glyph whole, inside the box")
  func shrinkToFit() throws {
    try withScratchFolder { folder in
      let box = PixelRect(x: 40, y: 40, width: 300, height: 100)
      let fitted = Self.project(
        """
          - { name: t, text: "\(Self.long)", font: "DejaVu Sans Bold 64", box: [40, 40, 300, 100], size_min: 10 }
        """)
      let size = try Self.plannedSize(fitted, in: folder)
      #expect(size < 64 && size >= 10 && size == size.rounded(), "size \(size)")
      let run = try StillProject.run("render", fitted, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      #expect(!run.stderr.contains("warning"), "it fits: \(run.stderr)")
      let frame = try #require(try RenderedMovie.frames(folder.path("out.mp4"), in: folder).first)
      let ink = Ink(in: frame, plateLuma: Self.plateLuma)
      #expect(ink.isInside(box), "\(ink)")
      // Nothing was cut: the same text at the same size and width, in a box with room to
      // spare below, has exactly as much ink.
      let roomy = Self.project(
        """
          - { name: t, text: "\(Self.long)", font: "DejaVu Sans Bold \(Int(size))", box: [40, 40, 300, 300] }
        """)
      let whole = try #require(try StillProject.frames(roomy, in: folder).first)
      let reference = Ink(in: whole, plateLuma: Self.plateLuma)
      #expect(ink.count == reference.count, "fitted \(ink), whole \(reference)")
      #expect(reference.isInside(box), "the whole text stays in the fitted box: \(reference)")
    }
  }

  @Test("a short text keeps the font's own size, the largest")
  func shortTextKeepsItsSize() throws {
    try withScratchFolder { folder in
      let yaml = Self.project(
        """
          - { name: t, text: Sale, font: "DejaVu Sans Bold 64", box: [40, 40, 400, 200], size_min: 12 }
        """)
      let size = try Self.plannedSize(yaml, in: folder)
      #expect(size == 64)
    }
  }

  @Test("max_lines: 1 keeps a headline on one line, shrinking it until it fits")
  func oneLine() throws {
    try withScratchFolder { folder in
      let yaml = Self.project(
        """
          - { name: t, text: "A headline kept on one line", font: "DejaVu Sans 48", box: [20, 20, 600, 200], size_min: 8, max_lines: 1 }
        """)
      let size = try Self.plannedSize(yaml, in: folder)
      #expect(size < 48, "it had to shrink to stay on one line: \(size)")
      let frame = try #require(try StillProject.frames(yaml, in: folder).first)
      let ink = Ink(in: frame, plateLuma: Self.plateLuma)
      #expect(ink.rowRuns == 1, "one line: \(ink)")
      #expect(ink.isInside(PixelRect(x: 20, y: 20, width: 600, height: 200)), "\(ink)")
    }
  }

  @Test("overflow: error is found by check, at the text, before anything renders")
  func overflowErrorInCheck() throws {
    try withScratchFolder { folder in
      let yaml = Self.project(
        """
          - name: t
            text: "\(Self.long)"
            font: "DejaVu Sans Bold 40"
            box: [20, 20, 200, 50]
            size_min: 30
            overflow: error
        """)
      let run = try StillProject.run("check", yaml, in: folder)
      #expect(run.status != 0)
      let (line, column) = try #require(StillProject.position(of: "\"Everything", in: yaml))
      #expect(
        run.stderr.contains(
          "project.yaml:\(line):\(column): error: layer 't': the text does not fit its 200×50 box at 30 px [text-does-not-fit]"
        ),
        "\(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.path("out.mp4")))
    }
  }

  @Test("in a batch, a row whose text cannot fit fails alone, located at its data cell")
  func overflowErrorInBatch() throws {
    try withScratchFolder { folder in
      let yaml = """
        version: 1
        variables: { id: a, headline: Hi }
        output: { file: "out/{{id}}.mp4", size: 320x180, fps: 10, duration: 0.2s, video: { preset: ultrafast } }
        layers:
          - name: headline
            text: "{{headline}}"
            font: DejaVu Sans Bold 40
            box: [10, 10, 300, 60]
            size_min: 24
            max_lines: 1
            overflow: error
        """
      try yaml.write(
        to: folder.url.appendingPathComponent("ad.yaml"), atomically: true, encoding: .utf8)
      let csv = """
        id,headline
        one,Short
        two,A headline far too long for one line of this little box
        three,Fine too

        """
      try csv.write(
        to: folder.url.appendingPathComponent("ad.csv"), atomically: true, encoding: .utf8)
      let run = try ChromakeBinary.run(
        ["batch", "ad.yaml", "--data", "ad.csv"], in: folder.url)
      #expect(run.status != 0, "a failed row fails the batch")
      #expect(run.stderr.contains("ad.csv row 2"), "\(run.stderr)")
      #expect(
        run.stderr.contains("ad.csv:3:5: error: layer 'headline': the text does not fit"),
        "the error is at the row's headline cell: \(run.stderr)")
      #expect(run.stderr.contains("note: the text is set here (ad.yaml:6:11)"), "\(run.stderr)")
      for id in ["one", "three"] {
        #expect(FileManager.default.fileExists(atPath: folder.path("out/\(id).mp4")), "\(id)")
      }
      #expect(!FileManager.default.fileExists(atPath: folder.path("out/two.mp4")))
    }
  }
}
