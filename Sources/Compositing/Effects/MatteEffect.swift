import GPU
import Media

/// The luma matte effect (`Matte.frag`): alpha from another picture's Y′, range-expanded so
/// limited-range black (16) is 0 and white (235) is 1. Its uniform is `matte` in a
/// preparation, `layerNMatte` for a layer the stacking pass fuses.
///
/// A matte with premultiplied alpha (`yuva420p8Premultiplied`, a composition drawn over a
/// transparent background) is read as it shows over black, `Y′·α + black·(1 − α)`: its straight
/// matte times α, so where it is transparent the layer is hidden.
struct MatteEffect: PreparationEffect {
  /// alpha = sample · scale + offset.
  var scale: Double
  var offset: Double
  /// How the matte's planes are laid out: how its luma is read.
  var layout: PlaneLayout
  /// The matte's luma plane, for a preparation (a fused layer reads its own packed copy).
  var luma: Texture?
  /// The matte's alpha plane, for a preparation of a premultiplied matte.
  var alpha: Texture?

  /// The planes of a matte in `layout` a preparation uploads (the first ones): its luma, and
  /// for a premultiplied matte everything up to its alpha.
  static func planes(_ layout: PlaneLayout) -> Int {
    layout == .yuva420p8Premultiplied ? layout.planeCount : 1
  }

  /// The matte of `matte`, whose first planes (`planes(_:)`) are in `planes` for a
  /// preparation (nil for a fused layer).
  init(_ matte: DecodedFrame, planes: PictureTextures?) {
    layout = matte.layout
    luma = planes?.textures.first
    alpha = layout == .yuva420p8Premultiplied ? planes?.textures[3] : nil
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

  /// `Stack.frag` mattes a fused layer.
  var mayFuse: Bool { true }

  /// The sampler of the matte's luma plane in a preparation.
  static let sampler = "matteLuma"
  /// The sampler of a premultiplied matte's alpha plane.
  static let alphaSampler = "matteCoverage"

  var textures: [String: Texture] {
    var textures: [String: Texture] = [:]
    textures[Self.sampler] = luma
    textures[Self.alphaSampler] = alpha
    return textures
  }

  /// Multiplies alpha by the matte at `st`, the same place in the matte as in the picture (a
  /// matte need not have the picture's size), its luma read as its layout holds it.
  var code: EffectCode {
    var defines = ["EFFECT_MATTE"]
    switch layout {
    case .rgba8, .rgba8Premultiplied:
      let w = LumaWeights.bt709.lumaWeights
      defines += ["MATTE_RGB", "LUMA_WEIGHTS vec3(\(w.x), \(w.y), \(w.z))"]
    case .yuv420p10, .yuv422p10, .yuv444p10: defines.append("MATTE_WIDE")
    case .yuva420p8Premultiplied: defines.append("MATTE_PREMULTIPLIED")
    case .yuv420p8, .yuv422p8, .yuv444p8, .nv12, .yuva420p8, .yuva444p8: break
    }
    return EffectCode(file: "Matte.frag", uniformName: "matte", defines: defines, readsColor: false)
  }
}
