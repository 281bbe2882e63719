import EndToEndSupport
import Foundation
import TestSupport
import Testing

/// A chroma key's settings, as a test argument.
struct KeySettings: CustomTestStringConvertible, Sendable {
  var similarity: Double
  var smoothness: Double

  var testDescription: String { "similarity \(similarity), smoothness \(smoothness)" }

  /// α by docs/ARCHITECTURE.md's formula for CbCr distance `d`.
  func alpha(distance d: Double) -> Double {
    guard smoothness > 0 else { return d >= similarity ? 1 : 0 }
    return min(max((d - similarity) / smoothness, 0), 1)
  }
}

/// docs/ARCHITECTURE.md property 5 and spill suppression, on colour ramps that leave the key colour
/// in steps of known CbCr distance, keyed over a flat background.
@Suite("Render pictures: chroma key α and spill", .tags(.endToEnd))
struct RenderPictureKeyTests {
  static let key = SIMD3<Double>(0, 1, 0)
  static let background = SIMD3<Double>(0, 0, 0)
  static let columns = 32
  static let columnWidth = 10
  static let rowHeight = 32

  /// Two ramps away from pure green, one column per step: towards magenta, ending at grey
  /// (row 0, reaching CbCr distance 0.60), and towards red (row 1, reaching 0.60).
  static func rampColor(row: Int, column: Int) -> SIMD3<Double> {
    let t = Double(column) / Double(columns - 1)
    if row == 0 {
      let m = 0.5 * t
      return SIMD3(m, 1 - m, m)
    }
    let m = 0.6 * t
    return SIMD3(m, 1 - m, 0)
  }

  static func cell(row: Int, column: Int) -> PixelRect {
    PixelRect(
      x: column * columnWidth, y: row * rowHeight, width: columnWidth, height: rowHeight)
  }

  static let settings = [
    KeySettings(similarity: 0.2, smoothness: 0.2),
    KeySettings(similarity: 0.1, smoothness: 0.35),
    KeySettings(similarity: 0.3, smoothness: 0),
  ]

  /// 4:4:4 gives every column its own chroma; 4:2:0 takes the renderer's fast path for
  /// pixel-aligned layers, which keys at chroma resolution (the columns are an even number of
  /// pixels wide, so every chroma sample lies within one column).
  static let formats: [RawFormat] = [.yuv444p, .yuv420p]

  @Test(
    "α is 0 at the key, 1 past similarity + smoothness, never falling",
    arguments: settings, formats)
  func alphaRamp(_ key: KeySettings, format: RawFormat) throws {
    try withScratchFolder { folder in
      let (width, height) = (Self.columns * Self.columnWidth, 2 * Self.rowHeight)
      let name = try TestVideo.still(
        "ramp.mp4", in: folder, format: format,
        .init(width: width, height: height) { x, y in
          Self.rampColor(row: y / Self.rowHeight, column: x / Self.columnWidth)
        })
      let layers = """
          - name: ramp
            source: \(name)
            key:
              color: "#00FF00"
              similarity: \(key.similarity)
              smoothness: \(key.smoothness)
              spill: 0
        """
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "\(width)x\(height)", background: "#000000", layers: layers),
        in: folder)
      let plate = YCbCrCoding.output.codes(Self.background)
      let source = YCbCrCoding(matrix: .bt709, fullRange: false)
      for row in 0..<2 {
        var measured: [(distance: Double, alpha: Double)] = []
        for column in 0..<Self.columns {
          let color = source.decoded(Self.rampColor(row: row, column: column))
          let d = chromaDistance(color, Self.key)
          let foreground = YCbCrCoding.output.codes(color)
          let rect = Self.cell(row: row, column: column).inset(3)
          let got = frame.mean(in: rect)
          // Over black, the layer's share of the luma above black is its α.
          let alpha = (got.x - plate.x) / (foreground.x - plate.x)
          measured.append((d, alpha))
          let place = "row \(row) column \(column), d = \(d), α = \(alpha), got \(got)"
          if d < key.similarity - 0.01 {
            #expect(frame.worstDeviation(in: rect, from: plate) <= 2, "should be keyed: \(place)")
          }
          if d > key.similarity + key.smoothness + 0.01 {
            #expect(
              frame.worstDeviation(in: rect, from: foreground) <= 2, "should be opaque: \(place)")
          }
          if abs(d - key.similarity) > 0.01 {
            #expect(abs(alpha - key.alpha(distance: d)) <= 0.03, "formula: \(place)")
          }
        }
        measured.sort { $0.distance < $1.distance }
        for (near, far) in zip(measured, measured.dropFirst()) {
          #expect(far.alpha >= near.alpha - 0.02, "row \(row): α fell from \(near) to \(far)")
        }
      }
    }
  }

  @Test("the key colour itself is fully transparent even with similarity 0.01")
  func exactKey() throws {
    try withScratchFolder { folder in
      let name = try TestVideo.still(
        "green.mp4", in: folder, format: .yuv444p, .flat(width: 64, height: 48, Self.key))
      let layers = """
          - name: green
            source: \(name)
            key: { color: "#00FF00", similarity: 0.01, smoothness: 0, spill: 0 }
        """
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "64x48", background: "#4060A0", layers: layers), in: folder)
      let plate = YCbCrCoding.output.codes(rgb8(0x40, 0x60, 0xA0))
      let rect = PixelRect(x: 0, y: 0, width: 64, height: 48)
      #expect(frame.worstDeviation(in: rect, from: plate) <= 2, "\(frame.mean(in: rect))")
    }
  }

  /// Spill suppression by docs/ARCHITECTURE.md: s = max(0, G′ − (min(R′, B′) + max(R′, B′)) / 2),
  /// G′ ← G′ − spill · s.
  static func suppressed(_ rgb: SIMD3<Double>, spill: Double) -> SIMD3<Double> {
    let s = max(0, rgb.y - (min(rgb.x, rgb.z) + max(rgb.x, rgb.z)) / 2)
    return SIMD3(rgb.x, rgb.y - spill * s, rgb.z)
  }

  @Test(
    "spill pulls green down in an opaque greenish patch and leaves magenta alone",
    arguments: [0.5, 1.0], formats)
  func spill(_ amount: Double, format: RawFormat) throws {
    try withScratchFolder { folder in
      // Both patches lie more than 0.4 from the key in CbCr: fully opaque.
      let greenish = SIMD3(0.4, 0.7, 0.35)
      let magenta = SIMD3(0.8, 0.3, 0.7)
      let (left, right) = (
        PixelRect(x: 0, y: 0, width: 32, height: 48), PixelRect(x: 32, y: 0, width: 32, height: 48)
      )
      let name = try TestVideo.still(
        "patches.mp4", in: folder, format: format,
        .patches(width: 64, height: 48, [(left, greenish), (right, magenta)]))
      let layers = """
          - name: patches
            source: \(name)
            key: { color: "#00FF00", similarity: 0.1, smoothness: 0.1, spill: \(amount) }
        """
      let frame = try PictureProject.firstFrame(
        PictureProject.yaml(size: "64x48", background: "#000000", layers: layers), in: folder)
      let source = YCbCrCoding(matrix: .bt709, fullRange: false)
      for (rect, color) in [(left, greenish), (right, magenta)] {
        let decoded = source.decoded(color)
        #expect(chromaDistance(decoded, Self.key) > 0.2)
        let expected = YCbCrCoding.output.codes(Self.suppressed(decoded, spill: amount))
        let got = frame.mean(in: rect.inset(6))
        #expect(
          frame.worstDeviation(in: rect.inset(6), from: expected) <= 2,
          "\(color) with spill \(amount): expected \(expected), got \(got)")
      }
      // The greenish patch really changed: its green fell by spill · 0.325.
      let before = YCbCrCoding.output.codes(source.decoded(greenish))
      let after = YCbCrCoding.output.codes(Self.suppressed(source.decoded(greenish), spill: amount))
      #expect(abs(before.x - after.x) > 20)
    }
  }
}
