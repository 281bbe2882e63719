import GPU
import Media
import PlanValues
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
  /// The picture's planes packed for fusing (`PictureTextures.packedFormat`).
  private var packedPlanes: PictureTextures?
  private var packedMatte: PictureTextures?
  /// A fused keyed layer's key alphas and spill excesses, and the picture they are for.
  private var heldKeying: (picture: DecodedFrame, target: Framebuffer)?
  /// The textures of its effect passes.
  private var effectTextures = EffectTextures()
  /// Its look (`style.lut`) with the table uploaded, set by the compositor before its first
  /// draw; kept for the whole render, as tables are few and small.
  var lut: LUTEffect?

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
    effectTextures = EffectTextures()
  }

  /// The geometry of `draw`'s picture in its state.
  func geometry(_ draw: LayerDraw) -> LayerGeometry {
    LayerGeometry(
      box: draw.state.box, fit: style.fit, width: draw.picture.width,
      height: draw.picture.height, sampleAspectRatio: style.sampleAspectRatio,
      rotation: style.rotation, angle: draw.state.rotation)
  }

  /// The layer prepared for this frame's stacking pass over a `width` × `height` target,
  /// placed by `geometry` (`geometry(draw)`), or nil where nothing of it is on the frame. A
  /// layer with a blur, a shadow or contain-blur's background is drawn by `passes` after it is
  /// placed (`EffectPasses`).
  func prepare(
    _ draw: LayerDraw, geometry: LayerGeometry, width: Int, height: Int,
    using preparation: LayerPreparation, passes: EffectPasses
  ) throws -> StackLayer? {
    let passEffects = self.passEffects(for: draw, geometry: geometry)
    guard
      let bounds = Self.bounds(
        of: geometry, effects: passEffects, draw: draw, style: style, width: width,
        height: height)
    else { return nil }
    let context = preparation.context
    let layer: PreparedLayer
    if let existing = prepared, existing.fits(bounds) {
      existing.move(to: bounds)
      layer = existing
    } else {
      // Grown to hold both the old and the new size, so a layer whose bounds change size
      // (sliding in over the frame's edge) makes new textures only a few times.
      let size = SIMD2(bounds.z - bounds.x, bounds.w - bounds.y)
      let capacity = PreparedLayer.capacity(
        holding: prepared.map { pointwiseMax($0.capacity, size) } ?? size)
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
    let effects = effects(for: draw, matte: matte, geometry: geometry)
    var content = PreparedLayer.Content(
      picture: draw.picture, matte: draw.matte, geometry: geometry,
      effects: effects.map(\.uniformMembers))
    content.passes = passEffects
    if passEffects.isEmpty {
      try preparation.prepare(content, planes: planes, effects: effects, into: layer)
    } else if layer.content.map({ !$0.isSame(as: content) }) ?? true {
      // Until the passes are done the textures hold neither the old content nor the new.
      layer.content = nil
      try prepareWithPasses(
        content, draw: draw, planes: planes, effects: effects, width: width, height: height,
        using: preparation, passes: passes, into: layer)
      layer.content = content
    }
    return .prepared(layer, opacity: draw.state.opacity)
  }

  /// Places the layer (and contain-blur's background) unpacked over its reach and a margin,
  /// and runs its passes into `layer`.
  private func prepareWithPasses(
    _ content: PreparedLayer.Content, draw: LayerDraw, planes: PictureTextures,
    effects: [any PreparationEffect], width: Int, height: Int,
    using preparation: LayerPreparation, passes: EffectPasses, into layer: PreparedLayer
  ) throws {
    let context = preparation.context
    let textures = effectTextures
    let pass = content.passes
    let region = Self.region(
      content.geometry.bounds, margin: pass.margin, width: width, height: height)
    let scale = EffectPasses.placementScale(blur: pass.blur)
    let size = (region.size &+ (scale - 1)) / scale
    let placed = try textures.framebuffer("placed", size: size, context: context)
    try preparation.prepareUnpacked(
      content, planes: planes, effects: effects, into: placed, origin: region.origin,
      size: size, scale: scale)
    var background: (placed: Framebuffer, origin: SIMD2<Int>, scale: Int)?
    if let under = pass.background {
      // The picture covering the box, read past the box by the blur's reach (its edge texels
      // repeat where it ends), so the blur does not darken towards the box's edges.
      let margin = (3 * under.blur).rounded(.up) + 2
      var cover = LayerGeometry(
        box: draw.state.box, fit: .cover, width: draw.picture.width,
        height: draw.picture.height, sampleAspectRatio: style.sampleAspectRatio,
        rotation: style.rotation, angle: draw.state.rotation)
      cover.clip = under.box + SIMD4(-margin, -margin, margin, margin)
      var coverContent = content
      coverContent.geometry = cover
      let around = Self.region(
        Self.boxBounds(draw, style: style), margin: margin, width: width, height: height)
      let behindScale = EffectPasses.placementScale(blur: under.blur)
      let behindSize = (around.size &+ (behindScale - 1)) / behindScale
      let behind = try textures.framebuffer(
        "background placed", size: behindSize, context: context)
      try preparation.prepareUnpacked(
        coverContent, planes: planes, effects: effects.filter { !($0 is CornerEffect) },
        into: behind, origin: around.origin, size: behindSize, scale: behindScale)
      background = (behind, around.origin, behindScale)
    }
    try passes.run(
      pass, placed: placed, origin: region.origin, scale: scale, background: background,
      textures: textures, into: layer)
    preparation.noteEffectPasses()
  }

  /// The output pixels (origin and size) a layer with bounds `bounds` is placed over for its
  /// passes: its bounds and `margin`, cut to the frame and `margin` past it, and never more
  /// than 8192 pixels a side, the largest output's own size, whose stacking targets already
  /// need textures that wide (past it a blur's reach beyond the frame is cut, which only a layer
  /// far off the frame notices).
  static func region(_ bounds: SIMD4<Double>, margin: Double, width: Int, height: Int)
    -> (origin: SIMD2<Int>, size: SIMD2<Int>)
  {
    let past = SIMD2(
      min(margin, Double(max(0, 8192 - width) / 2)), min(margin, Double(max(0, 8192 - height) / 2)))
    let x0 = max((bounds.x - margin).rounded(.down), -past.x)
    let y0 = max((bounds.y - margin).rounded(.down), -past.y)
    let x1 = min((bounds.z + margin).rounded(.up), Double(width) + past.x)
    let y1 = min((bounds.w + margin).rounded(.up), Double(height) + past.y)
    guard x0.isFinite, y0.isFinite, x1 > x0, y1 > y0 else { return (.zero, SIMD2(1, 1)) }
    return (SIMD2(Int(x0), Int(y0)), SIMD2(Int(x1 - x0), Int(y1 - y0)))
  }

  /// The bounds of the layer's whole box, turned with it.
  static func boxBounds(_ draw: LayerDraw, style: LayerStyle) -> SIMD4<Double> {
    LayerGeometry(
      box: draw.state.box, fit: .stretch, width: 2, height: 2, sampleAspectRatio: .one,
      rotation: 0, angle: draw.state.rotation
    ).bounds
  }

  /// The prepared layer's bounds: the picture's and what its effects draw past it (the whole
  /// box for contain-blur's background).
  static func bounds(
    of geometry: LayerGeometry, effects: PassEffects, draw: LayerDraw, style: LayerStyle,
    width: Int, height: Int
  ) -> SIMD4<Int>? {
    var geometry = geometry
    if effects.background != nil {
      let box = boxBounds(draw, style: style)
      geometry.bounds = SIMD4(
        min(geometry.bounds.x, box.x), min(geometry.bounds.y, box.y),
        max(geometry.bounds.z, box.z), max(geometry.bounds.w, box.w))
      geometry.clip = SIMD4(
        min(geometry.clip.x, draw.state.box.x), min(geometry.clip.y, draw.state.box.y),
        max(geometry.clip.z, draw.state.box.x + draw.state.box.width),
        max(geometry.clip.w, draw.state.box.y + draw.state.box.height))
    }
    return PreparedLayer.bounds(of: geometry, reach: effects.reach, width: width, height: height)
  }

  /// The effects `draw`'s preparation applies after placing its picture, in order: the key
  /// (which needs the picture's own colour), the look, the colour adjustments, the matte, the
  /// rounded corners.
  func effects(
    for draw: LayerDraw, matte planes: PictureTextures?, geometry: LayerGeometry
  ) -> [any PreparationEffect] {
    var effects: [any PreparationEffect] = []
    if let key = style.key { effects.append(KeyEffect(key: key)) }
    if let lut { effects.append(lut) }
    for descriptor in EffectDescriptor.adjustments {
      if let value = draw.state.adjustments[descriptor.key],
        let adjustment = AdjustmentEffect(descriptor, value: value)
      {
        effects.append(adjustment)
      }
    }
    if let matte = draw.matte { effects.append(MatteEffect(matte, planes: planes)) }
    if let radius = draw.state.cornerRadius {
      let corner = CornerEffect(radius, geometry: geometry)
      if corner.radius > 0 { effects.append(corner) }
    }
    return effects
  }

  /// The effects of `draw` drawn in passes of their own: its blur, its shadow, and
  /// contain-blur's background where the picture leaves part of its box empty.
  func passEffects(for draw: LayerDraw, geometry: LayerGeometry) -> PassEffects {
    var effects = PassEffects(blur: draw.state.blur, shadow: style.shadow)
    let box = draw.state.box
    let picture = geometry.picture
    let filled =
      picture.x <= box.x + 0.5 && picture.y <= box.y + 0.5
      && picture.x + picture.z >= box.x + box.width - 0.5
      && picture.y + picture.w >= box.y + box.height - 0.5
    if style.fit == .containBlur, !filled {
      effects.background = PassEffects.Background(
        blur: max(box.width, box.height) / 40, xRow: geometry.xRow, yRow: geometry.yRow,
        box: SIMD4(box.x, box.y, box.x + box.width, box.y + box.height))
    }
    return effects
  }

  /// Whether the stacking pass may draw `draw` from its planes: only when every effect it has
  /// says so (`PreparationEffect.mayFuse`), and it has none drawn in passes of its own.
  func mayFuse(_ draw: LayerDraw, geometry: LayerGeometry) -> Bool {
    passEffects(for: draw, geometry: geometry).isEmpty
      && effects(for: draw, matte: nil, geometry: geometry).allSatisfy(\.mayFuse)
      && (style.lut == nil || lut?.mayFuse == true)
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
    // Four chroma samples a texel: a half stacking fragment's.
    let size = SIMD2(picture.width / 8, picture.height / 2)
    let fits = { (target: Framebuffer) in target.width == size.x && target.height == size.y }
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
              context: layer.planes.textures[1].context, width: size.x, height: size.y,
              format: .rgba8)
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
