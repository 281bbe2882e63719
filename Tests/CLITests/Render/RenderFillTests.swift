import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// `fill` layers: a band of solid colour over a video plate, opaque, half transparent and
/// templated.
@Suite("Render still layers: fills", .tags(.endToEnd))
struct RenderFillTests {
  static let plateColor = SIMD3(0.2, 0.5, 0.3)
  static let band = PixelRect(x: 0, y: 100, width: 320, height: 40)

  /// A 320×180 project: a flat video plate, then a fill in the box [0, 100, 320, 40].
  static func project(fill: String, in folder: ScratchFolder) throws -> String {
    let plate = try TestVideo.still(
      "plate.mp4", in: folder, .flat(width: 320, height: 180, plateColor))
    return PictureProject.yaml(
      size: "320x180",
      layers: """
          - { name: plate, source: \(plate) }
          - { name: band, fill: "\(fill)", box: [0, 100, 320, 40] }
        """)
  }

  /// Checks that the band's rows show `inside` and every other row shows the plate.
  static func expectBand(_ frame: YUVFrame, _ inside: SIMD3<Double>, within tolerance: Double) {
    let plate = YCbCrCoding.output.codes(
      YCbCrCoding(matrix: .bt709, fullRange: false).decoded(plateColor))
    for (rect, expected, what) in [
      (band, inside, "band"),
      (PixelRect(x: 0, y: 0, width: 320, height: 100), plate, "above the band"),
      (PixelRect(x: 0, y: 140, width: 320, height: 40), plate, "below the band"),
    ] {
      #expect(
        frame.worstDeviation(in: rect, from: expected) <= tolerance,
        "\(what) \(rect): expected \(expected), got \(frame.mean(in: rect))")
    }
  }

  @Test("an opaque fill shows its colour on exactly the box's rows")
  func opaqueBand() throws {
    try withScratchFolder { folder in
      let frame = try PictureProject.firstFrame(
        Self.project(fill: "#C03020", in: folder), in: folder)
      Self.expectBand(frame, YCbCrCoding.output.codes(rgb8(0xC0, 0x30, 0x20)), within: 2)
    }
  }

  @Test("a fill with alpha 80 (128/255) blends half way with the plate")
  func halfTransparentBand() throws {
    try withScratchFolder { folder in
      let frame = try PictureProject.firstFrame(
        Self.project(fill: "#C0302080", in: folder), in: folder)
      let fill = YCbCrCoding.output.codes(rgb8(0xC0, 0x30, 0x20))
      let plate = YCbCrCoding.output.codes(
        YCbCrCoding(matrix: .bt709, fullRange: false).decoded(Self.plateColor))
      Self.expectBand(frame, plate + (fill - plate) * (128.0 / 255), within: 3)
    }
  }

  @Test("a fill colour from a {{variable}} takes --set's value over the default")
  func templatedFill() throws {
    try withScratchFolder { folder in
      let yaml = try Self.project(fill: "{{brand}}", in: folder)
        .replacingOccurrences(
          of: "version: 1\n", with: "version: 1\nvariables: { brand: \"#FFFFFF\" }\n")
      let frames = try StillProject.frames(yaml, in: folder, extra: ["--set", "brand=#2040E0"])
      try #require(!frames.isEmpty)
      Self.expectBand(frames[0], YCbCrCoding.output.codes(rgb8(0x20, 0x40, 0xE0)), within: 2)
    }
  }
}
