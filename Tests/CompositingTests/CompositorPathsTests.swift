import Foundation
import GPU
import Media
import PlanValues
import TestSupport
import Testing
import Timeline

@testable import Compositing
@testable import RenderPlan

/// The compositor driven in process on llvmpipe: a layer fused into the stacking pass and the
/// same layer prepared on its own give the same picture; a layer is prepared only when what it
/// shows changes; rotation turns a layer about its box's centre.
@Suite("Compositor: fused and prepared layers, preparation once per change, rotation")
struct CompositorPathsTests {
  static let width = 256
  static let height = 144

  /// One lossless frame from `ffmpeg`'s `geq` (Y′, Cb and Cr as expressions of X and Y),
  /// tagged with `matrix` and `range` and decoded by chromake's decoder.
  static func frame(
    _ name: String, in folder: ScratchFolder, size: String, lum: String, cb: String, cr: String,
    matrix: String = "bt709", range: String = "tv"
  ) throws -> DecodedFrame {
    let path = folder.path(name + ".mkv")
    try FFmpegCommand.ffmpeg([
      "-f", "lavfi", "-i", "nullsrc=s=\(size):d=0.04,format=yuv420p",
      "-vf", "geq=lum='\(lum)':cb='\(cb)':cr='\(cr)'", "-frames:v", "1",
      "-c:v", "ffv1", "-pix_fmt", "yuv420p", "-colorspace", matrix, "-color_primaries", "bt709",
      "-color_trc", "bt709", "-color_range", range, path,
    ])
    let decoder = try VideoDecoder(path: path)
    return try #require(try decoder.frame(at: .zero))
  }

  static func style(key: KeyPlan? = nil) -> LayerStyle {
    LayerStyle(fit: .contain, key: key, sampleAspectRatio: .one, rotation: 0)
  }

  static func state(
    _ x: Int, _ y: Int, _ w: Int, _ h: Int, opacity: Double = 1, rotation: Double = 0
  )
    -> LayerState
  {
    LayerState(
      box: FrameRect(x: Double(x), y: Double(y), width: Double(w), height: Double(h)),
      rotation: rotation, opacity: opacity)
  }

  static func largestDifference(_ a: YCbCrPicture, _ b: YCbCrPicture) -> Int {
    zip([a.y, a.cb, a.cr], [b.y, b.cb, b.cr]).map { planeA, planeB in
      zip(planeA, planeB).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }.max() ?? 0
  }

  @Test(
    "fused and prepared: a plate, a keyed layer, a matted layer and a BT.601 full-range inset agree within 2 codes"
  )
  func fusedMatchesPrepared() throws {
    try withScratchFolder { folder in
      let size = "\(Self.width)x\(Self.height)"
      // Smooth fields, so the two paths' different (both allowed) interpolation of a 4:2:0
      // key's alpha stays within rounding: what is compared is the maths.
      let plate = try Self.frame(
        "plate", in: folder, size: size, lum: "60+X/2", cb: "100+Y/3", cr: "150-X/8")
      // From the key colour (BT.709 green: Cb 42, Cr 26) towards magenta along x.
      let keyed = try Self.frame(
        "keyed", in: folder, size: size, lum: "120+X/8", cb: "42+X*0.6", cr: "26+X*0.7")
      let layer = try Self.frame(
        "layer", in: folder, size: size, lum: "200-X/4", cb: "90+X/5", cr: "170-Y/4")
      let matte = try Self.frame(
        "matte", in: folder, size: size, lum: "16+Y*1.5", cb: "128", cr: "128")
      let inset = try Self.frame(
        "inset", in: folder, size: "128x64", lum: "30+X", cb: "60+X", cr: "200-Y",
        matrix: "bt470bg", range: "pc")
      #expect(inset.colorMatrix == .bt601 && inset.colorRange == .full)
      let key = KeyPlan(color: .green, similarity: 0.15, smoothness: 0.35, spill: 0.5)
      let styles = [Self.style(), Self.style(key: key), Self.style(), Self.style()]
      let draws = [
        LayerDraw(layer: 0, picture: plate, matte: nil, state: Self.state(0, 0, 256, 144)),
        LayerDraw(
          layer: 1, picture: keyed, matte: nil, state: Self.state(0, 0, 256, 144, opacity: 0.9)),
        LayerDraw(layer: 2, picture: layer, matte: matte, state: Self.state(0, 0, 256, 144)),
        LayerDraw(
          layer: 3, picture: inset, matte: nil, state: Self.state(64, 32, 128, 64, opacity: 0.6)),
      ]
      let context = try GPUContext(platform: .surfaceless)
      let fused = VideoCompositor(
        context: context, width: Self.width, height: Self.height, background: .black,
        styles: styles, fusing: true)
      let prepared = VideoCompositor(
        context: context, width: Self.width, height: Self.height, background: .black,
        styles: styles, fusing: false)
      let a = try fused.composite(draws)
      let b = try prepared.composite(draws)
      // Both paths really ran: every layer fused in one, every layer prepared in the other.
      #expect(fused.preparations == 0)
      #expect(prepared.preparations == draws.count)
      let difference = Self.largestDifference(a, b)
      #expect(difference <= 2, "largest difference \(difference) codes")
      // The key did something: at the left edge the keyed layer is the key colour, so what
      // shows is the plate (Y' 61) under 7 % of the matted layer (Y' 199.5): 70.7. Unkeyed,
      // the keyed layer's Y' 120 at 0.9 would make it about 117.
      #expect(abs(Int(a.y[Self.width * 10 + 2]) - 71) <= 2, "\(a.y[Self.width * 10 + 2])")
    }
  }

  @Test(
    "fused and prepared agree at the frame's edges: pictures partly off the frame, a frame width not a multiple of 8, a picture ending halfway through a stacking fragment, more layers on one spot than one pass holds"
  )
  func fusedMatchesPreparedAtEdges() throws {
    try withScratchFolder { folder in
      // 212 is even but not a multiple of 8: the stacking targets are padded.
      let (width, height) = (212, 120)
      let clip = try Self.frame(
        "clip", in: folder, size: "128x64", lum: "40+X", cb: "90+X/2", cr: "160-Y")
      // 8 more than a multiple of 16 wide, like a 1080-wide vertical video: its last stacking
      // fragments are half its own, and their right halves must show what lies under it.
      let narrow = try Self.frame(
        "narrow", in: folder, size: "56x32", lum: "200-X", cb: "60+X", cr: "100+Y")
      let context = try GPUContext(platform: .surfaceless)
      var draws = [
        // Off the left and top edges, and off the right and bottom ones.
        LayerDraw(layer: 0, picture: clip, matte: nil, state: Self.state(-16, -2, 128, 64)),
        LayerDraw(
          layer: 1, picture: clip, matte: nil, state: Self.state(144, 80, 128, 64, opacity: 0.7)),
        // Wholly off the frame.
        LayerDraw(layer: 2, picture: clip, matte: nil, state: Self.state(400, 0, 128, 64)),
        LayerDraw(layer: 3, picture: narrow, matte: nil, state: Self.state(96, 4, 56, 32)),
      ]
      // Translucent layers stacked on one spot, more than one pass's texture units hold.
      let count = context.maxTextureImageUnits
      for index in 0..<count {
        draws.append(
          LayerDraw(
            layer: 4 + index, picture: clip, matte: nil,
            state: Self.state(16 * (index % 4), 2 * (index % 3) + 30, 128, 64, opacity: 0.3)))
      }
      let styles = [LayerStyle](repeating: Self.style(), count: draws.count)
      let fused = VideoCompositor(
        context: context, width: width, height: height,
        background: RGBColor(red: 20, green: 90, blue: 200),
        styles: styles, fusing: true)
      let prepared = VideoCompositor(
        context: context, width: width, height: height,
        background: RGBColor(red: 20, green: 90, blue: 200),
        styles: styles, fusing: false)
      let a = try fused.composite(draws)
      let b = try prepared.composite(draws)
      #expect(fused.preparations == 0)
      let difference = Self.largestDifference(a, b)
      #expect(difference <= 2, "largest difference \(difference) codes")
      // The background shows where no layer is: the bottom-left corner.
      let background =
        ColorConversion.toOutput.apply(ColorConversion.rgb(RGBColor(red: 20, green: 90, blue: 200)))
        * 255
      #expect(abs(Int(a.y[(height - 1) * width]) - Int(background.x.rounded())) <= 1)
      // The top-left pixel is the first layer's picture at (16, 2): Y' 40 + 16 = 56, under
      // the stack of translucent layers, which do not reach it.
      #expect(abs(Int(a.y[0]) - 56) <= 1, "\(a.y[0])")
      // The narrow picture's last column (x 151: Y' 200 - 55), and past it, in the second half
      // of the same stacking fragment, the background again.
      #expect(abs(Int(a.y[10 * width + 151]) - 145) <= 1, "\(a.y[10 * width + 151])")
      #expect(abs(Int(a.y[10 * width + 152]) - Int(background.x.rounded())) <= 1)
    }
  }

  @Test("a still and a held frame are prepared once; a fade only restacks; a move prepares again")
  func preparedOncePerChange() throws {
    let red = try DecodedFrame.rgba(
      [UInt8](repeating: 0, count: 40 * 30 * 4).enumerated().map {
        $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 255 : 0
      },
      width: 40, height: 30, layout: .rgba8)
    let frameA = try DecodedFrame.rgba(
      [UInt8](repeating: 200, count: 64 * 36 * 4), width: 64, height: 36, layout: .rgba8)
    let frameB = try DecodedFrame.rgba(
      [UInt8](repeating: 90, count: 64 * 36 * 4), width: 64, height: 36, layout: .rgba8)
    let context = try GPUContext(platform: .surfaceless)
    let compositor = VideoCompositor(
      context: context, width: Self.width, height: Self.height, background: .black,
      styles: [Self.style(), Self.style()])
    func draws(_ video: DecodedFrame, stillOpacity: Double, stillX: Int) -> [LayerDraw] {
      [
        LayerDraw(layer: 0, picture: video, matte: nil, state: Self.state(10, 10, 128, 72)),
        LayerDraw(
          layer: 1, picture: red, matte: nil,
          state: Self.state(stillX, 90, 80, 40, opacity: stillOpacity)),
      ]
    }
    let first = try compositor.composite(draws(frameA, stillOpacity: 1, stillX: 150))
    #expect(compositor.preparations == 2)
    let held = try compositor.composite(draws(frameA, stillOpacity: 1, stillX: 150))
    #expect(compositor.preparations == 2, "a held frame and an unmoved still: nothing prepared")
    #expect(Self.largestDifference(first, held) == 0)
    let fading = try compositor.composite(draws(frameB, stillOpacity: 0.5, stillX: 150))
    #expect(compositor.preparations == 3, "a new video frame; the fading still only restacks")
    let stillCentre = 110 * Self.width + 190
    #expect(fading.y[stillCentre] < first.y[stillCentre], "half as opaque over black: darker")
    _ = try compositor.composite(draws(frameB, stillOpacity: 0.5, stillX: 151))
    #expect(compositor.preparations == 4, "the still moved: prepared again")
  }

  @Test(
    "a layer sliding in over the frame's edge, its bounds growing and shrinking, looks as a fresh compositor draws it"
  )
  func slidingLayerReusesTextures() throws {
    var pixels: [UInt8] = []
    for y in 0..<40 {
      for x in 0..<48 {
        pixels += [UInt8(x * 5), UInt8(y * 6), 120, 255]
      }
    }
    let picture = try DecodedFrame.rgba(pixels, width: 48, height: 40, layout: .rgba8)
    let context = try GPUContext(platform: .surfaceless)
    let moving = VideoCompositor(
      context: context, width: Self.width, height: Self.height, background: .black,
      styles: [Self.style()])
    for (x, y) in [(-60, 10), (-30, 10), (-7, 12), (20, -30), (230, 130), (100, 50), (-45, -35)] {
      let draw = LayerDraw(
        layer: 0, picture: picture, matte: nil, state: Self.state(x, y, 72, 60))
      let fresh = VideoCompositor(
        context: context, width: Self.width, height: Self.height, background: .black,
        styles: [Self.style()])
      let a = try moving.composite([draw])
      let b = try fresh.composite([draw])
      #expect(Self.largestDifference(a, b) == 0, "at \(x), \(y)")
    }
  }

  @Test("a layer turned 45° about its box's centre covers the turned square, not the box")
  func rotation() throws {
    let white = try DecodedFrame.rgba(
      [UInt8](repeating: 255, count: 64 * 64 * 4), width: 64, height: 64, layout: .rgba8)
    let context = try GPUContext(platform: .surfaceless)
    let compositor = VideoCompositor(
      context: context, width: Self.width, height: Self.height, background: .black,
      styles: [Self.style()])
    // The box's centre is (128, 72); the square's corners turn onto the axes, 45.25 px out.
    let picture = try compositor.composite([
      LayerDraw(
        layer: 0, picture: white, matte: nil, state: Self.state(96, 40, 64, 64, rotation: 45))
    ])
    func luma(_ x: Int, _ y: Int) -> Int { Int(picture.y[y * Self.width + x]) }
    #expect(luma(128, 72) == 235, "the centre")
    #expect(luma(128 + 40, 72) == 235, "beyond the box's side, inside the turned square")
    #expect(luma(128, 72 - 40) == 235)
    #expect(luma(128 + 28, 72 + 28) == 16, "a corner of the box, outside the turned square")
    #expect(luma(128 - 28, 72 - 28) == 16)
    // The edge is smooth: some pixel along it is partly covered.
    let edge = (0..<8).map { luma(128 + 41 + $0, 72) }
    #expect(edge.contains { $0 > 20 && $0 < 230 }, "edge \(edge)")
  }
}
