import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `image` layers placed pixel for pixel: each file format's alpha over a video plate, JPEG
/// colours, and a chroma key on an image.
@Suite("Render still layers: images", .tags(.endToEnd))
struct RenderStillImageTests {
  static let plateColor = SIMD3(0.2, 0.5, 0.3)
  static let red = RGBA8(220, 40, 30)

  /// What the output shows for a flat plate of `color`, stored in BT.709 limited range.
  static func shown(_ color: SIMD3<Double>) -> SIMD3<Double> {
    YCbCrCoding.output.codes(YCbCrCoding(matrix: .bt709, fullRange: false).decoded(color))
  }

  /// A flat 3-frame video plate (0.3 s: the output's length).
  static func plate(width: Int, height: Int, in folder: ScratchFolder) throws -> String {
    try TestVideo.still("plate.mp4", in: folder, .flat(width: width, height: height, plateColor))
  }

  static func expectRegion(
    _ frame: YUVFrame, _ rect: PixelRect, _ expected: SIMD3<Double>, within tolerance: Double,
    _ what: String
  ) {
    #expect(
      frame.worstDeviation(in: rect, from: expected) <= tolerance,
      "\(what) \(rect): expected \(expected), got \(frame.mean(in: rect))")
  }

  @Test(
    "an image's alpha: opaque shows the image, transparent the plate, alpha 128 the blend",
    arguments: [StillFormat.png, .png16, .palettePNG, .webp])
  func alphaOverPlate(_ format: StillFormat) throws {
    try withScratchFolder { folder in
      let opaque = PixelRect(x: 8, y: 8, width: 24, height: 32)
      let half = PixelRect(x: 40, y: 8, width: 16, height: 32)
      // Transparent pixels hide green, which must not show anywhere.
      let name = try StillMedia.write(
        "logo.\(format.fileExtension)", in: folder, width: 64, height: 48, as: format
      ) { x, y in
        if opaque.contains(x: x, y: y) { return Self.red }
        if half.contains(x: x, y: y) {
          return RGBA8(Self.red.red, Self.red.green, Self.red.blue, 128)
        }
        return RGBA8(0, 255, 0, 0)
      }
      let plate = try Self.plate(width: 64, height: 48, in: folder)
      let layers = """
          - { name: plate, source: \(plate) }
          - { name: logo, image: \(name) }
        """
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "64x48", layers: layers), in: folder)
      let image = YCbCrCoding.output.codes(Self.red.rgb)
      let under = Self.shown(Self.plateColor)
      Self.expectRegion(frame, opaque.inset(2), image, within: 2, "\(format), opaque square")
      // A palette PNG keeps alpha 128 as opaque (the threshold is 64).
      let blend = format.keepsPartialAlpha ? under + (image - under) * (128.0 / 255) : image
      Self.expectRegion(frame, half.inset(2), blend, within: 3, "\(format), alpha 128")
      for (rect, side) in [
        (PixelRect(x: 0, y: 0, width: 64, height: 8), "above"),
        (PixelRect(x: 0, y: 40, width: 64, height: 8), "below"),
        (PixelRect(x: 56, y: 0, width: 8, height: 48), "right"),
        (PixelRect(x: 32, y: 8, width: 8, height: 32), "between"),
      ] {
        Self.expectRegion(frame, rect.inset(1), under, within: 2, "\(format), transparent \(side)")
      }
    }
  }

  @Test("a JPEG shows its colour")
  func jpegColor() throws {
    try withScratchFolder { folder in
      let color = RGBA8(200, 60, 40)
      try StillMedia.write("flat.jpg", in: folder, width: 64, height: 48, as: .jpeg) { _, _ in
        color
      }
      let layers = "  - { name: photo, image: flat.jpg }"
      let frame = try PictureProject.firstFrame(
        StillProject.yaml(size: "64x48", duration: "0.2s", layers: layers), in: folder)
      Self.expectRegion(
        frame, PixelRect(x: 0, y: 0, width: 64, height: 48).inset(2),
        YCbCrCoding.output.codes(color.rgb), within: 3, "JPEG")
    }
  }

  @Test("key on a green-screen PNG shows the plate through the green and keeps the foreground")
  func keyedImage() throws {
    try withScratchFolder { folder in
      let square = PixelRect(x: 16, y: 12, width: 32, height: 24)
      let magenta = RGBA8(200, 40, 200)
      try StillMedia.write("screen.png", in: folder, width: 64, height: 48) { x, y in
        square.contains(x: x, y: y) ? magenta : RGBA8(0, 255, 0)
      }
      let plate = try Self.plate(width: 64, height: 48, in: folder)
      let layers = """
          - { name: plate, source: \(plate) }
          - name: screen
            image: screen.png
            key: { color: "#00FF00", similarity: 0.2, smoothness: 0.1, spill: 0 }
        """
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "64x48", layers: layers), in: folder)
      Self.expectRegion(
        frame, square.inset(2), YCbCrCoding.output.codes(magenta.rgb), within: 2, "foreground")
      let under = Self.shown(Self.plateColor)
      for (rect, side) in [
        (PixelRect(x: 0, y: 0, width: 64, height: 12), "above"),
        (PixelRect(x: 0, y: 36, width: 64, height: 12), "below"),
        (PixelRect(x: 0, y: 12, width: 16, height: 24), "left"),
        (PixelRect(x: 48, y: 12, width: 16, height: 24), "right"),
      ] {
        Self.expectRegion(frame, rect.inset(2), under, within: 2, "keyed green, \(side)")
      }
    }
  }
}
