import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A font family that is not installed: a located warning naming the fallback, and a render
/// that still sets the text.
@Suite("Render text layers: a font that is not installed", .tags(.endToEnd))
struct RenderTextFontTests {
  static let yaml = StillProject.yaml(
    size: "320x180", background: "#202020", duration: "0.1s",
    layers: """
        - name: title
          text: Hello
          font: "No Such Family 40"
          box: [20, 20, 280, 140]
      """)

  @Test("check warns at the font value, naming the missing family and fontconfig's, and exits 0")
  func checkWarns() throws {
    try withScratchFolder { folder in
      let run = try StillProject.run("check", Self.yaml, in: folder)
      #expect(run.status == 0, "\(run.stderr)")
      let at = try #require(StillProject.position(of: "\"No Such Family 40\"", in: Self.yaml))
      let warning = try #require(
        run.stderr.split(separator: "\n").first { $0.contains("[font-not-installed]") },
        "\(run.stderr)")
      #expect(warning.hasPrefix("project.yaml:\(at.line):\(at.column): warning: "), "\(warning)")
      #expect(warning.contains("'No Such Family'"), "\(warning)")
      // The family fontconfig's own matcher falls back to: DejaVu Sans on a machine with only
      // DejaVu, Noto Sans once fonts-noto-core is installed, as `scripts/install-deps` does.
      let fallback = try ToolRun.run(tool: "fc-match", ["-f", "%{family[0]}", "No Such Family"])
      try #require(fallback.status == 0 && !fallback.stdout.isEmpty, "\(fallback.stderr)")
      #expect(warning.contains("'\(fallback.stdout)'"), "\(warning)")
    }
  }

  @Test("render warns the same way and draws the text in the fallback family")
  func renderFallsBack() throws {
    try withScratchFolder { folder in
      let run = try StillProject.run("render", Self.yaml, in: folder)
      try #require(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.contains("[font-not-installed]"), "\(run.stderr)")
      let frame = try #require(try RenderedMovie.frames(folder.path("out.mp4"), in: folder).first)
      let ink = Ink(in: frame, plateLuma: YCbCrCoding.output.codes(rgb8(0x20, 0x20, 0x20)).x)
      #expect(ink.count > 300, "\(ink)")
      #expect(ink.isInside(PixelRect(x: 20, y: 20, width: 280, height: 140)), "\(ink)")
    }
  }
}
