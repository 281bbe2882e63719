import Foundation
import GPU
import Media
import PlanValues
import Testing
import Timeline

@testable import Compositing
@testable import RenderPlan

/// What motion costs: a layer whose keyframes move it is prepared once per frame while it
/// moves and never again once it holds still; keyframed opacity only restacks.
@Suite("Compositor: keyframed layers are prepared once per frame of motion, and no more")
struct KeyframedPreparationTests {
  @Test("20 frames: a slide for 10, then still; a fade throughout; a turn for 5")
  func preparationsFollowMotion() throws {
    let picture = try DecodedFrame.rgba(
      [UInt8](repeating: 180, count: 40 * 30 * 4), width: 40, height: 30, layout: .rgba8)
    let slide = Animated(keyframes: [
      Keyframe(
        at: .zero, value: FrameRect(x: -20, y: 10, width: 40, height: 30), ease: .easeOut),
      Keyframe(
        at: Rational(1), value: FrameRect(x: 100, y: 10, width: 40, height: 30), ease: .linear),
    ])
    let fade = Animated(keyframes: [
      Keyframe(at: .zero, value: 0.1, ease: .easeInOut),
      Keyframe(at: Rational(2), value: 1.0, ease: .linear),
    ])
    let turn = Animated(keyframes: [
      Keyframe(at: .zero, value: -20.0, ease: .linear),
      Keyframe(at: Rational(1, 2), value: 0.0, ease: .linear),
    ])
    let context = try GPUContext(platform: .surfaceless)
    let style = LayerStyle(fit: .contain, key: nil, sampleAspectRatio: .one, rotation: 0)
    let compositor = VideoCompositor(
      context: context, width: 256, height: 144, background: .black,
      styles: [style, style, style])
    var counts: [Int] = []
    for k in 0..<20 {
      let t = Rational(Int64(k), 10)
      let still = FrameRect(x: 150, y: 80, width: 40, height: 30)
      _ = try compositor.composite([
        LayerDraw(
          layer: 0, picture: picture, matte: nil,
          state: LayerState(box: slide.value(at: t), rotation: 0, opacity: 1)),
        LayerDraw(
          layer: 1, picture: picture, matte: nil,
          state: LayerState(box: still, rotation: 0, opacity: fade.value(at: t))),
        LayerDraw(
          layer: 2, picture: picture, matte: nil,
          state: LayerState(
            box: FrameRect(x: 60, y: 90, width: 40, height: 30), rotation: turn.value(at: t),
            opacity: 1)),
      ])
      counts.append(compositor.preparations)
    }
    // Frame 0 prepares all three; frames 1-10 the slide (it arrives on frame 10), frames 1-5
    // the turn (upright from frame 5); the fade never again.
    #expect(counts[0] == 3)
    #expect(counts[5] == 3 + 5 + 5)
    #expect(counts[10] == 3 + 10 + 5)
    #expect(counts[19] == counts[10], "nothing moves after frame 10: \(counts)")
  }
}
