import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A frame of many overlapping layers, which the stacking pass draws on a coarse grid with a
/// per-fragment test of each layer's box, judged pixel by pixel against the stack worked out
/// here: every pixel shows the colour of the last layer whose box holds it.
@Suite(
  "Many overlapping layers: drawn on a coarse grid, each only inside its box", .tags(.endToEnd))
struct RenderManyLayersTests {
  static let palette: [(hex: String, rgb: SIMD3<Int>)] = [
    ("#C83C3C", SIMD3(200, 60, 60)), ("#3CC83C", SIMD3(60, 200, 60)),
    ("#3C3CC8", SIMD3(60, 60, 200)), ("#C8C83C", SIMD3(200, 200, 60)),
    ("#3CC8C8", SIMD3(60, 200, 200)), ("#C83CC8", SIMD3(200, 60, 200)),
  ]

  /// Forty 40×30 boxes on even pixels over a 320×180 frame: cut exactly, thousands of
  /// regions.
  static let boxes: [SIMD4<Int>] = (0..<40).map { i in
    let x = (i * 38) % 280
    let y = (i * 22) % 150
    return SIMD4(x, y, x + 40, y + 30)
  }

  @Test("forty overlapping fills that shrank: every pixel is the topmost box's colour")
  func overlappingFills() throws {
    try withScratchFolder { folder in
      var text = """
        version: 1
        output:
          file: out.mp4
          size: 320x180
          fps: 10
          duration: 0.3s
          background: "#101010"
          video: { crf: 0 }
        layers:

        """
      for (i, box) in Self.boxes.enumerated() {
        // Each box shrinks to 40×30 by the second frame: its textures keep their first size,
        // and what lies past the box in them must not show where the grid lists the layer.
        text +=
          "  - { name: f\(i), fill: \"\(Self.palette[i % 6].hex)\", box: "
          + "[{ at: 0, value: [\(box.x), \(box.y), 56, 40] }, "
          + "{ at: 0.1s, value: [\(box.x), \(box.y), 40, 30] }] }\n"
      }
      try text.write(
        to: folder.url.appendingPathComponent("many.yaml"), atomically: true, encoding: .utf8)
      let run = try ChromakeBinary.run(
        ["render", "many.yaml", "--progress", "none"], in: folder.url)
      try #require(run.status == 0, "\(run.stderr)")
      let pixels = try RenderedMovie.rgb24(folder.path("out.mp4"), frame: 2, in: folder)
      // The topmost box at each pixel; a pixel is judged where its 5×5 neighbourhood has the
      // same one, away from the edges that chroma subsampling and scaling blur.
      var topmost = [Int](repeating: -1, count: 320 * 180)
      for (i, box) in Self.boxes.enumerated() {
        for y in box.y..<box.w { for x in box.x..<box.z { topmost[y * 320 + x] = i } }
      }
      var checked = 0
      var wrong: [String] = []
      for y in 2..<178 {
        for x in 2..<318 {
          let top = topmost[y * 320 + x]
          let uniform = (-2...2).allSatisfy { dy in
            (-2...2).allSatisfy { dx in topmost[(y + dy) * 320 + x + dx] == top }
          }
          guard uniform else { continue }
          let expected = top >= 0 ? Self.palette[top % 6].rgb : SIMD3(16, 16, 16)
          let offset = (y * 320 + x) * 3
          let got = SIMD3(Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
          let error = expected &- got
          if max(abs(error.x), abs(error.y), abs(error.z)) > 8 {
            wrong.append("(\(x),\(y)) \(got) for \(expected)")
          }
          checked += 1
        }
      }
      #expect(checked > 5000)
      #expect(wrong.count == 0, "first wrong pixels: \(wrong.prefix(5))")
    }
  }
}
