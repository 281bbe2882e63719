import PlanValues
import RenderPlan

/// A layer's colour maths folded into affine maps of its normalised plane samples, for a layer
/// the stacking pass fuses (`Stack.frag`): the same conversion, key chroma and spill
/// suppression as its preparation (`Place.frag`, `Key.frag`) computes through R′G′B′, without
/// the round trip.
struct FoldedLayerColor {
  /// Samples to the output's Y′CbCr.
  var toOutput: AffineColorMap
  /// Rows and an offset giving the samples' BT.709 Cb and Cr, for the key.
  var keyCbRow: SIMD3<Double> = .zero
  var keyCrRow: SIMD3<Double> = .zero
  var keyOffset: SIMD2<Double> = .zero
  /// The key channel's excess over the mean of the other two, as a row and an offset.
  var spillRow: SIMD3<Double> = .zero
  var spillOffset: Double = 0
  /// What removing `spill` of one unit of excess from the key channel does to the output.
  var spillShift: SIMD3<Double> = .zero

  init(toRGB: AffineColorMap, encode: AffineColorMap, key: KeyPlan?) {
    toOutput = encode.after(toRGB)
    guard let key else { return }
    // The weights `KeyEffect` gives `Key.frag` for R′G′B′, folded through the conversion so
    // that the same functions take the plane samples.
    let w = LumaWeights.bt709
    let color = ColorConversion.rgb(key.color)
    keyCbRow = toRGB.row(weights: w.cbWeights)
    keyCrRow = toRGB.row(weights: w.crWeights)
    keyOffset = SIMD2(toRGB.offset(weights: w.cbWeights), toRGB.offset(weights: w.crWeights))
    let excess = KeyEffect.spillWeights(color)
    spillRow = toRGB.row(weights: excess)
    spillOffset = toRGB.offset(weights: excess)
    let channel = KeyEffect.strongestChannel(color)
    spillShift = -key.spill * encode.column(weights: channel)
  }
}

extension AffineColorMap {
  /// Whether the first output (Y′) depends on the second and third inputs (Cb, Cr): true only
  /// between different matrices, so a pass that writes Y′ may otherwise leave chroma unread.
  var lumaReadsChroma: Bool {
    // Column-major: m[column * 3 + row].
    abs(matrix[3]) > 1e-6 || abs(matrix[6]) > 1e-6
  }

  /// Whether the second and third outputs (Cb, Cr) depend on the first input (Y′).
  var chromaReadsLuma: Bool {
    abs(matrix[1]) > 1e-6 || abs(matrix[2]) > 1e-6
  }

  /// This map applied after `inner`.
  func after(_ inner: AffineColorMap) -> AffineColorMap {
    var columns = [Float](repeating: 0, count: 9)
    for row in 0..<3 {
      for column in 0..<3 {
        var sum = 0.0
        for k in 0..<3 {
          sum += Double(matrix[k * 3 + row]) * Double(inner.matrix[column * 3 + k])
        }
        columns[column * 3 + row] = Float(sum)
      }
    }
    let innerOffset = SIMD3<Double>(
      Double(inner.offset.x), Double(inner.offset.y), Double(inner.offset.z))
    let offset = apply(innerOffset)
    return AffineColorMap(
      matrix: columns, offset: SIMD3(Float(offset.x), Float(offset.y), Float(offset.z)))
  }

  /// The row `weights · M`: a weighted sum of the outputs as a function of the inputs.
  func row(weights: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(
      (0..<3).map { column in
        (0..<3).reduce(0.0) { $0 + weights[$1] * Double(matrix[column * 3 + $1]) }
      })
  }

  /// `weights · offset`.
  func offset(weights: SIMD3<Double>) -> Double {
    (weights * SIMD3(Double(offset.x), Double(offset.y), Double(offset.z))).sum()
  }

  /// `M · weights`: how the outputs move when the inputs move by `weights`.
  func column(weights: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(
      (0..<3).map { row in
        (0..<3).reduce(0.0) { $0 + Double(matrix[$1 * 3 + row]) * weights[$1] }
      })
  }
}

extension SIMD3 where Scalar == Double {
  init(_ value: SIMD3<Float>) {
    self.init(Double(value.x), Double(value.y), Double(value.z))
  }
}
