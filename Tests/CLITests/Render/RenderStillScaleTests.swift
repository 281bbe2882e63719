import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A scaled image is filtered with premultiplied alpha: where opaque pixels meet transparent
/// ones, the colour hidden under α = 0 never bleeds into the edge.
@Suite("Render still layers: scaled image edges", .tags(.endToEnd))
struct RenderStillScaleTests {
  /// A 32×32 checkerboard of 8-pixel cells, opaque `color` and transparent `hidden`, placed in
  /// the box [8, 8, 80, 80] (2.5×) of a 96×96 frame.
  static func checkerboard(_ color: RGBA8, hidden: RGBA8, in folder: ScratchFolder) throws
    -> String
  {
    let name = try StillMedia.write("checks.png", in: folder, width: 32, height: 32) { x, y in
      (x / 8 + y / 8) % 2 == 0 ? color : hidden
    }
    return "  - { name: checks, image: \(name), box: [8, 8, 80, 80], fit: contain }"
  }

  /// Opaque colour and the colour under α = 0, as `#RRGGBB`.
  static let pairs: [(String, String)] = [("FFFFFF", "000000"), ("DC281E", "00FF00")]

  static func rgba(_ hex: String, alpha: UInt8) -> RGBA8 {
    let value = Int(hex, radix: 16) ?? 0
    return RGBA8(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF), alpha)
  }

  @Test(
    "over a plate of its own colour, a checkerboard scaled 2.5× leaves the plate untouched",
    arguments: pairs)
  func noFringe(_ color: String, _ hidden: String) throws {
    try withScratchFolder { folder in
      let opaque = Self.rgba(color, alpha: 255)
      let plate = try TestVideo.still(
        "plate.mp4", in: folder, format: .yuv444p, .flat(width: 96, height: 96, opaque.rgb))
      let layers =
        "  - { name: plate, source: \(plate) }\n"
        + (try Self.checkerboard(opaque, hidden: Self.rgba(hidden, alpha: 0), in: folder))
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "96x96", layers: layers), in: folder)
      // A colour over itself is that colour whatever α filtering gives an edge pixel; only
      // colour filtered without premultiplying pulls edges towards the hidden colour.
      let expected = YCbCrCoding.output.codes(
        YCbCrCoding(matrix: .bt709, fullRange: false).decoded(opaque.rgb))
      let all = PixelRect(x: 0, y: 0, width: 96, height: 96)
      #expect(
        frame.worstDeviation(in: all, from: expected) <= 3,
        "#\(color) over #\(color), hiding #\(hidden): \(frame.worstDeviation(in: all, from: expected))"
      )
    }
  }

  @Test("over black the scaled checkerboard shows its cells and filtered edges")
  func checkerboardIsDrawn() throws {
    try withScratchFolder { folder in
      // The control for the test above: the picture really is drawn, scaled and filtered.
      let layers = try Self.checkerboard(
        RGBA8(255, 255, 255), hidden: RGBA8(0, 0, 0, 0), in: folder)
      let frame = try PictureProject.firstFrame(
        StillProject.yaml(size: "96x96", duration: "0.1s", layers: layers), in: folder)
      let white = YCbCrCoding.output.codes(SIMD3(1, 1, 1))
      let black = YCbCrCoding.output.codes(.zero)
      // Cell (0, 0) covers output pixels 8–27, cell (1, 0) 28–47.
      for (rect, expected, what) in [
        (PixelRect(x: 8, y: 8, width: 20, height: 20), white, "opaque cell"),
        (PixelRect(x: 28, y: 8, width: 20, height: 20), black, "transparent cell"),
      ] {
        #expect(
          frame.worstDeviation(in: rect.inset(3), from: expected) <= 2,
          "\(what): expected \(expected), got \(frame.mean(in: rect.inset(3)))")
      }
      let edge = (24...31).map { Double(frame.luma[16 * 96 + $0]) }
      #expect(
        edge.contains { $0 > black.x + 20 && $0 < white.x - 20 },
        "the edge between cells is filtered, not cut: luma \(edge)")
    }
  }
}
