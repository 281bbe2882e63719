import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A text layer's `color` (with alpha), `outline` and `background`, measured on the ink.
@Suite("Render text layers: colour, outline and background", .tags(.endToEnd))
struct RenderTextStyleTests {
  static let plate = rgb8(0x20, 0x20, 0x20)

  /// The first frame of a 320×180 render of one text layer over a #202020 plate.
  static func frame(_ keys: String, text: String = "HI", in folder: ScratchFolder) throws
    -> YUVFrame
  {
    let yaml = StillProject.yaml(
      size: "320x180", background: "#202020", duration: "0.1s",
      layers: "  - { name: title, text: \"\(text)\", font: \"DejaVu Sans Bold 80\", \(keys) }")
    return try #require(try StillProject.frames(yaml, in: folder).first)
  }

  /// The 2×2 blocks (one chroma sample each) whose four lumas and chroma all lie within 3 of
  /// `codes`.
  static func blocks(of codes: SIMD3<Double>, in frame: YUVFrame) -> Int {
    var count = 0
    for cy in 0..<(frame.height / 2) {
      for cx in 0..<(frame.width / 2) {
        let rect = PixelRect(x: 2 * cx, y: 2 * cy, width: 2, height: 2)
        if frame.worstDeviation(in: rect, from: codes) <= 3 { count += 1 }
      }
    }
    return count
  }

  @Test("red text's strokes are the output's red, and nothing is redder")
  func red() throws {
    try withScratchFolder { folder in
      let frame = try Self.frame("color: \"#FF0000\", box: [20, 20, 280, 140]", in: folder)
      let red = YCbCrCoding.output.codes(SIMD3(1, 0, 0))
      let reddest = frame.cr.indices.max { frame.cr[$0] < frame.cr[$1] } ?? 0
      let most = (cb: Double(frame.cb[reddest]), cr: Double(frame.cr[reddest]))
      #expect(abs(most.cr - red.z) <= 3 && abs(most.cb - red.y) <= 3, "\(most), red \(red)")
      let count = Self.blocks(of: red, in: frame)
      #expect(count >= 50, "2×2 blocks inside the strokes show pure red: \(count)")
    }
  }

  @Test("#FFFFFF80 text is half way between the plate and white inside its strokes")
  func translucentColor() throws {
    try withScratchFolder { folder in
      let frame = try Self.frame("color: \"#FFFFFF80\", box: [20, 20, 280, 140]", in: folder)
      let under = YCbCrCoding.output.codes(Self.plate)
      let white = YCbCrCoding.output.codes(SIMD3(1, 1, 1))
      let half = under + (white - under) * (128.0 / 255)
      let brightest = Double(frame.luma.max() ?? 0)
      #expect(abs(brightest - half.x) <= 3, "brightest ink \(brightest), expected \(half.x)")
      let count = Self.blocks(of: half, in: frame)
      #expect(count >= 50, "2×2 blocks inside the strokes show the blend: \(count)")
    }
  }

  @Test("an outline of width 4 reaches about 4 px past the fill on every side, in its colour")
  func outline() throws {
    try withScratchFolder { folder in
      let frame = try Self.frame(
        "outline: { width: 4, color: \"#00C0FF\" }, box: [20, 20, 280, 140]", in: folder)
      let blue = YCbCrCoding.output.codes(rgb8(0x00, 0xC0, 0xFF))
      let white = YCbCrCoding.output.codes(SIMD3(1, 1, 1))
      let fill = Ink(in: frame, plateLuma: YCbCrCoding.output.codes(Self.plate).x, threshold: 180)
      let all = Ink(in: frame, plateLuma: YCbCrCoding.output.codes(Self.plate).x, threshold: 40)
      let (inner, outer) = (try #require(fill.bounds), try #require(all.bounds))
      let reach = [
        inner.x - outer.x, outer.x + outer.width - inner.x - inner.width,
        inner.y - outer.y, outer.y + outer.height - inner.y - inner.height,
      ]
      #expect(reach.allSatisfy { (3...5).contains($0) }, "fill \(inner), with outline \(outer)")
      #expect(Self.blocks(of: white, in: frame) >= 50, "the fill stays white")
      #expect(Self.blocks(of: blue, in: frame) >= 10, "the outline is #00C0FF")
    }
  }

  @Test("a background fills exactly the box, blended by its alpha")
  func background() throws {
    try withScratchFolder { folder in
      let frame = try Self.frame(
        "background: \"#FF000080\", box: [40, 20, 200, 100]", text: "", in: folder)
      let under = YCbCrCoding.output.codes(Self.plate)
      let blend = under + (YCbCrCoding.output.codes(SIMD3(1, 0, 0)) - under) * (128.0 / 255)
      let box = PixelRect(x: 40, y: 20, width: 200, height: 100)
      #expect(frame.worstDeviation(in: box, from: blend) <= 3, "\(frame.mean(in: box))")
      for rect in [
        PixelRect(x: 0, y: 0, width: 320, height: 20),
        PixelRect(x: 0, y: 120, width: 320, height: 60),
        PixelRect(x: 0, y: 20, width: 40, height: 100),
        PixelRect(x: 240, y: 20, width: 80, height: 100),
      ] {
        #expect(frame.worstDeviation(in: rect, from: under) <= 2, "outside the box \(rect)")
      }
    }
  }
}
