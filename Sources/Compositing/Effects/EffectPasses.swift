import GPU
import Media
import PlanValues

/// Runs the passes of a layer's blur, shadow and contain-blur background (`PassEffects`)
/// between placing it and stacking it: the layer is placed unpacked, one premultiplied texel
/// per output pixel, over its bounds and a margin (`LayerPreparation.prepareUnpacked`); each
/// blur runs on it, first shrunk by a whole factor when wide (`EffectDownsample.frag`, then
/// `EffectBlur.frag` across and down); and `EffectPack.frag` writes the result, with the
/// shadow under it and cut to the box where asked, as a prepared layer.
///
/// A blur of standard deviation σ runs on the layer shrunk `d` times (1 under σ 4, else the
/// even `2⌊σ/4⌋`, the first 2 of it by placing the layer at half size): the box average, the
/// Gaussian (σ′ texels) and the bilinear enlargement add their variances, `d²/12`, `σ′²d²` and
/// `d²/6`, so σ′ = √((σ/d)² − ¼) gives σ exactly, with at most twelve taps a side at any width.
final class EffectPasses {
  let context: GPUContext
  private var programs: [String: ShaderProgram] = [:]

  init(context: GPUContext) {
    self.context = context
  }

  /// A blur's shrink factor and its Gaussian's standard deviation in shrunk texels. The
  /// factor is even (from σ 4 on), so a layer blurred that widely can be placed at half size
  /// (`placementScale`) and shrunk by the rest.
  static func steps(sigma: Double) -> (factor: Int, sigma: Double) {
    let factor = sigma < 4 ? 1 : 2 * Int(sigma / 4)
    guard factor > 1 else { return (1, sigma) }
    let scaled = sigma / Double(factor)
    return (factor, (scaled * scaled - 0.25).squareRoot())
  }

  /// How many output pixels a side each texel of a placement blurred by `blur` may stand for:
  /// 2 when the blur's factor is even (σ 4 or more), else 1. A layer's shadow is blurred at
  /// least as widely as the layer (`PassEffects.shadowBlur`), so the layer's own blur decides
  /// for both; contain-blur's background is placed for its own.
  static func placementScale(blur: Double) -> Int {
    steps(sigma: blur).factor >= 2 ? 2 : 1
  }

  /// Applies `effects` to the layer placed (unpacked) in `placed` at `scale` output pixels a
  /// texel, whose texel (0, 0) is output pixel `origin` (and contain-blur's background placed
  /// likewise in `background`), and writes the result into `layer`.
  func run(
    _ effects: PassEffects, placed: Framebuffer, origin: SIMD2<Int>, scale: Int,
    background: (placed: Framebuffer, origin: SIMD2<Int>, scale: Int)?,
    textures: EffectTextures, into layer: PreparedLayer
  ) throws {
    let placedOrigin = SIMD2(Double(origin.x), Double(origin.y))
    var picture = (texture: placed.texture, scale: scale)
    if effects.blur > 0 {
      picture = try blurred(
        placed, scale: scale, sigma: effects.blur, textures: textures, name: "layer")
    }
    var shadow: (texture: Texture, scale: Int)?
    if effects.shadow != nil {
      let sigma = effects.shadowBlur
      shadow =
        sigma > 0
        ? try blurred(placed, scale: scale, sigma: sigma, textures: textures, name: "shadow")
        : (placed.texture, scale)
    }
    var behind: (texture: Texture, scale: Int, origin: SIMD2<Int>)?
    if let under = effects.background, let background {
      let result = try blurred(
        background.placed, scale: background.scale, sigma: under.blur, textures: textures,
        name: "background")
      behind = (result.texture, result.scale, background.origin)
    }
    for target in [PreparedPlane.luma, .chroma] {
      var defines = [target == .luma ? "LUMA" : "CHROMA"]
      if effects.shadow != nil { defines.append("SHADOW") }
      if effects.background != nil { defines.append("BACKGROUND") }
      let program = try self.program("EffectPack.frag", defines: defines)
      try program.set(
        SourceUniforms(origin: placedOrigin, scale: Double(picture.scale)), as: "layerSource")
      try program.setUniform(
        "origin", SIMD2(Float(layer.bounds.x), Float(layer.bounds.y)))
      var inputs = ["layer": picture.texture]
      if let cast = effects.shadow, let shadow {
        let offset = placedOrigin + cast.offset
        try program.set(
          SourceUniforms(origin: offset, scale: Double(shadow.scale)), as: "shadowSource")
        let color = ColorConversion.toOutput.apply(ColorConversion.rgb(cast.color.rgb))
        try program.setUniform("shadowColor", SIMD3(Float(color.x), Float(color.y), Float(color.z)))
        try program.setUniform("shadowOpacity", Float(cast.color.alpha) / 255)
        inputs["shadow"] = shadow.texture
      }
      if let under = effects.background, let behind {
        let at = SIMD2(Double(behind.origin.x), Double(behind.origin.y))
        try program.set(
          SourceUniforms(origin: at, scale: Double(behind.scale)), as: "backgroundSource")
        try program.setUniform("clipXRow", SIMD3<Float>(under.xRow))
        try program.setUniform("clipYRow", SIMD3<Float>(under.yRow))
        try program.setUniform("clipBox", SIMD4<Float>(under.box))
        inputs["background"] = behind.texture
      }
      try program.draw(
        into: target == .luma ? layer.luma : layer.chroma, textures: inputs,
        region: layer.region(target))
    }
  }

  /// `source` (placed at `scale` output pixels a texel, 1 or 2, and 2 only where the blur's
  /// factor is even) blurred by `sigma` output pixels: the texture holding it and how many
  /// output pixels each of its texels spans.
  private func blurred(
    _ source: Framebuffer, scale: Int, sigma: Double, textures: EffectTextures, name: String
  ) throws -> (texture: Texture, scale: Int) {
    let (factor, scaled) = Self.steps(sigma: sigma)
    precondition(factor % scale == 0, "a blur by \(factor) of a placement at \(scale)")
    let shrink = factor / scale
    var input = source
    let size = SIMD2(
      (source.width + shrink - 1) / shrink, (source.height + shrink - 1) / shrink)
    if shrink > 1 {
      let shrunk = try textures.framebuffer("\(name) shrunk", size: size, context: context)
      let program = try self.program("EffectDownsample.frag", defines: [])
      try program.setUniform("factor", Int32(shrink))
      try program.draw(into: shrunk, textures: ["source": source.texture])
      input = shrunk
    }
    // A Gaussian under a third of a texel changes nothing a texel holds.
    guard scaled >= 0.3 else { return (input.texture, factor) }
    let across = try textures.framebuffer("\(name) across", size: size, context: context)
    let down = try textures.framebuffer("\(name) down", size: size, context: context)
    let program = try self.program("EffectBlur.frag", defines: [])
    try program.setUniform("sigma", Float(scaled))
    try program.setUniform("radius", Int32((3 * scaled).rounded(.up)))
    try program.setUniform("direction", SIMD2<Int32>(1, 0))
    try program.draw(into: across, textures: ["source": input.texture])
    try program.setUniform("direction", SIMD2<Int32>(0, 1))
    try program.draw(into: down, textures: ["source": across.texture])
    return (down.texture, factor)
  }

  /// The whole `.frag` file `name` with `defines` set, compiled once.
  private func program(_ name: String, defines: [String]) throws -> ShaderProgram {
    let key = ([name] + defines).joined(separator: " ")
    if let cached = programs[key] { return cached }
    let program = try AssembledProgram.make(context: context, parts: [name], defines: defines)
    programs[key] = program
    return program
  }
}

/// `EffectPack.frag`'s `Source`.
struct SourceUniforms: UniformGroup {
  var origin: SIMD2<Double>
  var scale: Double

  var uniformMembers: [UniformMember] {
    [
      UniformMember("origin", .vec2(SIMD2(Float(origin.x), Float(origin.y)))),
      UniformMember("scale", .float(Float(scale))),
    ]
  }
}
