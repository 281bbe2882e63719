import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `opacity`, `background`, `box` and the three `fit`s, checked region by region on flat
/// colours (README.md, "Keys").
@Suite("Render pictures: opacity, background, box and fit", .tags(.endToEnd))
struct RenderPictureLayoutTests {
  static let coding = YCbCrCoding(matrix: .bt709, fullRange: false)
  static let backgroundHex = "#3040C0"
  static let background = rgb8(0x30, 0x40, 0xC0)
  static let red = SIMD3(0.9, 0.15, 0.1)
  static let grey = SIMD3(0.6, 0.6, 0.6)
  static let yellow = SIMD3(0.95, 0.85, 0.2)

  /// What the output shows for a colour the source stored in `coding`.
  static func shown(_ color: SIMD3<Double>) -> SIMD3<Double> {
    YCbCrCoding.output.codes(coding.decoded(color))
  }

  /// What the output shows where no layer covers the frame.
  static var shownBackground: SIMD3<Double> { YCbCrCoding.output.codes(background) }

  @Test("opacity 0.5 gives the average of the layer and what is under it")
  func halfOpacity() throws {
    try withScratchFolder { folder in
      let name = try TestVideo.still("red.mp4", in: folder, .flat(width: 64, height: 48, Self.red))
      let layers = "  - { name: red, source: \(name), opacity: 0.5 }"
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "64x48", background: Self.backgroundHex, layers: layers),
        in: folder)
      let expected = (Self.shown(Self.red) + Self.shownBackground) / 2
      let rect = PixelRect(x: 0, y: 0, width: 64, height: 48).inset(2)
      #expect(
        frame.worstDeviation(in: rect, from: expected) <= 2,
        "expected \(expected), got \(frame.mean(in: rect))")
    }
  }

  @Test("opacity 0.5 over another layer averages the two layers")
  func halfOpacityOverLayer() throws {
    try withScratchFolder { folder in
      let plate = try TestVideo.still(
        "plate.mp4", in: folder, .flat(width: 64, height: 48, Self.yellow))
      let top = try TestVideo.still("red.mp4", in: folder, .flat(width: 64, height: 48, Self.red))
      let layers = """
          - { name: plate, source: \(plate) }
          - { name: red, source: \(top), opacity: 0.5 }
        """
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "64x48", background: Self.backgroundHex, layers: layers),
        in: folder)
      let expected = (Self.shown(Self.red) + Self.shown(Self.yellow)) / 2
      let rect = PixelRect(x: 0, y: 0, width: 64, height: 48).inset(2)
      #expect(
        frame.worstDeviation(in: rect, from: expected) <= 2,
        "expected \(expected), got \(frame.mean(in: rect))")
    }
  }

  /// A 4:3 source in horizontal bands: red rows 0–59, grey 60–179, yellow 180–239.
  static func bands() -> TestPicture {
    .patches(
      width: 320, height: 240, base: grey,
      [
        (PixelRect(x: 0, y: 0, width: 320, height: 60), red),
        (PixelRect(x: 0, y: 180, width: 320, height: 60), yellow),
      ])
  }

  /// The output (480×240) with the bands placed in the box [80, 60, 320, 120] by `fit`: what
  /// each region must show. The box is twice as wide as the source's shape allows for.
  static func expectedRegions(_ fit: String) -> [(PixelRect, SIMD3<Double>, String)] {
    let outside: [(PixelRect, SIMD3<Double>, String)] = [
      (PixelRect(x: 0, y: 0, width: 480, height: 60), shownBackground, "above the box"),
      (PixelRect(x: 0, y: 180, width: 480, height: 60), shownBackground, "below the box"),
      (PixelRect(x: 0, y: 60, width: 80, height: 120), shownBackground, "left of the box"),
      (PixelRect(x: 400, y: 60, width: 80, height: 120), shownBackground, "right of the box"),
    ]
    switch fit {
    case "contain":
      // 160×120, centred: transparent bars either side inside the box.
      return outside + [
        (PixelRect(x: 80, y: 60, width: 80, height: 120), shownBackground, "left bar"),
        (PixelRect(x: 320, y: 60, width: 80, height: 120), shownBackground, "right bar"),
        (PixelRect(x: 160, y: 60, width: 160, height: 30), shown(red), "top band"),
        (PixelRect(x: 160, y: 90, width: 160, height: 60), shown(grey), "middle band"),
        (PixelRect(x: 160, y: 150, width: 160, height: 30), shown(yellow), "bottom band"),
      ]
    case "cover":
      // 320×240 centred on the box: only source rows 60–179 (the grey band) are inside.
      return outside + [(PixelRect(x: 80, y: 60, width: 320, height: 120), shown(grey), "the box")]
    default:
      // 320×120: the bands squeezed to half height.
      return outside + [
        (PixelRect(x: 80, y: 60, width: 320, height: 30), shown(red), "top band"),
        (PixelRect(x: 80, y: 90, width: 320, height: 60), shown(grey), "middle band"),
        (PixelRect(x: 80, y: 150, width: 320, height: 30), shown(yellow), "bottom band"),
      ]
    }
  }

  @Test(
    "box and fit place the picture; the background shows where it does not reach",
    arguments: ["contain", "cover", "stretch"])
  func fit(_ fit: String) throws {
    try withScratchFolder { folder in
      let name = try TestVideo.still("bands.mp4", in: folder, Self.bands())
      let layers = "  - { name: bands, source: \(name), box: [80, 60, 320, 120], fit: \(fit) }"
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "480x240", background: Self.backgroundHex, layers: layers),
        in: folder)
      Self.checkRegions(
        frame, Self.expectedRegions(fit).map { ($0.0, $0.1, "\(fit), \($0.2)") }, inset: 4)
    }
  }

  /// A 64×48 picture: red top-left quarter, grey elsewhere.
  static func cornerPicture() -> TestPicture {
    .patches(
      width: 64, height: 48, base: grey, [(PixelRect(x: 0, y: 0, width: 32, height: 24), red)])
  }

  /// Checks each region of `frame` against what it must show.
  static func checkRegions(
    _ frame: YUVFrame, _ regions: [(PixelRect, SIMD3<Double>, String)], inset: Int
  ) {
    for (rect, expected, region) in regions {
      let inner = rect.inset(inset)
      #expect(
        frame.worstDeviation(in: inner, from: expected) <= 2,
        "\(region) \(inner): expected \(expected), got \(frame.mean(in: inner))")
    }
  }

  @Test("a picture placed pixel for pixel at an offset keeps its size and position")
  func offsetBox() throws {
    try withScratchFolder { folder in
      // A box of the picture's own size at (16, 8) of a 128×64 frame: no scaling, and chroma
      // samples on the output's, the renderer's fast path.
      let name = try TestVideo.still("corner.mp4", in: folder, Self.cornerPicture())
      let layers = "  - { name: corner, source: \(name), box: [16, 8, 64, 48] }"
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "128x64", background: Self.backgroundHex, layers: layers),
        in: folder)
      Self.checkRegions(
        frame,
        [
          (PixelRect(x: 16, y: 8, width: 32, height: 24), Self.shown(Self.red), "red corner"),
          (PixelRect(x: 48, y: 8, width: 32, height: 48), Self.shown(Self.grey), "grey right"),
          (PixelRect(x: 16, y: 32, width: 32, height: 24), Self.shown(Self.grey), "grey below"),
          (PixelRect(x: 0, y: 0, width: 16, height: 64), Self.shownBackground, "left"),
          (PixelRect(x: 80, y: 0, width: 48, height: 64), Self.shownBackground, "right"),
          (PixelRect(x: 16, y: 0, width: 64, height: 8), Self.shownBackground, "above"),
          (PixelRect(x: 16, y: 56, width: 64, height: 8), Self.shownBackground, "below"),
        ], inset: 2)
    }
  }

  @Test("a box may reach past the frame: the part inside shows, unscaled")
  func boxPastFrame() throws {
    try withScratchFolder { folder in
      // The box starts 16 left of and 8 above the 64×48 frame: output (x, y) shows picture
      // pixel (x + 16, y + 8), and the background fills the right and bottom strips.
      let name = try TestVideo.still("corner.mp4", in: folder, Self.cornerPicture())
      let layers = "  - { name: corner, source: \(name), box: [-16, -8, 64, 48] }"
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "64x48", background: Self.backgroundHex, layers: layers),
        in: folder)
      Self.checkRegions(
        frame,
        [
          (PixelRect(x: 0, y: 0, width: 16, height: 16), Self.shown(Self.red), "red corner"),
          (PixelRect(x: 16, y: 0, width: 32, height: 40), Self.shown(Self.grey), "grey right"),
          (PixelRect(x: 0, y: 16, width: 16, height: 24), Self.shown(Self.grey), "grey below"),
          (PixelRect(x: 48, y: 0, width: 16, height: 48), Self.shownBackground, "right strip"),
          (PixelRect(x: 0, y: 40, width: 48, height: 8), Self.shownBackground, "bottom strip"),
        ], inset: 2)
    }
  }

  @Test("the background colour fills a frame no layer covers")
  func backgroundOnly() throws {
    try withScratchFolder { folder in
      let name = try TestVideo.still("red.mp4", in: folder, .flat(width: 64, height: 48, Self.red))
      // The layer starts after the first frame, which shows the background alone.
      let layers = "  - { name: red, source: \(name), start: 0.2s }"
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "64x48", background: Self.backgroundHex, layers: layers),
        in: folder)
      let expected = Self.shownBackground
      let rect = PixelRect(x: 0, y: 0, width: 64, height: 48)
      #expect(
        frame.worstDeviation(in: rect, from: expected) <= 2,
        "expected \(expected), got \(frame.mean(in: rect))")
    }
  }
}
