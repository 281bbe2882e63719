import Foundation
import GPU
import Media
import PlanValues
import TestSupport
import Testing
import Timeline

@testable import Compositing
@testable import RenderPlan

/// Every effect on the layer the stacking pass would otherwise fuse (a full-frame 8-bit 4:2:0
/// video placed pixel for pixel): the effect is drawn, never dropped, and the picture is the
/// same whichever path the compositor may take.
@Suite("Compositor: every effect on both paths")
struct EffectPathsTests {
  static let width = 192
  static let height = 108

  struct Effect: Sendable, CustomTestStringConvertible {
    var name: String
    var blur: Double = 0
    var corner: CornerRadius?
    var shadow: Shadow?
    /// Colour adjustments by key (`EffectDescriptor.adjustments`).
    var adjustments: [String: Double] = [:]
    var fit: Fit = .contain
    /// The box (a narrower one for contain-blur, whose bars need room).
    var box = FrameRect(x: 0, y: 0, width: 192, height: 108)
    var testDescription: String { name }
  }

  static let effects = [
    Effect(name: "blur 6", blur: 6),
    Effect(name: "blur 30 (shrunk 15 times)", blur: 30),
    Effect(name: "rounded corners", corner: CornerRadius(value: 24, relative: false)),
    Effect(
      name: "shadow",
      shadow: Shadow(color: RGBAColor(.black, alpha: 200), offset: SIMD2(6, 4), blur: 3),
      box: FrameRect(x: 16, y: 8, width: 144, height: 81)),
    Effect(
      name: "contain-blur", fit: .containBlur, box: FrameRect(x: 0, y: 0, width: 192, height: 160)),
  ]

  /// Every colour adjustment, at the end of its range furthest from its identity.
  static let adjustments = EffectDescriptor.adjustments.map { descriptor in
    let range = descriptor.parameter(descriptor.key).range ?? 0...0
    let identity = descriptor.shader?.identity ?? 0
    let value =
      identity - range.lowerBound > range.upperBound - identity
      ? range.lowerBound : range.upperBound
    return Effect(name: "\(descriptor.key) \(value)", adjustments: [descriptor.key: value])
  }

  @Test(
    "drawn on the prepared path whether fusing is on or off, and never dropped", .tags(.slow),
    arguments: effects + adjustments)
  func bothPaths(_ effect: Effect) throws {
    try withScratchFolder { folder in
      let clip = try CompositorPathsTests.frame(
        "clip", in: folder, size: "\(Self.width)x\(Self.height)", lum: "40+X",
        cb: "90+mod(X\\,32)*2", cr: "160-Y")
      let context = try GPUContext(platform: .surfaceless)
      let state = LayerState(
        box: effect.box, rotation: 0, opacity: 1, blur: effect.blur,
        cornerRadius: effect.corner, adjustments: effect.adjustments)
      let draw = LayerDraw(layer: 0, picture: clip, matte: nil, state: state)
      let height = effect.fit == .containBlur ? 160 : Self.height
      func composite(_ style: LayerStyle, fusing: Bool) throws -> (YCbCrPicture, Int) {
        let compositor = VideoCompositor(
          context: context, width: Self.width, height: height,
          background: RGBColor(red: 255, green: 255, blue: 255),
          styles: [style], fusing: fusing)
        return (try compositor.composite([draw]), compositor.preparations)
      }
      let style = LayerStyle(
        fit: effect.fit, key: nil, sampleAspectRatio: .one, rotation: 0, shadow: effect.shadow)
      let (fused, fusedPreparations) = try composite(style, fusing: true)
      let (prepared, _) = try composite(style, fusing: false)
      #expect(fusedPreparations == 1, "the effect's layer is prepared, not fused")
      let difference = CompositorPathsTests.largestDifference(fused, prepared)
      #expect(difference <= 2, "largest difference \(difference) codes")
      // Without the effect the same layer gives another picture: the effect was drawn.
      let plain = LayerStyle(fit: .contain, key: nil, sampleAspectRatio: .one, rotation: 0)
      var bare = draw
      bare.state.blur = 0
      bare.state.cornerRadius = nil
      bare.state.adjustments = [:]
      let compositor = VideoCompositor(
        context: context, width: Self.width, height: height,
        background: RGBColor(red: 255, green: 255, blue: 255),
        styles: [plain], fusing: true)
      let without = try compositor.composite([bare])
      let changed = CompositorPathsTests.largestDifference(fused, without)
      #expect(changed > 20, "the effect changes the picture by \(changed) codes at most")
    }
  }
}
