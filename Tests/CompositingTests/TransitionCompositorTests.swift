import Foundation
import GPU
import Media
import PlanValues
import TestSupport
import Testing
import Timeline

@testable import Compositing
@testable import RenderPlan

/// The transition pass driven in process on llvmpipe: it reads the items as the fused path
/// would draw them alone, and a transition frame prepares each item at most once.
@Suite("Compositor: transitions between two items")
struct TransitionCompositorTests {
  static let width = 256
  static let height = 144

  static func transition(
    _ style: TransitionStyle, progress: Double, _ a: DecodedFrame, _ b: DecodedFrame
  ) -> CompositeItem {
    let full = CompositorPathsTests.state(0, 0, width, height)
    return .transition(
      TransitionDraw(
        index: 0, style: style, progress: progress,
        outgoing: LayerDraw(layer: 0, picture: a, matte: nil, state: full),
        incoming: LayerDraw(layer: 1, picture: b, matte: nil, state: full)))
  }

  @Test(
    "at progress 0 and 1 every transition shows exactly the outgoing or incoming item as the fused path draws it alone"
  )
  func endsMatchTheItemsAlone() throws {
    try withScratchFolder { folder in
      let size = "\(Self.width)x\(Self.height)"
      let a = try CompositorPathsTests.frame(
        "a", in: folder, size: size, lum: "60+X/2", cb: "100+Y/3", cr: "150-X/8")
      let b = try CompositorPathsTests.frame(
        "b", in: folder, size: size, lum: "200-X/4", cb: "90+X/5", cr: "170-Y/4")
      let context = try GPUContext(platform: .surfaceless)
      let styles = [CompositorPathsTests.style(), CompositorPathsTests.style()]
      let compositor = VideoCompositor(
        context: context, width: Self.width, height: Self.height, background: .black,
        styles: styles)
      let full = CompositorPathsTests.state(0, 0, Self.width, Self.height)
      let aloneA = try compositor.composite([
        LayerDraw(layer: 0, picture: a, matte: nil, state: full)
      ])
      let aloneB = try compositor.composite([
        LayerDraw(layer: 1, picture: b, matte: nil, state: full)
      ])
      // Drawn alone, both were fused: nothing prepared.
      #expect(compositor.preparations == 0)
      let styleCases: [TransitionStyle] = [
        .crossfade, .dip(color: .black), .wipe(direction: .left, softness: 0),
        .wipe(direction: .up, softness: 0.3), .slide(direction: .right),
        .push(direction: .down),
      ]
      for style in styleCases {
        let start = try compositor.composite([Self.transition(style, progress: 0, a, b)])
        let end = try compositor.composite([Self.transition(style, progress: 1, a, b)])
        let atStart = CompositorPathsTests.largestDifference(start, aloneA)
        let atEnd = CompositorPathsTests.largestDifference(end, aloneB)
        #expect(atStart <= 2, "\(style) at 0: \(atStart) codes from A alone")
        #expect(atEnd <= 2, "\(style) at 1: \(atEnd) codes from B alone")
      }
      // Half way, a crossfade is neither.
      let middle = try compositor.composite([Self.transition(.crossfade, progress: 0.5, a, b)])
      #expect(CompositorPathsTests.largestDifference(middle, aloneA) > 20)
      #expect(CompositorPathsTests.largestDifference(middle, aloneB) > 20)
    }
  }

  @Test(
    "a transition frame prepares each item at most once: stills once for the whole transition, a video once per new picture"
  )
  func oneTransitionFramePreparesEachItemOnce() throws {
    try withScratchFolder { folder in
      let size = "\(Self.width)x\(Self.height)"
      let still = try CompositorPathsTests.frame(
        "still", in: folder, size: size, lum: "100", cb: "128", cr: "128")
      var video: [DecodedFrame] = []
      for index in 0..<4 {
        video.append(
          try CompositorPathsTests.frame(
            "v\(index)", in: folder, size: size, lum: "\(40 + 10 * index)+X/4", cb: "128",
            cr: "128"))
      }
      let context = try GPUContext(platform: .surfaceless)
      // Both items through the pass (fusing off), and the still over the fused video.
      let pass = VideoCompositor(
        context: context, width: Self.width, height: Self.height, background: .black,
        styles: [CompositorPathsTests.style(), CompositorPathsTests.style()], fusing: false)
      let over = VideoCompositor(
        context: context, width: Self.width, height: Self.height, background: .black,
        styles: [CompositorPathsTests.style(), CompositorPathsTests.style()])
      for (frame, picture) in video.enumerated() {
        for compositor in [pass, over] {
          _ = try compositor.composite([
            Self.transition(
              .wipe(direction: .left, softness: 0.2), progress: Double(frame) / 4, picture,
              still)
          ])
        }
      }
      // Four frames: the video prepared four times, the still once, four transition draws.
      #expect(pass.preparations == 5)
      #expect(pass.transitionDraws == 4)
      // The still is opaque and fills the frame: it is wiped over the fused video, which is
      // never prepared.
      #expect(over.preparations == 1)
      #expect(over.transitionDraws == 4)
    }
  }

  @Test(
    "a crossfade into an opaque full-frame clip, drawn as two fused layers, matches the transition pass within 2 codes"
  )
  func crossfadeAsLayersMatchesThePass() throws {
    try withScratchFolder { folder in
      let size = "\(Self.width)x\(Self.height)"
      let a = try CompositorPathsTests.frame(
        "a", in: folder, size: "128x64", lum: "60+X/2", cb: "100+Y/3", cr: "150-X/8")
      let b = try CompositorPathsTests.frame(
        "b", in: folder, size: size, lum: "200-X/4", cb: "90+X/5", cr: "170-Y/4")
      let context = try GPUContext(platform: .surfaceless)
      let styles = [CompositorPathsTests.style(), CompositorPathsTests.style()]
      let layers = VideoCompositor(
        context: context, width: Self.width, height: Self.height,
        background: RGBColor(red: 30, green: 120, blue: 60), styles: styles, fusing: true)
      let pass = VideoCompositor(
        context: context, width: Self.width, height: Self.height,
        background: RGBColor(red: 30, green: 120, blue: 60), styles: styles, fusing: false)
      for progress in [0.2, 0.5, 0.85] {
        // A is a translucent inset, so the background shows through it and must fade alike.
        let item = CompositeItem.transition(
          TransitionDraw(
            index: 0, style: .crossfade, progress: progress,
            outgoing: LayerDraw(
              layer: 0, picture: a, matte: nil,
              state: CompositorPathsTests.state(64, 40, 128, 64, opacity: 0.7)),
            incoming: LayerDraw(
              layer: 1, picture: b, matte: nil,
              state: CompositorPathsTests.state(0, 0, Self.width, Self.height))))
        let drawnAsLayers = try layers.composite([item])
        let drawnByPass = try pass.composite([item])
        let difference = CompositorPathsTests.largestDifference(drawnAsLayers, drawnByPass)
        #expect(difference <= 2, "at \(progress): \(difference) codes apart")
      }
      // The two ways really ran: no pass and no preparation of B in the first.
      #expect(layers.transitionDraws == 0)
      #expect(pass.transitionDraws == 3)
    }
  }

  @Test(
    "a crossfade between two small insets apart is drawn over their bounds alone: the same as each inset at its share of opacity"
  )
  func transitionOverTheItemsBoundsOnly() throws {
    try withScratchFolder { folder in
      let a = try CompositorPathsTests.frame(
        "a", in: folder, size: "64x48", lum: "60+X", cb: "100+Y", cr: "150-X")
      let b = try CompositorPathsTests.frame(
        "b", in: folder, size: "64x48", lum: "200-X", cb: "90+X", cr: "170-Y")
      let context = try GPUContext(platform: .surfaceless)
      let styles = [CompositorPathsTests.style(), CompositorPathsTests.style()]
      let compositor = VideoCompositor(
        context: context, width: Self.width, height: Self.height,
        background: RGBColor(red: 200, green: 40, blue: 90), styles: styles, fusing: false)
      let left = CompositorPathsTests.state(10, 20, 64, 48)
      let right = CompositorPathsTests.state(150, 70, 64, 48)
      let crossfade = try compositor.composite([
        .transition(
          TransitionDraw(
            index: 0, style: .crossfade, progress: 0.3,
            outgoing: LayerDraw(layer: 0, picture: a, matte: nil, state: left),
            incoming: LayerDraw(layer: 1, picture: b, matte: nil, state: right)))
      ])
      var faded = [
        LayerDraw(layer: 0, picture: a, matte: nil, state: left),
        LayerDraw(layer: 1, picture: b, matte: nil, state: right),
      ]
      faded[0].state.opacity = 0.7
      faded[1].state.opacity = 0.3
      let layers = try compositor.composite(faded)
      let difference = CompositorPathsTests.largestDifference(crossfade, layers)
      #expect(difference <= 2, "\(difference) codes apart")
      #expect(compositor.transitionDraws == 1)
    }
  }

  @Test(
    "a wipe or luma into an opaque full-frame clip, and any slide, drawn as the incoming side over the outgoing item, match the full pass within 2 codes"
  )
  func incomingOverOutgoingMatchesThePass() throws {
    try withScratchFolder { folder in
      let size = "\(Self.width)x\(Self.height)"
      let a = try CompositorPathsTests.frame(
        "a", in: folder, size: size, lum: "60+X/2", cb: "100+Y/3", cr: "150-X/8")
      let b = try CompositorPathsTests.frame(
        "b", in: folder, size: size, lum: "200-X/4", cb: "90+X/5", cr: "170-Y/4")
      let inset = try CompositorPathsTests.frame(
        "inset", in: folder, size: "128x64", lum: "120+Y", cb: "60+X/2", cr: "200-X/3")
      // A diagonal ramp, read as grey levels.
      let ramp = try CompositorPathsTests.frame(
        "ramp", in: folder, size: size, lum: "16+(X+Y)/2", cb: "128", cr: "128")
      let context = try GPUContext(platform: .surfaceless)
      let styles = [CompositorPathsTests.style(), CompositorPathsTests.style()]
      func compositor(fusing: Bool) -> VideoCompositor {
        VideoCompositor(
          context: context, width: Self.width, height: Self.height,
          background: RGBColor(red: 30, green: 120, blue: 60), styles: styles,
          patterns: ["ramp.png": PatternGrey(ramp)], fusing: fusing)
      }
      let pattern = ImagePlan(
        path: "ramp.png",
        display: PictureDisplay(
          rotation: 0, sampleAspectRatio: .one, frameRate: nil, colorMatrix: "bt709",
          colorRange: "limited"))
      let full = CompositorPathsTests.state(0, 0, Self.width, Self.height)
      let cases: [(TransitionStyle, DecodedFrame, LayerState)] = [
        (.wipe(direction: .right, softness: 0.2), b, full),
        (.luma(pattern: pattern, softness: 0.1), b, full),
        // A slide of a translucent inset: any incoming picture slides over the outgoing one.
        (
          .slide(direction: .up), inset,
          CompositorPathsTests.state(40, 30, 128, 64, opacity: 0.6)
        ),
      ]
      for (style, incoming, state) in cases {
        let over = compositor(fusing: true)
        let pass = compositor(fusing: false)
        for progress in [0.3, 0.7] {
          let item = CompositeItem.transition(
            TransitionDraw(
              index: 0, style: style, progress: progress,
              outgoing: LayerDraw(layer: 0, picture: a, matte: nil, state: full),
              incoming: LayerDraw(layer: 1, picture: incoming, matte: nil, state: state)))
          let difference = CompositorPathsTests.largestDifference(
            try over.composite([item]), try pass.composite([item]))
          #expect(difference <= 2, "\(style) at \(progress): \(difference) codes apart")
        }
        // The outgoing clip was fused, never prepared; the pass read the incoming side alone.
        #expect(over.preparations < pass.preparations, "\(style)")
        #expect(over.transitionDraws == 2)
      }
    }
  }

  @Test(
    "a slide or push by whole pixels equals the pictures drawn as layers with their boxes moved, in every plane"
  )
  func movedPicturesMatchMovedBoxes() throws {
    try withScratchFolder { folder in
      let size = "\(Self.width)x\(Self.height)"
      // Colour that changes across the frame in Cb and Cr too, so a chroma plane read from
      // the wrong place shows.
      let a = try CompositorPathsTests.frame(
        "a", in: folder, size: size, lum: "60+X/2", cb: "60+X/2", cr: "200-Y")
      let b = try CompositorPathsTests.frame(
        "b", in: folder, size: size, lum: "200-X/4", cb: "180-X/3", cr: "70+Y/2")
      let context = try GPUContext(platform: .surfaceless)
      let compositor = VideoCompositor(
        context: context, width: Self.width, height: Self.height, background: .black,
        styles: [CompositorPathsTests.style(), CompositorPathsTests.style()], fusing: false)
      func at(_ x: Int, _ y: Int) -> LayerState {
        CompositorPathsTests.state(x, y, Self.width, Self.height)
      }
      // (style, progress, where A and B lie when the move is drawn as boxes): a slide left at
      // 0.75 has B a quarter of the width (64 px) right of its place; a push up at 0.5 has A
      // half the height (72 px) up and B as far below its place.
      let cases: [(TransitionStyle, Double, LayerState, LayerState)] = [
        (.slide(direction: .left), 0.75, at(0, 0), at(64, 0)),
        (.push(direction: .up), 0.5, at(0, -72), at(0, 72)),
        (.push(direction: .right), 0.25, at(64, 0), at(-192, 0)),
      ]
      for (style, progress, aState, bState) in cases {
        let moved = try compositor.composite([
          .transition(
            TransitionDraw(
              index: 0, style: style, progress: progress,
              outgoing: LayerDraw(layer: 0, picture: a, matte: nil, state: at(0, 0)),
              incoming: LayerDraw(layer: 1, picture: b, matte: nil, state: at(0, 0))))
        ])
        let boxes = try compositor.composite([
          LayerDraw(layer: 0, picture: a, matte: nil, state: aState),
          LayerDraw(layer: 1, picture: b, matte: nil, state: bState),
        ])
        for (plane, got, want) in [
          ("Y", moved.y, boxes.y), ("Cb", moved.cb, boxes.cb), ("Cr", moved.cr, boxes.cr),
        ] {
          let difference = zip(got, want).map { abs(Int($0) - Int($1)) }.max() ?? 0
          #expect(difference <= 2, "\(style) at \(progress), \(plane): \(difference) codes apart")
        }
      }
    }
  }
}
