import Media
import PlanValues

/// The affine maps between a stream's Y′CbCr samples, R′G′B′ and the output's Y′CbCr, for the
/// compositing shader. Matrices are 3×3, column-major as GLSL takes them.
struct AffineColorMap: Equatable {
  /// Column-major 3×3.
  var matrix: [Float]
  var offset: SIMD3<Float>

  /// The identity: R′G′B′ stays R′G′B′ (an `rgba8` picture, a preview target).
  static let identity = AffineColorMap(matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], offset: .zero)

  func apply(_ value: SIMD3<Double>) -> SIMD3<Double> {
    let m = matrix.map(Double.init)
    let o = SIMD3<Double>(Double(offset.x), Double(offset.y), Double(offset.z))
    return SIMD3(
      m[0] * value.x + m[3] * value.y + m[6] * value.z,
      m[1] * value.x + m[4] * value.y + m[7] * value.z,
      m[2] * value.x + m[5] * value.y + m[8] * value.z) + o
  }
}

/// The luma weights of a Y′CbCr matrix.
struct LumaWeights {
  var kr: Double
  var kb: Double
  var kg: Double { 1 - kr - kb }

  static let bt601 = LumaWeights(kr: 0.299, kb: 0.114)
  static let bt709 = LumaWeights(kr: 0.2126, kb: 0.0722)
  static let bt2020 = LumaWeights(kr: 0.2627, kb: 0.0593)

  init(kr: Double, kb: Double) {
    self.kr = kr
    self.kb = kb
  }

  init(_ matrix: ColorMatrix) {
    switch matrix {
    case .bt601: self = .bt601
    case .bt709: self = .bt709
    case .bt2020: self = .bt2020
    }
  }

  /// Y′ as weights of R′, G′ and B′.
  var lumaWeights: SIMD3<Double> { SIMD3(kr, kg, kb) }
  /// Cb (−0.5…0.5) as weights of R′, G′ and B′: (B′ − Y′) / (2 (1 − Kb)).
  var cbWeights: SIMD3<Double> { SIMD3(-kr, -kg, 1 - kb) / (2 * (1 - kb)) }
  /// Cr likewise: (R′ − Y′) / (2 (1 − Kr)).
  var crWeights: SIMD3<Double> { SIMD3(1 - kr, -kg, -kb) / (2 * (1 - kr)) }

  /// (Y′, Cb, Cr) with Cb and Cr in −0.5…0.5, for R′G′B′ in 0…1.
  func encode(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
    let y = kr * rgb.x + kg * rgb.y + kb * rgb.z
    return SIMD3(y, (rgb.z - y) / (2 * (1 - kb)), (rgb.x - y) / (2 * (1 - kr)))
  }
}

enum ColorConversion {
  /// Normalised samples (code / (2^bits − 1)) of a stream to R′G′B′: the stream's range is
  /// expanded, then its matrix inverted.
  static func toRGB(matrix: ColorMatrix, range: ColorRange, bitDepth: Int) -> AffineColorMap {
    let maxCode = Double((1 << bitDepth) - 1)
    let step = Double(1 << (bitDepth - 8))
    // Y′ = a_y · n + b_y and C = a_c · n + b_c, from the codes of black, white and zero chroma.
    let (ay, by, ac, bc): (Double, Double, Double, Double)
    switch range {
    case .limited:
      ay = maxCode / (219 * step)
      by = -16 / 219
      ac = maxCode / (224 * step)
      bc = -128 / 224
    case .full:
      ay = 1
      by = 0
      ac = 1
      bc = -Double(1 << (bitDepth - 1)) / maxCode
    }
    let w = LumaWeights(matrix)
    // Rows of the inverse matrix: R′ = Y′ + 2(1 − Kr)·Cr, B′ = Y′ + 2(1 − Kb)·Cb, G′ from Y′.
    let rows: [SIMD3<Double>] = [
      SIMD3(1, 0, 2 * (1 - w.kr)),
      SIMD3(1, -2 * w.kb * (1 - w.kb) / w.kg, -2 * w.kr * (1 - w.kr) / w.kg),
      SIMD3(1, 2 * (1 - w.kb), 0),
    ]
    let scale = SIMD3(ay, ac, ac)
    let bias = SIMD3(by, bc, bc)
    var columns = [Float](repeating: 0, count: 9)
    for (row, weights) in rows.enumerated() {
      for column in 0..<3 {
        columns[column * 3 + row] = Float(weights[column] * scale[column])
      }
    }
    let offset = rows.map { ($0 * bias).sum() }
    return AffineColorMap(
      matrix: columns, offset: SIMD3(Float(offset[0]), Float(offset[1]), Float(offset[2])))
  }

  /// R′G′B′ to the output's 8-bit BT.709 limited-range Y′CbCr, normalised by 255.
  static let toOutput: AffineColorMap = {
    let w = LumaWeights.bt709
    let rows: [SIMD3<Double>] = [
      SIMD3(w.kr, w.kg, w.kb) * (219.0 / 255),
      SIMD3(-w.kr, -w.kg, 1 - w.kb) / (2 * (1 - w.kb)) * (224.0 / 255),
      SIMD3(1 - w.kr, -w.kg, -w.kb) / (2 * (1 - w.kr)) * (224.0 / 255),
    ]
    var columns = [Float](repeating: 0, count: 9)
    for (row, weights) in rows.enumerated() {
      for column in 0..<3 {
        columns[column * 3 + row] = Float(weights[column])
      }
    }
    return AffineColorMap(
      matrix: columns, offset: SIMD3(16.0 / 255, 128.0 / 255, 128.0 / 255))
  }()

  /// R′G′B′ of a `#RRGGBB` colour, 0…1.
  static func rgb(_ color: RGBColor) -> SIMD3<Double> {
    SIMD3(Double(color.red), Double(color.green), Double(color.blue)) / 255
  }
}
