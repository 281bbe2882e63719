import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `saturation`, the colour adjustment described by its descriptor alone, rendered as a user
/// would and judged on the movie as the ffmpeg command decodes it to R′G′B′: at 0 every pixel
/// is grey, at 1 the movie is byte for byte the one without the effect.
@Suite("chromake render: saturation", .tags(.endToEnd))
struct RenderSaturationTests {
  /// A 320×240 lossless movie, 10 fps, 0.5 s, of ffmpeg's colour test pattern, with `effect`
  /// (a line of the layer, or nothing).
  static func project(_ effect: String) -> String {
    """
    version: 1
    output:
      file: out.mp4
      size: 320x240
      fps: 10
      duration: 0.5s
      video: { crf: 0, preset: ultrafast }
    layers:
      - name: pattern
        source: pattern.mp4
        box: [0, 0, 320, 240]
    \(effect.isEmpty ? "" : "    " + effect)
    """
  }

  /// Renders the pattern with `effect` in a folder of its own; returns the movie's bytes and
  /// its frame 2 as RGB triples.
  static func render(_ effect: String) throws -> (movie: Data, rgb: [UInt8]) {
    try withScratchFolder { folder in
      try FFmpegCommand.ffmpeg([
        "-f", "lavfi", "-i", "testsrc2=s=320x240:r=10:d=0.5", "-c:v", "libx264", "-crf", "0",
        "-pix_fmt", "yuv420p", folder.path("pattern.mp4"),
      ])
      try project(effect).write(
        toFile: folder.path("project.yaml"), atomically: true, encoding: .utf8)
      let run = try ChromakeBinary.run(
        ["render", "project.yaml", "--progress", "none"], in: folder.url)
      guard run.status == 0 else { throw ToolFailure(description: run.stderr) }
      return (
        try Data(contentsOf: URL(fileURLWithPath: folder.path("out.mp4"))),
        try RenderedMovie.rgb24(folder.path("out.mp4"), frame: 2, in: folder)
      )
    }
  }

  /// The largest difference between two channels of one pixel, over the frame.
  static func largestTint(_ rgb: [UInt8]) -> Int {
    stride(from: 0, to: rgb.count, by: 3).map { i in
      let (r, g, b) = (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
      return max(abs(r - g), abs(g - b), abs(r - b))
    }.max() ?? 0
  }

  /// The mean over the frame of `largestTint`'s per-pixel difference.
  static func meanTint(_ rgb: [UInt8]) -> Double {
    let tints = stride(from: 0, to: rgb.count, by: 3).map { i in
      let (r, g, b) = (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
      return Double(max(abs(r - g), abs(g - b), abs(r - b)))
    }
    return tints.reduce(0, +) / Double(max(1, tints.count))
  }

  @Test("saturation 0 makes the colour pattern grey; its light and dark stay")
  func grey() throws {
    let plain = try Self.render("")
    let grey = try Self.render("saturation: 0")
    // The pattern is colourful, so a grey result is the effect's doing.
    #expect(Self.largestTint(plain.rgb) > 100)
    // Grey: R′ = G′ = B′ within the rounding of 8-bit Y′CbCr to R′G′B′.
    #expect(Self.largestTint(grey.rgb) <= 2, "largest tint \(Self.largestTint(grey.rgb))")
    let greens = stride(from: 1, to: grey.rgb.count, by: 3).map { Int(grey.rgb[$0]) }
    #expect((greens.max() ?? 0) - (greens.min() ?? 0) > 150, "the grey is not one flat level")
  }

  @Test("saturation 1 renders the same bytes as no saturation; moving to 1, halfway halves")
  func identity() throws {
    let plain = try Self.render("")
    let same = try Self.render("saturation: 1")
    #expect(same.movie == plain.movie)
    // Frame 2 is at 0.2 s: saturation 0.5 on the way from 0 to 1.
    let half = try Self.render("saturation: [ { at: 0, value: 0 }, { at: 0.4s, value: 1 } ]")
    #expect(half.movie != plain.movie)
    // A pixel's channels lie half as far apart: the adjustment is linear about its grey.
    let ratio = Self.meanTint(half.rgb) / Self.meanTint(plain.rgb)
    #expect(ratio > 0.45 && ratio < 0.55, "ratio \(ratio)")
  }
}
