import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// What a render would fail on, late or unlocated, `check` finds first, at its line: pictures
/// that do not decode or are larger than chromake draws, outputs that cannot be written where
/// they are named, and a batch's project that cannot be read. Nothing is rendered here.
@Suite("check finds what a render would fail on", .tags(.endToEnd), .ownTimeLimit(.seconds(60)))
struct CheckBeforeRenderTests {
  private func write(_ text: String, _ name: String, in folder: ScratchFolder) throws {
    try text.write(to: folder.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  private func check(_ project: String, in folder: ScratchFolder) throws -> ToolRun {
    try ChromakeBinary.run(["check", project], in: folder.url)
  }

  /// The first error line of `stderr`, which must be `file:line:col: error:`.
  private func firstError(_ run: ToolRun) -> String {
    run.stderr.split(separator: "\n").first { $0.contains(": error: ") }.map(String.init) ?? ""
  }

  @Test(
    "a text file named .png, a damaged PNG and one wider than 16384: errors at the image and at the luma pattern"
  )
  func pictures() throws {
    try withScratchFolder { folder in
      try FFmpegCommand.ffmpeg([
        "-f", "lavfi", "-i", "color=c=red:s=64x64", "-frames:v", "1", folder.path("good.png"),
      ])
      try FFmpegCommand.ffmpeg([
        "-f", "lavfi", "-i", "color=c=red:s=16400x16", "-frames:v", "1", folder.path("wide.png"),
      ])
      try write("hello, I am not a picture\n", "text.png", in: folder)
      var damaged = try Data(contentsOf: folder.url.appendingPathComponent("good.png"))
      // Inside the compressed picture data, past the IHDR chunk: the header still probes.
      for offset in [60, 70, 80] { damaged[offset] ^= 0xFF }
      try damaged.write(to: folder.url.appendingPathComponent("damaged.png"))

      for (picture, message) in [
        ("text.png", "cannot be decoded"), ("damaged.png", "cannot be decoded"),
        ("wide.png", "is 16400×16; chromake draws pictures up to 16384 pixels on a side"),
      ] {
        try write(
          """
          version: 1
          output: { file: out/x.mp4, size: 64x48, fps: 10, duration: 1s }
          layers:
            - name: pic
              image: \(picture)
          """, "image.yaml", in: folder)
        let image = try check("image.yaml", in: folder)
        #expect(image.status == 65, "\(picture): \(image.stderr)")
        #expect(firstError(image).hasPrefix("image.yaml:5:12: error: "), "\(image.stderr)")
        #expect(firstError(image).contains(message), "\(image.stderr)")

        try write(
          """
          version: 1
          output: { file: out/x.mp4, size: 64x48, fps: 10 }
          layers:
            - name: story
              sequence:
                - { fill: "#FF0000", duration: 1s }
                - { transition: luma, duration: 0.5s, pattern: \(picture) }
                - { fill: "#0000FF", duration: 1s }
          """, "pattern.yaml", in: folder)
        let pattern = try check("pattern.yaml", in: folder)
        #expect(pattern.status == 65, "\(picture): \(pattern.stderr)")
        #expect(firstError(pattern).hasPrefix("pattern.yaml:7:"), "\(pattern.stderr)")
        #expect(firstError(pattern).contains(message), "\(pattern.stderr)")
      }
    }
  }

  @Test("a poster that is a folder, a poster named like the output, a % in a PNG sequence's folder")
  func outputs() throws {
    try withScratchFolder { folder in
      try FileManager.default.createDirectory(
        atPath: folder.path("out/poster.png"), withIntermediateDirectories: true)
      let cases = [
        (
          "file: out/x.mp4, poster: { file: out/poster.png }", "output-is-folder",
          "output.poster.file 'out/poster.png' is a folder"
        ),
        (
          "file: out/x.webp, poster: { file: out/x.webp }", "poster-is-output",
          "output.poster.file is output.file itself"
        ),
        (
          "file: \"out/shot%d/%05d.png\"", "bad-output-file",
          "a PNG sequence's folder cannot hold a '%'"
        ),
      ]
      for (output, id, message) in cases {
        try write(
          """
          version: 1
          output: { \(output), size: 64x48, fps: 10, duration: 1s }
          layers:
            - { name: card, fill: "#FF8000" }
          """, "out.yaml", in: folder)
        let run = try check("out.yaml", in: folder)
        #expect(run.status == 65, "\(output): \(run.stderr)")
        #expect(firstError(run).hasPrefix("out.yaml:2:"), "\(run.stderr)")
        #expect(
          firstError(run).contains(message) && run.stderr.contains("[\(id)]"), "\(run.stderr)")
      }
      // Nothing was written beside the folder that stands in the poster's place.
      let written = try FileManager.default.contentsOfDirectory(atPath: folder.path("out"))
      #expect(written == ["poster.png"])
    }
  }

  @Test("batch on a project with a YAML syntax error reports the syntax error, not its columns")
  func batchOnBrokenProject() throws {
    try withScratchFolder { folder in
      try write(
        """
        version: 1
        variables: { brand: teal }
        output: { file: "out/{{brand}}.mp4", size: 64x48, fps: 10, duration: 1s
        layers:
          - { name: card, fill: "#FF8000" }
        """, "ad.yaml", in: folder)
      try write("brand\nred\nblue\n", "ads.csv", in: folder)
      let run = try ChromakeBinary.run(["batch", "ad.yaml", "--data", "ads.csv"], in: folder.url)
      #expect(run.status == 65, "\(run.stderr)")
      #expect(firstError(run).hasPrefix("ad.yaml:"), "\(run.stderr)")
      #expect(!run.stderr.contains("has no variable"), "\(run.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }
  }
}
