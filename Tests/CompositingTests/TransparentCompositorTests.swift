import Foundation
import GPU
import Media
import PlanValues
import TestSupport
import Testing
import Timeline

@testable import Compositing
@testable import RenderPlan

/// A composition drawn over a transparent background into a picture (`VideoCompositor.picture`)
/// that another composition draws as a layer, driven in process on llvmpipe: the picture's
/// alpha, the round trip against drawing the same layers directly, scaled edges without
/// fringes, and the opaque picture as the encoder's bytes.
@Suite("Compositor: transparent backgrounds and pictures of composites")
struct TransparentCompositorTests {
  static let width = 256
  static let height = 144

  /// A plane of `frame` as rows without padding.
  static func plane(_ frame: DecodedFrame, _ index: Int) -> [UInt8] {
    frame.withPlane(index) { bytes, bytesPerRow, width, height in
      (0..<height).flatMap { row in bytes[(row * bytesPerRow)..<(row * bytesPerRow + width)] }
    }
  }

  static func style(_ fit: Fit = .contain, key: KeyPlan? = nil) -> LayerStyle {
    LayerStyle(fit: fit, key: key, sampleAspectRatio: .one, rotation: 0)
  }

  static func state(
    _ x: Double, _ y: Double, _ w: Double, _ h: Double, opacity: Double = 1
  ) -> LayerState {
    LayerState(box: FrameRect(x: x, y: y, width: w, height: h), rotation: 0, opacity: opacity)
  }

  /// A fill's one premultiplied pixel, as a fill layer shows it.
  static func fill(_ hex: String) throws -> DecodedFrame {
    try StillPicture.fill(try #require(RGBAColor(hex: hex)))
  }

  /// A disc of `color` on transparency, `size` pixels across, premultiplied as stills are.
  /// With `softness` 0 its edge is antialiased (coverage from 4×4 subsamples); otherwise its
  /// alpha falls smoothly (a smoothstep) to 0 over `softness` pixels.
  static func disc(size: Int, color: RGBColor, softness: Double = 0) throws -> DecodedFrame {
    var pixels: [UInt8] = []
    let radius = Double(size) / 2 - 1
    for y in 0..<size {
      for x in 0..<size {
        var coverage = 0.0
        for sy in 0..<4 {
          for sx in 0..<4 {
            let dx = Double(x) + (Double(sx) + 0.5) / 4 - Double(size) / 2
            let dy = Double(y) + (Double(sy) + 0.5) / 4 - Double(size) / 2
            let distance = (dx * dx + dy * dy).squareRoot()
            if softness > 0 {
              let t = min(max((radius - distance) / softness, 0), 1)
              coverage += t * t * (3 - 2 * t) / 16
            } else if distance <= radius {
              coverage += 1.0 / 16
            }
          }
        }
        pixels += [color.red, color.green, color.blue, UInt8((coverage * 255).rounded())]
      }
    }
    return try DecodedFrame.rgba(pixels, width: size, height: size, layout: .rgba8)
      .premultiplied()
  }

  /// The largest difference between two pictures' planes, and where (plane, x, y).
  static func largestDifference(_ a: YCbCrPicture, _ b: YCbCrPicture) -> (Int, String) {
    var worst = (0, "none")
    for (name, planeA, planeB, width) in [
      ("Y′", a.y, b.y, a.width), ("Cb", a.cb, b.cb, a.width / 2), ("Cr", a.cr, b.cr, a.width / 2),
    ] {
      for index in planeA.indices {
        let difference = abs(Int(planeA[index]) - Int(planeB[index]))
        if difference > worst.0 {
          worst = (difference, "\(name) at \(index % width), \(index / width)")
        }
      }
    }
    return worst
  }

  /// `picture` drawn alone at 1:1 over `background`, as a parent composition draws a child's.
  static func drawnOver(
    _ background: RGBColor, _ picture: DecodedFrame, box: (Double, Double, Double, Double)? = nil,
    context: GPUContext
  ) throws -> YCbCrPicture {
    let parent = VideoCompositor(
      context: context, width: width, height: height, background: background,
      styles: [Self.style()])
    let (x, y, w, h) = box ?? (0, 0, Double(picture.width), Double(picture.height))
    return try parent.composite([
      LayerDraw(layer: 0, picture: picture, matte: nil, state: Self.state(x, y, w, h))
    ])
  }

  @Test(
    "over a transparent background the picture keeps alpha: 128 under a half-transparent fill, 255 under an opaque one, premultiplied zero elsewhere"
  )
  func pictureAlpha() throws {
    let context = try GPUContext(platform: .surfaceless)
    let compositor = VideoCompositor(
      context: context, width: Self.width, height: Self.height, background: .transparent,
      styles: [Self.style(.stretch), Self.style(.stretch)])
    let picture = try compositor.picture([
      .layer(
        LayerDraw(
          layer: 0, picture: try Self.fill("#FF000080"), matte: nil,
          state: Self.state(32, 16, 128, 64))),
      .layer(
        LayerDraw(
          layer: 1, picture: try Self.fill("#00FF00"), matte: nil,
          state: Self.state(64, 32, 32, 16))),
    ])
    #expect(picture.layout == .yuva420p8Premultiplied)
    #expect(picture.layout.planeCount == 4 && picture.layout.hasAlpha)
    #expect(picture.colorMatrix == .bt709 && picture.colorRange == .limited)
    #expect(picture.width == Self.width && picture.height == Self.height && picture.pts == .zero)
    let y = Self.plane(picture, 0)
    let cb = Self.plane(picture, 1)
    let cr = Self.plane(picture, 2)
    let alpha = Self.plane(picture, 3)
    // Limited-range BT.709 red's and green's Y′, Cb and Cr codes.
    let red = ColorConversion.toOutput.apply(SIMD3(1, 0, 0)) * 255
    let green = ColorConversion.toOutput.apply(SIMD3(0, 1, 0)) * 255
    var checked = (half: 0, opaque: 0, empty: 0)
    for row in 0..<Self.height {
      for column in 0..<Self.width {
        let at = row * Self.width + column
        let a = Int(alpha[at])
        if (64..<96).contains(column) && (32..<48).contains(row) {
          #expect(a == 255, "opaque at \(column), \(row): \(a)")
          #expect(abs(Double(y[at]) - green.x) <= 1, "green Y′ at \(column), \(row)")
          checked.opaque += 1
        } else if (32..<160).contains(column) && (16..<80).contains(row) {
          #expect(abs(a - 128) <= 1, "half at \(column), \(row): \(a)")
          #expect(abs(Double(y[at]) - red.x * 128 / 255) <= 1, "red Y′·α at \(column), \(row)")
          checked.half += 1
        } else {
          #expect(a == 0, "empty at \(column), \(row): \(a)")
          #expect(y[at] == 0, "premultiplied Y′ where α is 0, at \(column), \(row)")
          checked.empty += 1
        }
      }
    }
    #expect(checked.opaque == 32 * 16 && checked.empty > 0 && checked.half > 0)
    // Chroma: premultiplied zero outside both fills, red's times 128/255 under the half one.
    let chromaWidth = Self.width / 2
    #expect(cb[10 * chromaWidth + 100] == 0 && cr[10 * chromaWidth + 100] == 0)
    let half = 12 * chromaWidth + 20
    #expect(abs(Double(cb[half]) - red.y * 128 / 255) <= 1, "\(cb[half])")
    #expect(abs(Double(cr[half]) - red.z * 128 / 255) <= 1, "\(cr[half])")
    let opaque = 20 * chromaWidth + 40
    #expect(abs(Double(cb[opaque]) - green.y) <= 1 && abs(Double(cr[opaque]) - green.z) <= 1)
  }

  @Test(
    "layers drawn over a transparent background into a picture, and the picture drawn at 1:1 over a colour, match the layers drawn over the colour within 2 codes"
  )
  func roundTrip() throws {
    try withScratchFolder { folder in
      let plate = try CompositorPathsTests.frame(
        "plate", in: folder, size: "128x64", lum: "60+X/2", cb: "100+Y/3", cr: "150-X/8")
      // From the key colour (BT.709 green: Cb 42, Cr 26) towards magenta along x: the key's
      // alpha ramps smoothly from 0 to 1.
      let keyed = try CompositorPathsTests.frame(
        "keyed", in: folder, size: "128x64", lum: "120+X/8", cb: "42+X*0.6", cr: "26+X*0.7")
      let key = KeyPlan(color: .green, similarity: 0.15, smoothness: 0.35, spill: 0.5)
      let styles = [
        Self.style(), Self.style(key: key), Self.style(.stretch), Self.style(),
        Self.style(key: key),
      ]
      let layers: [CompositeItem] = [
        // Fused: 8-bit 4:2:0, pixel for pixel on the 16×2 grid, translucent.
        LayerDraw(
          layer: 0, picture: plate, matte: nil, state: Self.state(16, 8, 128, 64, opacity: 0.8)),
        // Fused and keyed.
        LayerDraw(layer: 1, picture: keyed, matte: nil, state: Self.state(112, 60, 128, 64)),
        // Prepared: a translucent fill with soft edges (its box on fractions of pixels).
        LayerDraw(
          layer: 2, picture: try Self.fill("#3060C0A0"), matte: nil,
          state: Self.state(40.5, 50.25, 100, 60.5)),
        // Prepared: a disc with a soft edge, filtered (its box on fractions of pixels). Soft
        // enough that its chroma's alpha, drawn directly, is its luma's (see
        // `roundTripAtSharpEdges` for sharp edges).
        LayerDraw(
          layer: 3,
          picture: try Self.disc(
            size: 64, color: RGBColor(red: 250, green: 140, blue: 20), softness: 24),
          matte: nil, state: Self.state(176.5, 4.25, 64, 64, opacity: 0.9)),
        // Prepared and keyed: the keyed picture scaled.
        LayerDraw(layer: 4, picture: keyed, matte: nil, state: Self.state(10, 90, 64, 32)),
      ].map { .layer($0) }
      let context = try GPUContext(platform: .surfaceless)
      let child = VideoCompositor(
        context: context, width: Self.width, height: Self.height, background: .transparent,
        styles: styles)
      let picture = try child.picture(layers)
      // Both paths ran: two layers fused, three prepared.
      #expect(child.preparations == 3)
      for color in [
        RGBColor(red: 20, green: 90, blue: 200), RGBColor(red: 240, green: 240, blue: 240),
        RGBColor.black,
      ] {
        let direct = VideoCompositor(
          context: context, width: Self.width, height: Self.height, background: color,
          styles: styles)
        let expected = try direct.composite(layers)
        let viaPicture = try Self.drawnOver(color, picture, context: context)
        let (difference, place) = Self.largestDifference(expected, viaPicture)
        #expect(difference <= 2, "over \(color): \(difference) codes, \(place)")
      }
    }
  }

  @Test(
    "at sharp antialiased edges the round trip differs from drawing the layers directly only where the direct path's chroma alpha differs from its luma's"
  )
  func roundTripAtSharpEdges() throws {
    // A sharp antialiased disc, filtered, and the same disc pixel for pixel (as text at whole
    // pixels is): drawn directly, the chroma pass samples each once for four pixels (filtered
    // at the centre, or the texel there), so at their edges the chroma's alpha is not the mean
    // of the four luma alphas, which is what a picture's alpha plane gives its chroma. There
    // the two ways differ by the colour's distance from the background times the two alphas'
    // difference; the picture's way is the 4:2:0 of the pixels' own colours.
    let disc = try Self.disc(size: 40, color: RGBColor(red: 250, green: 140, blue: 20))
    let styles = [Self.style(), Self.style()]
    let layers: [CompositeItem] = [
      LayerDraw(layer: 0, picture: disc, matte: nil, state: Self.state(30.5, 20.25, 40, 40)),
      LayerDraw(
        layer: 1, picture: disc, matte: nil, state: Self.state(141, 71, 40, 40, opacity: 0.8)),
    ].map { .layer($0) }
    let context = try GPUContext(platform: .surfaceless)
    let picture = try VideoCompositor(
      context: context, width: Self.width, height: Self.height, background: .transparent,
      styles: styles
    ).picture(layers)
    func direct(_ color: RGBColor) throws -> YCbCrPicture {
      try VideoCompositor(
        context: context, width: Self.width, height: Self.height, background: color,
        styles: styles
      ).composite(layers)
    }
    // The direct path's chroma alpha, from the layers over blue and over yellow (Cb 240, 16).
    let blue = RGBColor(red: 0, green: 0, blue: 255)
    let yellow = RGBColor(red: 255, green: 255, blue: 0)
    let (overBlue, overYellow) = (try direct(blue), try direct(yellow))
    let spread =
      (ColorConversion.toOutput.apply(ColorConversion.rgb(blue))
      - ColorConversion.toOutput.apply(ColorConversion.rgb(yellow))).y * 255
    let alpha = Self.plane(picture, 3)
    let background = RGBColor(red: 20, green: 90, blue: 200)
    let expected = try direct(background)
    let drawn = try Self.drawnOver(background, picture, context: context)
    let lumaDifference = zip(expected.y, drawn.y).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(lumaDifference <= 2, "Y′: \(lumaDifference) codes")
    let chromaWidth = Self.width / 2
    var edges = 0
    for index in expected.cb.indices {
      let (i, j) = (index % chromaWidth, index / chromaWidth)
      let directAlpha = 1 - (Double(overBlue.cb[index]) - Double(overYellow.cb[index])) / spread
      var sum = 0
      for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        sum += Int(alpha[(2 * j + dy) * Self.width + 2 * i + dx])
      }
      let mismatch = abs(Double(sum) / 1020 - directAlpha)
      if mismatch > 0.01 { edges += 1 }
      let allowed = 2 + 255 * mismatch
      for (a, b) in [(expected.cb[index], drawn.cb[index]), (expected.cr[index], drawn.cr[index])] {
        let difference = abs(Double(a) - Double(b))
        #expect(
          difference <= allowed,
          "(\(i), \(j)): \(difference) codes, chroma alpha \(directAlpha), mean \(Double(sum) / 1020)"
        )
      }
    }
    // The case the test is about is there: edges where the two alphas differ.
    #expect(edges > 20)
  }

  @Test(
    "a picture with transparent parts drawn scaled down and up has no dark or green fringe: every sample lies between the picture's red and the background"
  )
  func scaledEdgesHaveNoFringe() throws {
    let context = try GPUContext(platform: .surfaceless)
    let child = VideoCompositor(
      context: context, width: Self.width, height: Self.height, background: .transparent,
      styles: [Self.style(.stretch)])
    // An opaque red square with edges on odd pixels, on transparency.
    let picture = try child.picture([
      .layer(
        LayerDraw(
          layer: 0, picture: try Self.fill("#FF0000"), matte: nil,
          state: Self.state(63, 37, 129, 71)))
    ])
    let background = RGBColor(red: 60, green: 160, blue: 220)
    let red = ColorConversion.toOutput.apply(SIMD3(1, 0, 0)) * 255
    let under = ColorConversion.toOutput.apply(ColorConversion.rgb(background)) * 255
    for box in [(10.0, 8.0, 128.0, 72.0), (-40.3, -30.6, 384.0, 216.0), (33.5, 21.25, 96.0, 54.0)] {
      let drawn = try Self.drawnOver(background, picture, box: box, context: context)
      for (name, plane, low, high) in [
        ("Y′", drawn.y, min(red.x, under.x), max(red.x, under.x)),
        ("Cb", drawn.cb, min(red.y, under.y), max(red.y, under.y)),
        ("Cr", drawn.cr, min(red.z, under.z), max(red.z, under.z)),
      ] {
        let outside = plane.filter { Double($0) < low - 1.5 || Double($0) > high + 1.5 }
        #expect(
          outside.isEmpty,
          "box \(box): \(name) \(outside.count) samples outside \(low)…\(high), e.g. \(outside.prefix(5))"
        )
      }
      // The red is there, and the background: the check is not vacuous.
      #expect(drawn.cr.contains { abs(Double($0) - red.z) <= 1 })
      #expect(drawn.cr.contains { abs(Double($0) - under.z) <= 1 })
    }
  }

  @Test(
    "over a colour, the picture is 8-bit 4:2:0 holding exactly the bytes the encoder would get"
  )
  func opaquePictureIsTheComposite() throws {
    try withScratchFolder { folder in
      let plate = try CompositorPathsTests.frame(
        "plate", in: folder, size: "256x144", lum: "60+X/2", cb: "100+Y/3", cr: "150-X/8")
      let context = try GPUContext(platform: .surfaceless)
      // 212 wide: the stacking targets are padded, so rows are read back with padding cut.
      for width in [Self.width, 212] {
        let compositor = VideoCompositor(
          context: context, width: width, height: Self.height,
          background: RGBColor(red: 20, green: 90, blue: 200),
          styles: [Self.style(), Self.style(), Self.style(.stretch)])
        let items: [CompositeItem] = [
          LayerDraw(layer: 0, picture: plate, matte: nil, state: Self.state(-8, 0, 256, 144)),
          LayerDraw(
            layer: 1,
            picture: try Self.disc(size: 40, color: RGBColor(red: 250, green: 20, blue: 90)),
            matte: nil, state: Self.state(30.5, 20.5, 60, 60)),
          LayerDraw(
            layer: 2, picture: try Self.fill("#FFFFFF60"), matte: nil,
            state: Self.state(100, 40, 90, 70)),
        ].map { .layer($0) }
        let picture = try compositor.picture(items)
        let expected = try compositor.composite(items)
        #expect(picture.layout == .yuv420p8)
        #expect(picture.colorMatrix == .bt709 && picture.colorRange == .limited)
        #expect(Self.plane(picture, 0) == expected.y, "Y′, \(width) wide")
        #expect(Self.plane(picture, 1) == expected.cb, "Cb, \(width) wide")
        #expect(Self.plane(picture, 2) == expected.cr, "Cr, \(width) wide")
      }
    }
  }

  @Test(
    "more layers than one stacking pass draws carry alpha from pass to pass: alpha and the round trip over a colour stay right"
  )
  func alphaAcrossPasses() throws {
    let context = try GPUContext(platform: .surfaceless)
    // Past `StackPass.evenSizedAbove` layers, prepared ones are stacked four to a pass.
    let count = StackPass.evenSizedAbove + 5
    let styles = [LayerStyle](repeating: Self.style(.stretch), count: count)
    let items: [CompositeItem] = try (0..<count).map { index in
      .layer(
        LayerDraw(
          layer: index, picture: try Self.fill(index % 2 == 0 ? "#FFFFFF40" : "#2050E040"),
          matte: nil, state: Self.state(Double(8 * index), 10, 120, 100)))
    }
    let child = VideoCompositor(
      context: context, width: Self.width, height: Self.height, background: .transparent,
      styles: styles)
    let picture = try child.picture(items)
    let alpha = Self.plane(picture, 3)
    // At x = 8k + 4 the layers 0…k overlap: α = 1 − (1 − a)^(k + 1), a = 64/255.
    for k in 0..<count {
      let x = 8 * k + 4
      let expected = (1 - pow(1 - 64.0 / 255, Double(k + 1))) * 255
      let actual = Double(alpha[50 * Self.width + x])
      #expect(abs(actual - expected) <= 2, "\(k + 1) layers: α \(actual), not \(expected)")
    }
    #expect(alpha[5 * Self.width + 40] == 0)
    let background = RGBColor(red: 200, green: 60, blue: 30)
    let direct = VideoCompositor(
      context: context, width: Self.width, height: Self.height, background: background,
      styles: styles)
    let (difference, place) = Self.largestDifference(
      try direct.composite(items), try Self.drawnOver(background, picture, context: context))
    #expect(difference <= 2, "\(difference) codes, \(place)")
  }

  @Test(
    "a premultiplied picture as a matte, as a luma pattern and keyed is read as it shows over black"
  )
  func premultipliedPictureElsewhere() throws {
    let context = try GPUContext(platform: .surfaceless)
    // White at half alpha in a box, transparent elsewhere.
    let picture = try VideoCompositor(
      context: context, width: Self.width, height: Self.height, background: .transparent,
      styles: [Self.style(.stretch)]
    ).picture([
      .layer(
        LayerDraw(
          layer: 0, picture: try Self.fill("#FFFFFF80"), matte: nil,
          state: Self.state(64, 32, 128, 64)))
    ])
    // As a luma pattern: 128/255 of white inside, black outside.
    let grey = PatternGrey(picture)
    #expect(abs(Int(grey.levels[60 * Self.width + 100]) - 128) <= 1)
    #expect(grey.levels[10 * Self.width + 10] == 0)
    // As the matte of an opaque picture that could otherwise be fused: its straight matte
    // (white, 1) times its alpha inside, 0 outside.
    let plate = try VideoCompositor(
      context: context, width: Self.width, height: Self.height,
      background: RGBColor(red: 250, green: 250, blue: 250), styles: []
    ).picture([])
    let key = KeyPlan(color: .green, similarity: 0.15, smoothness: 0.1, spill: 0)
    let compositor = VideoCompositor(
      context: context, width: Self.width, height: Self.height, background: .black,
      styles: [Self.style(), Self.style(key: key)])
    let matted = try compositor.composite([
      LayerDraw(layer: 0, picture: plate, matte: picture, state: Self.state(0, 0, 256, 144))
    ])
    #expect(compositor.preparations == 1, "not fused: the matte needs its alpha")
    // The plate's Y′ (16 + 219 · 250/255) at 128/255 over black (16).
    let inside = Double(matted.y[60 * Self.width + 100])
    #expect(abs(inside - (16 + 219 * 250 / 255 * 128 / 255)) <= 1.5, "\(inside)")
    #expect(matted.y[10 * Self.width + 10] == 16)
    // Keyed (nothing of it green): the picture over black as without a key.
    let keyed = try compositor.composite([
      LayerDraw(layer: 1, picture: picture, matte: nil, state: Self.state(0, 0, 256, 144))
    ])
    let plain = try Self.drawnOver(.black, picture, context: context)
    #expect(Self.largestDifference(keyed, plain).0 <= 1)
  }

  @Test("a premultiplied picture is never fused, as a picture, nor as a matte")
  func premultipliedPicturesAreNotFused() throws {
    let context = try GPUContext(platform: .surfaceless)
    let child = VideoCompositor(
      context: context, width: Self.width, height: Self.height, background: .transparent,
      styles: [Self.style(.stretch)])
    let picture = try child.picture([
      .layer(
        LayerDraw(
          layer: 0, picture: try Self.fill("#80808080"), matte: nil,
          state: Self.state(0, 0, 256, 144)))
    ])
    let geometry = LayerGeometry(
      box: FrameRect(x: 0, y: 0, width: 256, height: 144), fit: .contain, width: 256,
      height: 144, sampleAspectRatio: .one, rotation: 0, angle: 0)
    #expect(geometry.isPixelAligned)
    #expect(!FusedLayer.canFuse(picture: picture, matte: nil, geometry: geometry))
    let opaque = try VideoCompositor(
      context: context, width: Self.width, height: Self.height,
      background: RGBColor(red: 0, green: 0, blue: 0), styles: [Self.style(.stretch)]
    ).picture([
      .layer(
        LayerDraw(
          layer: 0, picture: try Self.fill("#808080"), matte: nil,
          state: Self.state(0, 0, 256, 144)))
    ])
    #expect(FusedLayer.canFuse(picture: opaque, matte: nil, geometry: geometry))
    #expect(!FusedLayer.canFuse(picture: opaque, matte: picture, geometry: geometry))
  }
}
