import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `{{name}}` in a text layer, filled from a batch's data rows: one movie per row, each
/// showing its own headline.
@Suite("Render text layers: templated text in a batch", .tags(.endToEnd))
struct RenderStillBatchTests {
  static let project = """
    version: 1
    variables: { id: x, headline: x }
    output:
      file: "out/{{id}}.mp4"
      size: 320x180
      fps: 10
      duration: 0.1s
      background: "#202020"
      video: { crf: 0, preset: ultrafast }
    layers:
      - name: title
        text: "{{headline}}"
        font: "DejaVu Sans 24"
        box: [10, 10, 300, 160]

    """

  @Test("three rows give three movies whose ink grows with the headline")
  func headlines() throws {
    try withScratchFolder { folder in
      try Self.project.write(
        to: folder.url.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
      let rows =
        "id,headline\nshort,A\nmiddle,AAAA WWWW\nlong,\"Hello world, this is a long headline\"\n"
      try rows.write(
        to: folder.url.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
      let run = try ChromakeBinary.run(["batch", "a.yaml", "--data", "rows.csv"], in: folder.url)
      try #require(run.status == 0, "\(run.stderr)")
      let plateLuma = YCbCrCoding.output.codes(rgb8(0x20, 0x20, 0x20)).x
      var inks: [Ink] = []
      var frames: [YUVFrame] = []
      for id in ["short", "middle", "long"] {
        let movie = try RenderedMovie.frames(folder.path("out/\(id).mp4"), in: folder)
        let frame = try #require(movie.first, "out/\(id).mp4 has no frames")
        frames.append(frame)
        inks.append(Ink(in: frame, plateLuma: plateLuma))
      }
      #expect(inks[0].count > 50, "\(inks)")
      #expect(inks[0].count < inks[1].count && inks[1].count < inks[2].count, "\(inks)")
      #expect(Set(frames.map(\.luma)).count == 3)
    }
  }
}
