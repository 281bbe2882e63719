import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `fade_in` and `fade_out` on visual layers: opacity × clamp((t − start) / fade_in, 0, 1) ×
/// clamp((end − t) / fade_out, 0, 1), checked on every frame.
@Suite("Render visual layers: fades", .tags(.endToEnd))
struct RenderFadeTests {
  /// The fade factor at frame `k` (10 fps) of a layer shown from `start` until `end`.
  static func fade(
    frame k: Int, start: Double, end: Double, fadeIn: Double, fadeOut: Double
  ) -> Double {
    let t = Double(k) / 10
    // A fade of 0 is no fade; the layer is drawn on start ≤ t < end.
    guard t >= start, t < end else { return 0 }
    let fadingIn = fadeIn > 0 ? min(max((t - start) / fadeIn, 0), 1) : 1
    return fadingIn * (fadeOut > 0 ? min(max((end - t) / fadeOut, 0), 1) : 1)
  }

  /// Checks every frame of `frames` against `over` faded by `alpha(k)` over `under`.
  static func expectFades(
    _ frames: [YUVFrame], over: SIMD3<Double>, under: SIMD3<Double>, alpha: (Int) -> Double
  ) {
    for (k, frame) in frames.enumerated() {
      let a = alpha(k)
      let expected = under + (over - under) * a
      let rect = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height).inset(2)
      #expect(
        frame.worstDeviation(in: rect, from: expected) <= 3,
        "frame \(k), α \(a): expected \(expected), got \(frame.mean(in: rect))")
    }
  }

  @Test("a fill fades in over 1 s and out over 1 s of a 4 s output")
  func fillFades() throws {
    try withScratchFolder { folder in
      let yaml = StillProject.yaml(
        size: "64x48", duration: "4s",
        layers: "  - { name: card, fill: \"#E0C040\", fade_in: 1s, fade_out: 1s }")
      let frames = try StillProject.frames(yaml, in: folder)
      try #require(frames.count == 40)
      let black = YCbCrCoding.output.codes(.zero)
      let card = YCbCrCoding.output.codes(rgb8(0xE0, 0xC0, 0x40))
      // Frame 0 shows the background, frame 5 half the card, frames 10–30 all of it.
      #expect(Self.fade(frame: 0, start: 0, end: 4, fadeIn: 1, fadeOut: 1) == 0)
      #expect(Self.fade(frame: 5, start: 0, end: 4, fadeIn: 1, fadeOut: 1) == 0.5)
      #expect(Self.fade(frame: 39, start: 0, end: 4, fadeIn: 1, fadeOut: 1) > 0.09)
      Self.expectFades(frames, over: card, under: black) {
        Self.fade(frame: $0, start: 0, end: 4, fadeIn: 1, fadeOut: 1)
      }
    }
  }

  @Test("a video layer starting at 0.2 s fades in and out over 0.5 s each")
  func videoFades() throws {
    try withScratchFolder { folder in
      let coding = YCbCrCoding(matrix: .bt709, fullRange: false)
      let color = SIMD3(0.9, 0.6, 0.2)
      try TestVideo.write("clip.mp4", in: folder, count: 10, coding: coding) { _ in
        .flat(width: 64, height: 48, color)
      }
      let layers = """
          - { name: clip, source: clip.mp4, start: 0.2s, fade_in: 0.5s, fade_out: 0.5s }
        """
      let frames = try RenderedMovie.frames(
        PictureProject.render(PictureProject.yaml(size: "64x48", layers: layers), in: folder),
        in: folder)
      // The clip's ten frames end the output at 1.2 s.
      try #require(frames.count == 12)
      Self.expectFades(
        frames, over: YCbCrCoding.output.codes(coding.decoded(color)),
        under: YCbCrCoding.output.codes(.zero)
      ) {
        Self.fade(frame: $0, start: 0.2, end: 1.2, fadeIn: 0.5, fadeOut: 0.5)
      }
    }
  }

  @Test("a fade out ends at the first frame not drawn: 0.3 s for a 0.25 s layer at 10 fps")
  func fadeEndsAtFirstFrameNotDrawn() throws {
    try withScratchFolder { folder in
      let yaml = StillProject.yaml(
        size: "64x48", duration: "0.6s",
        layers: "  - { name: card, fill: \"#FFFFFF\", duration: 0.25s, fade_out: 0.3s }")
      let frames = try StillProject.frames(yaml, in: folder)
      try #require(frames.count == 6)
      // Frames 0, 1 and 2 are drawn (t < 0.25), so the layer ends at 0.3 s: α 1, ⅔, ⅓, 0…
      Self.expectFades(
        frames, over: YCbCrCoding.output.codes(SIMD3(1, 1, 1)),
        under: YCbCrCoding.output.codes(.zero)
      ) {
        Self.fade(frame: $0, start: 0, end: 0.3, fadeIn: 0, fadeOut: 0.3)
      }
    }
  }
}
