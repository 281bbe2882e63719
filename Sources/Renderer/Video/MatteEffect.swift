import GPU
import Media

/// The luma matte effect (`Matte.frag`): alpha from another picture's Y′, range-expanded so
/// limited-range black (16) is 0 and white (235) is 1. Its uniform is `matte` in a
/// preparation, `layerNMatte` for a layer the stacking pass fuses.
struct MatteEffect: PreparationEffect {
  /// alpha = sample · scale + offset.
  var scale: Double
  var offset: Double
  /// How the matte's planes are laid out: how its luma is read.
  var layout: PlaneLayout
  /// The matte's luma plane, for a preparation (a fused layer reads its own packed copy).
  var luma: Texture?

  init(_ matte: DecodedFrame, luma: Texture?) {
    layout = matte.layout
    self.luma = luma
    guard !matte.layout.isRGB, matte.colorRange == .limited else {
      (scale, offset) = (1, 0)
      return
    }
    let step = Double(1 << (matte.layout.bitDepth - 8))
    let maxCode = Double((1 << matte.layout.bitDepth) - 1)
    (scale, offset) = (maxCode / (219 * step), -16.0 / 219)
  }

  var uniformMembers: [UniformMember] {
    [UniformMember("scale", .float(Float(scale))), UniformMember("offset", .float(Float(offset)))]
  }

  /// The sampler of the matte's luma plane in a preparation.
  static let sampler = "matteLuma"

  var textures: [String: Texture] { luma.map { [Self.sampler: $0] } ?? [:] }

  /// Multiplies alpha by the matte at `st`, the same place in the matte as in the picture (a
  /// matte need not have the picture's size).
  var code: EffectCode {
    let sampler = Self.sampler
    let sample =
      switch layout {
      case .rgba8, .rgba8Premultiplied:
        "dot(texture(\(sampler), st).rgb, vec3(0.2126, 0.7152, 0.0722))"
      case .yuv420p10, .yuv422p10, .yuv444p10: "wide(texture(\(sampler), st).rg)"
      default: "texture(\(sampler), st).r"
      }
    return EffectCode(
      file: "Matte.frag", structName: "Matte", uniformName: "matte", samplers: [sampler],
      lines: ["alpha *= matteAlpha(matte, \(sample));"], readsColor: false)
  }
}
