import GPU
import Media

/// Prepares layers (see `PreparedLayer`): one program per kind of layer and pass, assembled
/// from `Place.frag`, the files of the layer's effects (`PreparationEffect`) and
/// `PlaceMain.frag`, specialised with `#define`s for exactly that kind.
final class LayerPreparation {
  /// What a program is built for: fixed for a layer while its stream's format stays the same.
  struct Recipe: Hashable {
    var layout: PlaneLayout
    /// Whether the picture lies pixel for pixel on the output (see `LayerGeometry`).
    var aligned: Bool
    var planes: PlaceEffect.PlaneUse
    var effects: [EffectCode]
    var target: PreparedPlane
    /// Whether the program writes one premultiplied (Y′·α, Cb·α, Cr·α, α) texel per output
    /// pixel, for the passes of a blur or shadow (`EffectPasses`), rather than a prepared
    /// layer's packed planes; `target` is then unused.
    var unpacked = false
    /// Output pixels a side each unpacked texel stands for: 1, or 2 for a layer about to be
    /// blurred widely, whose texel is then the mean of its 2×2 pixels.
    var unpackedScale = 1
  }

  let context: GPUContext
  private var programs: [Recipe: ShaderProgram] = [:]
  /// How many preparations it has run: what tests watch to see a layer prepared only once per
  /// change.
  private(set) var count = 0

  init(context: GPUContext) {
    self.context = context
  }

  /// Prepares `content` (its picture's planes already in `planes`) with `effects`, in order,
  /// into `layer`, unless `layer` already holds exactly this.
  func prepare(
    _ content: PreparedLayer.Content, planes: PictureTextures, effects: [any PreparationEffect],
    into layer: PreparedLayer
  ) throws {
    if let held = layer.content, held.isSame(as: content) { return }
    // Until both passes are done the textures hold neither the old content nor the new.
    layer.content = nil
    let place = PlaceEffect(
      origin: SIMD2(layer.bounds.x, layer.bounds.y), geometry: content.geometry,
      picture: content.picture)
    for target in [PreparedPlane.luma, .chroma] {
      let codes = effects.map(\.code)
      let recipe = Recipe(
        layout: content.picture.layout, aligned: content.geometry.isPixelAligned,
        planes: place.planeUse(content.picture.layout, effects: codes, target: target),
        effects: codes, target: target)
      try draw(
        recipe, place: place, planes: planes, effects: effects,
        into: target == .luma ? layer.luma : layer.chroma, region: layer.region(target))
    }
    layer.content = content
    count += 1
  }

  /// Places `content` (its picture's planes in `planes`) with the per-pixel `effects` into
  /// `target`'s first `size` texels, one premultiplied (Y′·α, Cb·α, Cr·α, α) texel per
  /// `scale` × `scale` output pixels from output pixel `origin`: the first pass of a layer with
  /// multi-pass effects. At scale 2 each texel is its four pixels' mean, sampled filtered at
  /// their shared corner (exact for a picture on the pixel grid), a quarter of the work.
  func prepareUnpacked(
    _ content: PreparedLayer.Content, planes: PictureTextures, effects: [any PreparationEffect],
    into target: Framebuffer, origin: SIMD2<Int>, size: SIMD2<Int>, scale: Int = 1
  ) throws {
    let place = PlaceEffect(origin: origin, geometry: content.geometry, picture: content.picture)
    let codes = effects.map(\.code)
    let recipe = Recipe(
      layout: content.picture.layout, aligned: scale == 1 && content.geometry.isPixelAligned,
      planes: .all, effects: codes, target: .luma, unpacked: true, unpackedScale: scale)
    try draw(
      recipe, place: place, planes: planes, effects: effects, into: target,
      region: SIMD4(0, 0, Int32(size.x), Int32(size.y)))
  }

  /// Runs `recipe`'s program with `place`, the picture's `planes` and `effects` set, into
  /// `region` of `target`.
  private func draw(
    _ recipe: Recipe, place: PlaceEffect, planes: PictureTextures,
    effects: [any PreparationEffect], into target: Framebuffer, region: SIMD4<Int32>
  ) throws {
    let program = try self.program(recipe)
    try program.set(place, as: "place")
    var textures: [String: Texture] = [:]
    for (name, texture) in zip(PlaceEffect.planeSamplers(recipe.layout), planes.textures) {
      textures[name] = texture
    }
    for effect in effects {
      try program.set(effect, as: effect.code.uniformName)
      textures.merge(effect.textures) { first, _ in first }
    }
    // A plane the specialised program never reads has no sampler left in it.
    try program.draw(
      into: target, textures: textures.filter { program.uniformLocation($0.key) != nil },
      region: region)
  }

  /// Counts a preparation made by effect passes (`LayerSlot`), which place the layer with
  /// `prepareUnpacked` and finish it elsewhere.
  func noteEffectPasses() {
    count += 1
  }

  private func program(_ recipe: Recipe) throws -> ShaderProgram {
    if let cached = programs[recipe] { return cached }
    var parts = ["Place.frag"]
    for file in recipe.effects.map(\.file) where !parts.contains(file) {
      parts.append(file)
    }
    parts.append("PlaceMain.frag")
    let program = try AssembledProgram.make(
      context: context, parts: parts, defines: Self.defines(for: recipe),
      generated: AdjustmentEffect.code(recipe.effects))
    programs[recipe] = program
    return program
  }

  /// The `#define`s that specialise `PlaceMain.frag` for `recipe` (its header lists them).
  static func defines(for recipe: Recipe) -> [String] {
    var defines = PlaceEffect.pictureDefines(
      recipe.layout, aligned: recipe.aligned, use: recipe.planes)
    if recipe.unpacked {
      defines += ["UNPACKED", "UNPACKED_SCALE \(recipe.unpackedScale).0"]
    } else {
      defines.append(recipe.target == .luma ? "LUMA" : "CHROMA")
    }
    // Each define once: several adjustments share `EFFECT_ADJUST`.
    for define in recipe.effects.flatMap(\.defines) where !defines.contains(define) {
      defines.append(define)
    }
    return defines
  }
}
