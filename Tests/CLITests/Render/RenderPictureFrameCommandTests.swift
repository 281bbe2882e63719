import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `chromake frame` shows exactly the movie's frame at the given time, as a PNG.
@Suite("Render pictures: chromake frame", .tags(.endToEnd))
struct RenderPictureFrameCommandTests {
  /// A 10 fps second whose frame `n` has a grey level of its own, a red patch that moves, and a
  /// green-screen layer with a magenta square to key over it.
  static func makeProject(in folder: ScratchFolder) throws {
    let coding = YCbCrCoding(matrix: .bt709, fullRange: false)
    try TestVideo.write("plate.mp4", in: folder, count: 10, coding: coding) { n in
      let level = 0.1 + 0.08 * Double(n)
      return .patches(
        width: 320, height: 240, base: SIMD3(level, level, level),
        [(PixelRect(x: 16 + 16 * n, y: 64, width: 64, height: 64), SIMD3(0.9, 0.1, 0.1))])
    }
    try TestVideo.write("screen.mp4", in: folder, count: 10, coding: coding) { _ in
      .patches(
        width: 160, height: 120, base: SIMD3(0, 1, 0),
        [(PixelRect(x: 40, y: 30, width: 80, height: 60), SIMD3(0.8, 0.2, 0.8))])
    }
    let layers = """
        - { name: plate, source: plate.mp4 }
        - name: screen
          source: screen.mp4
          box: [120, 100, 160, 120]
          opacity: 0.8
          key: { similarity: 0.2, smoothness: 0.1, spill: 0.5 }
      """
    try PictureProject.yaml(size: "320x240", layers: layers).write(
      to: folder.url.appendingPathComponent("project.yaml"), atomically: true, encoding: .utf8)
  }

  static func meanAbsoluteDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
    Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(max(a.count, 1))
  }

  @Test("--at 0.5s writes the movie's frame 5 as a PNG of the output's size")
  func frameMatchesMovie() throws {
    try withScratchFolder { folder in
      try Self.makeProject(in: folder)
      let render = try ChromakeBinary.run(
        ["render", "project.yaml", "--progress", "none"], in: folder.url)
      try #require(render.status == 0, "\(render.stderr)")
      let run = try ChromakeBinary.run(
        ["frame", "project.yaml", "--at", "0.5s", "-o", "f.png"], in: folder.url)
      try #require(run.status == 0, "\(run.stderr)")
      let png = folder.path("f.png")
      #expect(try TestVideo.probe("codec_name", of: png) == "png")
      #expect(try TestVideo.probe("width", of: png) == "320")
      #expect(try TestVideo.probe("height", of: png) == "240")
      let picture = try RenderedMovie.rgb24(png, in: folder)
      try #require(picture.count == 320 * 240 * 3)
      var differences: [Double] = []
      for k in 4...6 {
        let frame = try RenderedMovie.rgb24(folder.path("out.mp4"), frame: k, in: folder)
        differences.append(Self.meanAbsoluteDifference(picture, frame))
      }
      #expect(differences[1] <= 2, "mean difference from frame 5: \(differences[1])")
      // Its neighbours differ clearly, so the comparison tells frames apart.
      #expect(differences[0] > 8 && differences[2] > 8, "frames 4 and 6: \(differences)")
    }
  }

  @Test("--at past the end and a name not ending in .png exit 64")
  func badArguments() throws {
    try withScratchFolder { folder in
      try Self.makeProject(in: folder)
      let late = try ChromakeBinary.run(
        ["frame", "project.yaml", "--at", "1s", "-o", "f.png"], in: folder.url)
      #expect(late.status == 64)
      #expect(late.stderr.contains("past the end"), "\(late.stderr)")
      let jpeg = try ChromakeBinary.run(
        ["frame", "project.yaml", "--at", "0.5s", "-o", "f.jpg"], in: folder.url)
      #expect(jpeg.status == 64)
      #expect(jpeg.stderr.contains(".png"), "\(jpeg.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.path("f.png")))
      #expect(!FileManager.default.fileExists(atPath: folder.path("f.jpg")))
    }
  }
}
