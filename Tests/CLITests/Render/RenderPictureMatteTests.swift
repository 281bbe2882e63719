import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A luma `matte` is the layer's alpha: α = Y′ after range expansion, so limited-range white
/// (235) is opaque and black (16) transparent (docs/ARCHITECTURE.md, Keying maths).
@Suite("Render pictures: luma matte", .tags(.endToEnd))
struct RenderPictureMatteTests {
  /// Matte bands: white, black, then luma code 126, which is α = 110 / 219 after expansion.
  static let bands: [(PixelRect, luma: Int)] = [
    (PixelRect(x: 0, y: 0, width: 96, height: 240), 235),
    (PixelRect(x: 96, y: 0, width: 96, height: 240), 16),
    (PixelRect(x: 192, y: 0, width: 128, height: 240), 126),
  ]

  /// A grey whose stored limited-range luma code is exactly `code` (and chroma 128).
  static func greyWithLuma(_ code: Int) -> SIMD3<Double> {
    let level = Double(code - 16) / 219
    return SIMD3(level, level, level)
  }

  @Test("white in the matte shows the layer, black the background, grey a mix")
  func lumaMatte() throws {
    try withScratchFolder { folder in
      let coding = YCbCrCoding(matrix: .bt709, fullRange: false)
      let orange = SIMD3(0.9, 0.45, 0.1)
      let layer = try TestVideo.still(
        "orange.mp4", in: folder, .flat(width: 320, height: 240, orange))
      let matte = try TestVideo.still(
        "matte.mp4", in: folder,
        .patches(
          width: 320, height: 240, Self.bands.map { ($0.0, Self.greyWithLuma($0.luma)) }))
      let layers = "  - { name: orange, source: \(layer), matte: \(matte) }"
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "320x240", background: "#204080", layers: layers), in: folder)
      let shown = YCbCrCoding.output.codes(coding.decoded(orange))
      let under = YCbCrCoding.output.codes(rgb8(0x20, 0x40, 0x80))
      for (rect, luma) in Self.bands {
        #expect(coding.stored(Self.greyWithLuma(luma)).x == luma)
        let alpha = Double(luma - 16) / 219
        let expected = under + (shown - under) * alpha
        let inner = rect.inset(4)
        #expect(
          frame.worstDeviation(in: inner, from: expected) <= 2,
          "matte luma \(luma): expected \(expected), got \(frame.mean(in: inner))")
      }
    }
  }

  @Test("a still picture as matte is held for the layer's whole time")
  func stillMatte() throws {
    try withScratchFolder { folder in
      let coding = YCbCrCoding(matrix: .bt709, fullRange: false)
      let orange = SIMD3(0.9, 0.45, 0.1)
      // Three frames of orange at 10 fps; the matte is one PNG picture: white left, black right.
      let layer = try TestVideo.still(
        "orange.mp4", in: folder, .flat(width: 320, height: 240, orange))
      try FFmpegCommand.ffmpeg([
        "-f", "lavfi", "-i", "color=white:size=160x240", "-f", "lavfi", "-i",
        "color=black:size=160x240", "-filter_complex", "[0][1]hstack,format=rgb24",
        "-frames:v", "1", folder.path("matte.png"),
      ])
      let layers = "  - { name: orange, source: \(layer), matte: matte.png }"
      let path = try PictureProject.render(
        PictureProject.yaml(size: "320x240", background: "#204080", layers: layers), in: folder)
      let frames = try RenderedMovie.frames(path, in: folder)
      #expect(frames.count == 3)
      let shown = YCbCrCoding.output.codes(coding.decoded(orange))
      let under = YCbCrCoding.output.codes(rgb8(0x20, 0x40, 0x80))
      let left = PixelRect(x: 0, y: 0, width: 160, height: 240).inset(4)
      let right = PixelRect(x: 160, y: 0, width: 160, height: 240).inset(4)
      for (number, frame) in frames.enumerated() {
        #expect(
          frame.worstDeviation(in: left, from: shown) <= 2,
          "frame \(number): white shows the layer, got \(frame.mean(in: left))")
        #expect(
          frame.worstDeviation(in: right, from: under) <= 2,
          "frame \(number): black shows the background, got \(frame.mean(in: right))")
      }
    }
  }
}
