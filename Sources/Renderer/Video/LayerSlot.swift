import GPU
import Media
import RenderPlan

/// One plan layer's GPU state across a render: the textures its pictures are uploaded into,
/// its prepared layer, and what fusing it into the stacking pass needs. Each is made on first
/// use and kept while its size and format stay the same.
final class LayerSlot {
  let style: LayerStyle
  /// The picture's planes as decoded, for its preparation.
  private var planes: PictureTextures?
  private var matte: PictureTextures?
  private var prepared: PreparedLayer?
  /// The picture's planes four samples a texel, for fusing.
  private var packedPlanes: PictureTextures?
  private var packedMatte: PictureTextures?
  /// A fused keyed layer's key alphas and spill excesses, and the picture they are for.
  private var heldKeying: (picture: DecodedFrame, target: Framebuffer)?

  init(style: LayerStyle) {
    self.style = style
  }

  /// Lets go of every texture and picture the slot holds.
  func release() {
    planes = nil
    matte = nil
    prepared = nil
    packedPlanes = nil
    packedMatte = nil
    heldKeying = nil
  }

  /// The geometry of `draw`'s picture in its state.
  func geometry(_ draw: LayerDraw) -> LayerGeometry {
    LayerGeometry(
      box: draw.state.box, fit: style.fit, width: draw.picture.width,
      height: draw.picture.height, sampleAspectRatio: style.sampleAspectRatio,
      rotation: style.rotation, angle: draw.state.rotation)
  }

  /// The layer prepared for this frame's stacking pass over a `width` × `height` target,
  /// placed by `geometry` (`geometry(draw)`), or nil where nothing of it is on the frame.
  func prepare(
    _ draw: LayerDraw, geometry: LayerGeometry, width: Int, height: Int,
    using preparation: LayerPreparation
  ) throws -> StackLayer? {
    guard let bounds = PreparedLayer.bounds(of: geometry, width: width, height: height) else {
      return nil
    }
    let context = preparation.context
    let layer: PreparedLayer
    if let existing = prepared, existing.fits(bounds) {
      existing.move(to: bounds)
      layer = existing
    } else {
      // Grown to hold both the old and the new size, so a layer whose bounds change size
      // (sliding in over the frame's edge) makes new textures only a few times.
      let size = SIMD2(bounds.z - bounds.x, bounds.w - bounds.y)
      let capacity = prepared.map { pointwiseMax($0.capacity, size) } ?? size
      layer = try PreparedLayer(context: context, bounds: bounds, capacity: capacity)
      prepared = layer
    }
    let planes = try Self.textures(
      &self.planes, for: draw.picture, context: context, planes: nil, packed: false)
    let matte = try draw.matte.map {
      try Self.textures(
        &self.matte, for: $0, context: context, planes: MatteEffect.planes($0.layout),
        packed: false)
    }
    let effects = effects(for: draw, matte: matte)
    let content = PreparedLayer.Content(
      picture: draw.picture, matte: draw.matte, geometry: geometry,
      effects: effects.map(\.uniformMembers))
    try preparation.prepare(content, planes: planes, effects: effects, into: layer)
    return .prepared(layer, opacity: draw.state.opacity)
  }

  /// The effects `draw`'s preparation applies after placing its picture, in order: the key
  /// (which needs the picture's own colour), then the matte.
  func effects(for draw: LayerDraw, matte planes: PictureTextures?) -> [any PreparationEffect] {
    var effects: [any PreparationEffect] = []
    if let key = style.key { effects.append(KeyEffect(key: key)) }
    if let matte = draw.matte { effects.append(MatteEffect(matte, planes: planes)) }
    return effects
  }

  /// The layer to fuse into this frame's stacking pass (see `FusedLayer.canFuse`), placed by
  /// `geometry` (`geometry(draw)`).
  func fuse(
    _ draw: LayerDraw, geometry: LayerGeometry, context: GPUContext,
    keyPass: () throws -> FusedKeyPass
  ) throws -> StackLayer {
    let picture = draw.picture
    let planes = try Self.textures(
      &packedPlanes, for: picture, context: context, planes: nil, packed: true)
    let matte = try draw.matte.map {
      try Self.textures(&packedMatte, for: $0, context: context, planes: 1, packed: true)
    }
    let folded = FoldedLayerColor(
      toRGB: ColorConversion.toRGB(
        matrix: picture.colorMatrix, range: picture.colorRange, bitDepth: picture.layout.bitDepth),
      encode: ColorConversion.toOutput, key: style.key)
    let place = geometry.picture
    var layer = FusedLayer(
      recipe: FusedLayer.Recipe(
        keyed: style.key != nil, matted: matte != nil,
        lumaNeedsChroma: folded.toOutput.lumaReadsChroma,
        chromaNeedsLuma: folded.toOutput.chromaReadsLuma),
      position: SIMD2(Int(place.x), Int(place.y)), size: SIMD2(picture.width, picture.height),
      planes: planes, keying: nil, matte: matte, folded: folded,
      matteEffect: draw.matte.map { MatteEffect($0, planes: nil) }, opacity: draw.state.opacity)
    if let key = style.key {
      layer.keying = try keying(of: layer, key: key, picture: picture, keyPass: keyPass)
    }
    return .fused(layer)
  }

  /// The key alphas and spill excesses of `picture`, computed once per picture.
  private func keying(
    of layer: FusedLayer, key: KeyPlan, picture: DecodedFrame,
    keyPass: () throws -> FusedKeyPass
  ) throws -> Framebuffer {
    let chroma = layer.planes.textures[1]
    let fits = { (target: Framebuffer) in
      target.width == chroma.width && target.height == chroma.height
    }
    if let held = heldKeying, held.picture === picture, fits(held.target) {
      return held.target
    }
    let target =
      if let held = heldKeying, fits(held.target) {
        held.target
      } else {
        try Framebuffer(
          textures: (0..<2).map { _ in
            try Texture(
              context: chroma.context, width: chroma.width, height: chroma.height, format: .rgba8)
          })
      }
    try keyPass().run(layer, key: key, into: target)
    heldKeying = (picture, target)
    return target
  }

  /// `cache` when it fits `frame`, else new textures for it (kept in `cache`), holding `frame`.
  private static func textures(
    _ cache: inout PictureTextures?, for frame: DecodedFrame, context: GPUContext, planes: Int?,
    packed: Bool
  ) throws -> PictureTextures {
    let textures: PictureTextures
    if let existing = cache, existing.fits(frame) {
      textures = existing
    } else {
      textures = try PictureTextures(
        context: context, layout: frame.layout, width: frame.width, height: frame.height,
        planes: planes, packed: packed)
      cache = textures
    }
    try textures.upload(frame)
    return textures
  }
}
