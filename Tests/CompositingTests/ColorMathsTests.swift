import Media
import PlanValues
import Testing

@testable import Compositing
@testable import RenderPlan

@Suite("Colour maths: stream Y'CbCr to R'G'B' to the output, and the folded fast path")
struct ColorMathsTests {
  /// The largest component of |a − b|.
  private func difference(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    let d = a - b
    return max(abs(d.x), abs(d.y), abs(d.z))
  }

  private func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    a.x * b.x + a.y * b.y + a.z * b.z
  }

  /// Normalised 8-bit samples.
  private func samples(_ y: Double, _ cb: Double, _ cr: Double) -> SIMD3<Double> {
    SIMD3(y, cb, cr) / 255
  }

  @Test func limitedRangeBlackWhiteAndGreyAreExact() {
    for matrix in [ColorMatrix.bt601, .bt709, .bt2020] {
      let map = ColorConversion.toRGB(matrix: matrix, range: .limited, bitDepth: 8)
      let black = map.apply(samples(16, 128, 128))
      let white = map.apply(samples(235, 128, 128))
      #expect(difference(black, .zero) < 1e-6)
      #expect(difference(white, SIMD3(1, 1, 1)) < 1e-6)
    }
    let full = ColorConversion.toRGB(matrix: .bt709, range: .full, bitDepth: 10)
    #expect(difference(full.apply(SIMD3(1023, 512, 512) / 1023), SIMD3(1, 1, 1)) < 1e-6)
  }

  @Test func bt601AndBt709ReadTheSameCodesAsDifferentColours() {
    // BT.601 limited pure red is Y 81, Cb 90, Cr 240.
    let red601 = ColorConversion.toRGB(matrix: .bt601, range: .limited, bitDepth: 8)
      .apply(samples(81, 90, 240))
    #expect(difference(red601, SIMD3(1, 0, 0)) < 0.01)
    let as709 = ColorConversion.toRGB(matrix: .bt709, range: .limited, bitDepth: 8)
      .apply(samples(81, 90, 240))
    #expect(difference(as709, SIMD3(1, 0, 0)) > 0.05, "the matrix matters")
  }

  @Test func aBt709LimitedSourcePassesThroughUnchanged() {
    let map = ColorConversion.toOutput.after(
      ColorConversion.toRGB(matrix: .bt709, range: .limited, bitDepth: 8))
    for code in [samples(16, 16, 240), samples(100, 200, 60), samples(235, 128, 128)] {
      #expect(difference(map.apply(code), code) < 1e-5)
    }
  }

  /// The folded maps must give what a preparation (Place.frag, Key.frag) computes through
  /// R'G'B': the output Y'CbCr of the spill-suppressed colour, and the key chroma.
  @Test(arguments: [ColorMatrix.bt601, .bt709], [ColorRange.limited, .full])
  func foldedMapsAgreeWithTheRoundTrip(matrix: ColorMatrix, range: ColorRange) {
    let key = KeyPlan(color: .green, similarity: 0.25, smoothness: 0.1, spill: 0.5)
    let toRGB = ColorConversion.toRGB(matrix: matrix, range: range, bitDepth: 8)
    let folded = FoldedLayerColor(toRGB: toRGB, encode: ColorConversion.toOutput, key: key)
    let w = LumaWeights.bt709
    let keyYCC = w.encode(SIMD3(0, 1, 0))
    for code in [samples(60, 90, 80), samples(150, 40, 30), samples(200, 160, 120)] {
      let rgb = toRGB.apply(code)
      // The round trip, as Place.frag and Key.frag do it.
      let ycc = w.encode(rgb)
      let distance =
        ((ycc.y - keyYCC.y) * (ycc.y - keyYCC.y)
        + (ycc.z - keyYCC.z) * (ycc.z - keyYCC.z)).squareRoot()
      var spilled = rgb
      spilled.y -= 0.5 * max(0, rgb.y - (rgb.x + rgb.z) / 2)
      let expected = ColorConversion.toOutput.apply(spilled)
      // The folded form, as Stack.frag does it for a fused layer.
      let cb = dot(folded.keyCbRow, code) + folded.keyOffset.x - keyYCC.y
      let cr = dot(folded.keyCrRow, code) + folded.keyOffset.y - keyYCC.z
      let excess = max(0, dot(folded.spillRow, code) + folded.spillOffset)
      let got = folded.toOutput.apply(code) + folded.spillShift * excess
      #expect(abs((cb * cb + cr * cr).squareRoot() - distance) < 1e-5)
      #expect(difference(got, expected) < 1e-5)
    }
  }

  @Test func theKeyDistanceAndSpillDoNotDependOnLuma() {
    // Why a fused layer may be keyed once per chroma sample.
    let key = KeyPlan(color: .green, similarity: 0.25, smoothness: 0.1, spill: 0.5)
    let folded = FoldedLayerColor(
      toRGB: ColorConversion.toRGB(matrix: .bt601, range: .limited, bitDepth: 8),
      encode: ColorConversion.toOutput, key: key)
    #expect(abs(folded.keyCbRow.x) < 1e-6 && abs(folded.keyCrRow.x) < 1e-6)
    #expect(abs(folded.spillRow.x) < 1e-6)
  }
}
