import GPU
import Looks
import PlanValues

/// A colour look from a `.cube` table (`LUT.frag`), applied to each pixel's colour after the
/// key and blended with it by `lut_mix`. Its uniform is `lut`, its table's sampler
/// `lutTable`. The stacking pass cannot draw it (`mayFuse` false).
struct LUTEffect: PreparationEffect {
  var size: Int
  var domainMin: SIMD3<Double>
  var domainMax: SIMD3<Double>
  var mix: Double
  /// The table uploaded (`texture(of:context:)`); nil only where the effect is asked whether
  /// it may be fused.
  var table: Texture?

  init(_ lut: CubeLUT, mix: Double, table: Texture?) {
    size = lut.size
    domainMin = lut.domainMin
    domainMax = lut.domainMax
    self.mix = mix
    self.table = table
  }

  var uniformMembers: [UniformMember] {
    let scale = 1 / (domainMax - domainMin)
    return [
      UniformMember("size", .int(Int32(size))),
      UniformMember("domainMin", .vec3(SIMD3<Float>(domainMin))),
      UniformMember("domainScale", .vec3(SIMD3<Float>(scale))),
      UniformMember("mix", .float(Float(mix))),
    ]
  }

  static let sampler = "lutTable"

  var code: EffectCode {
    EffectCode(file: "LUT.frag", uniformName: "lut", defines: ["EFFECT_LUT"], readsColor: true)
  }

  var textures: [String: Texture] {
    table.map { [Self.sampler: $0] } ?? [:]
  }

  var mayFuse: Bool { false }

  /// `lut` as a texture: its `size` slices of blue side by side, each `size` × `size` (red
  /// across, green down), 8 bits a channel.
  static func texture(of lut: CubeLUT, context: GPUContext) throws -> Texture {
    let n = lut.size
    var bytes = [UInt8](repeating: 255, count: n * n * n * 4)
    for b in 0..<n {
      for g in 0..<n {
        for r in 0..<n {
          let color = lut.color(r: r, g: g, b: b)
          let index = ((g * n * n) + b * n + r) * 4
          for channel in 0..<3 {
            bytes[index + channel] = UInt8(min(max(color[channel], 0), 1) * 255 + 0.5)
          }
        }
      }
    }
    let texture = try Texture(
      context: context, width: n * n, height: n, format: .rgba8, filter: .nearest)
    try texture.upload(bytes, bytesPerRow: n * n * 4)
    return texture
  }
}
