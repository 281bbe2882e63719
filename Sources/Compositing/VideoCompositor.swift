import GPU
import Looks
import Media
import PlanValues
import RenderPlan

/// Composites a frame's layers on the GPU, straight into the output's planes, in two steps
/// (docs/ARCHITECTURE.md, "Compositor, version 2"):
///
/// 1. Each layer is prepared only when what it shows changes (`LayerPreparation`): a new
///    source frame, or a new place. A still is prepared once for the render; a held frame is
///    never prepared twice. A layer already on the output's pixel grid as 8-bit 4:2:0 is
///    instead fused into step 2 (`FusedLayer`), which reads its planes as decoded.
/// 2. One stacking pass (`StackPass`) blends the layers into every plane of the output, bottom
///    first, region by region.
///
/// The planes are read back into an encoder's frame, or into a picture (`picture(_:)`) that
/// another composition draws as a layer: over a transparent background that picture keeps its
/// alpha, premultiplied (`PlaneLayout.yuva420p8Premultiplied`).
///
/// Used from one thread: the one its context is current on.
public final class VideoCompositor {
  let context: GPUContext
  let width: Int
  let height: Int
  /// Whether layers that qualify are fused into the stacking pass rather than prepared; off
  /// only to check that both give the same picture.
  let fusing: Bool
  /// What shows where no layer covers the frame.
  let background: OutputBackground
  /// The width of the stacking targets: the output's, rounded up to a multiple of 16.
  private let stackWidth: Int
  private let slots: [LayerSlot]
  private let preparation: LayerPreparation
  /// The passes of blurs, shadows and contain-blur backgrounds.
  private let effectPasses: EffectPasses
  private let transitionPass: TransitionPass
  /// Each transition under way: the prepared layer its two items are drawn into.
  private var transitionTargets: [Int: PreparedLayer] = [:]
  /// Luma transitions' patterns, by path: grey levels until first used, then a texture.
  private var patternLevels: [String: PatternGrey]
  private var patternTextures: [String: Texture] = [:]
  private let stack: StackPass
  /// Over a transparent background, made on first use.
  private var chromaAlphaPass: ChromaAlphaPass?
  private var keyPass: FusedKeyPass?
  /// The `.cube` tables the layers look through, by path (`LUTTables.load`).
  private let luts: [String: CubeLUT]
  private var scratch: [UInt8] = []

  public init(
    context: GPUContext, width: Int, height: Int, background: OutputBackground,
    styles: [LayerStyle], patterns: [String: PatternGrey] = [:],
    luts: [String: CubeLUT] = [:], fusing: Bool = true
  ) {
    precondition(width > 0 && height > 0 && width % 2 == 0 && height % 2 == 0)
    self.luts = luts
    self.context = context
    self.width = width
    self.height = height
    self.fusing = fusing
    self.background = background
    stackWidth = (width + 15) / 16 * 16
    slots = styles.map(LayerSlot.init)
    preparation = LayerPreparation(context: context)
    effectPasses = EffectPasses(context: context)
    transitionPass = TransitionPass(context: context)
    patternLevels = patterns
    stack = StackPass(
      context: context, width: stackWidth, height: height,
      background: background.color.map {
        ColorConversion.toOutput.apply(ColorConversion.rgb($0))
      })
  }

  /// A compositor over an opaque colour.
  convenience init(
    context: GPUContext, width: Int, height: Int, background: RGBColor, styles: [LayerStyle],
    patterns: [String: PatternGrey] = [:], fusing: Bool = true
  ) {
    self.init(
      context: context, width: width, height: height, background: .color(background),
      styles: styles, patterns: patterns, fusing: fusing)
  }

  /// How many layer preparations have run: each is a pass over a layer's bounding box.
  var preparations: Int { preparation.count }

  /// How many transition frames have been drawn.
  var transitionDraws: Int { transitionPass.count }

  /// Draws `draws` (bottom first, none in a transition) into `frame`'s three planes.
  func composite(_ draws: [LayerDraw], into frame: EncoderFrame) throws {
    try composite(draws.map { .layer($0) }, into: frame)
  }

  /// Draws `items` (bottom first) into `frame`'s planes: over a colour its three, over a
  /// transparent background (for an output that keeps alpha) its four, with straight alpha as
  /// encoders take it.
  public func composite(_ items: [CompositeItem], into frame: EncoderFrame) throws {
    if frame.hasAlpha {
      precondition(background.color == nil, "a frame with alpha is drawn over nothing")
      let stacked = try self.stacked(items)
      for plane in 0..<4 {
        try frame.withMutablePlane(plane) { bytes, bytesPerRow, width, _ in
          try stacked.read(
            plane, into: bytes, bytesPerRow: bytesPerRow, width: width, scratch: &scratch)
        }
      }
      StraightAlpha.unpremultiply(frame)
      return
    }
    let stacked = try stackedOpaque(items)
    for plane in 0..<3 {
      try frame.withMutablePlane(plane) { bytes, bytesPerRow, width, _ in
        try stacked.read(
          plane, into: bytes, bytesPerRow: bytesPerRow, width: width, scratch: &scratch)
      }
    }
  }

  /// Draws `draws` (bottom first, none in a transition) and returns the output's planes as
  /// they would be encoded.
  func composite(_ draws: [LayerDraw]) throws -> YCbCrPicture {
    try composite(draws.map { .layer($0) })
  }

  /// Draws `items` (bottom first) and returns the output's planes as they would be encoded:
  /// over a transparent background with straight alpha, as an encoder's frame with alpha.
  public func composite(_ items: [CompositeItem]) throws -> YCbCrPicture {
    let transparent = background.color == nil
    var picture = YCbCrPicture(width: width, height: height, alpha: transparent)
    let stacked = try self.stacked(items)
    let chromaWidth = width / 2
    try picture.y.withUnsafeMutableBytes {
      try stacked.read(0, into: $0, bytesPerRow: width, width: width, scratch: &scratch)
    }
    try picture.cb.withUnsafeMutableBytes {
      try stacked.read(
        1, into: $0, bytesPerRow: chromaWidth, width: chromaWidth, scratch: &scratch)
    }
    try picture.cr.withUnsafeMutableBytes {
      try stacked.read(
        2, into: $0, bytesPerRow: chromaWidth, width: chromaWidth, scratch: &scratch)
    }
    if transparent {
      try picture.alpha!.withUnsafeMutableBytes {
        try stacked.read(3, into: $0, bytesPerRow: width, width: width, scratch: &scratch)
      }
      StraightAlpha.unpremultiply(&picture)
    }
    return picture
  }

  /// Draws `items` (bottom first) into a picture that another composition can draw as a
  /// layer, read back straight into the frame's own buffer. Over a colour, 8-bit BT.709
  /// limited-range 4:2:0 (`yuv420p8`), exactly the bytes an encoder's frame would get; over a
  /// transparent background, the same with alpha, the colour premultiplied by it
  /// (`yuva420p8Premultiplied`: Y′·α, Cb·α, Cr·α, α).
  public func picture(_ items: [CompositeItem]) throws -> DecodedFrame {
    let stacked = try self.stacked(items)
    let layout: PlaneLayout = background.color == nil ? .yuva420p8Premultiplied : .yuv420p8
    return try DecodedFrame.planar(layout: layout, width: width, height: height) {
      plane, bytes, bytesPerRow in
      let planeWidth = layout.planeSize(plane, width: width, height: height).width
      try stacked.read(
        plane, into: bytes, bytesPerRow: bytesPerRow, width: planeWidth, scratch: &scratch)
    }
  }

  /// Stacks `items` into every plane: Y′, Cb and Cr, and over a transparent background α,
  /// with the colour premultiplied by it.
  private func stacked(_ items: [CompositeItem]) throws -> StackedPlanes {
    let stacked = try stack.run(stackLayers(items))
    guard background.color == nil else { return StackedPlanes(stacked: stacked) }
    return StackedPlanes(stacked: stacked, chroma: try chromaAlpha().run(stacked: stacked))
  }

  private func chromaAlpha() throws -> ChromaAlphaPass {
    if let chromaAlphaPass { return chromaAlphaPass }
    let made = try ChromaAlphaPass(context: context, width: stackWidth, height: height)
    chromaAlphaPass = made
    return made
  }

  /// `stacked(items)` for a destination without alpha, which a transparent background would
  /// leave premultiplied by an alpha it cannot keep.
  private func stackedOpaque(_ items: [CompositeItem]) throws -> StackedPlanes {
    precondition(
      background.color != nil,
      "a composite over a transparent background has alpha: draw it with picture(_:)")
    return try stacked(items)
  }

  /// Each draw as the stacking pass reads it: fused where it can be, else prepared (only if
  /// what it shows changed); a layer wholly off the frame is left out.
  ///
  /// A layer's frames are one run, so a slot not drawn on this frame is done with (or not yet
  /// begun): its textures are let go, and GPU memory holds only the layers on the frame.
  private func stackLayers(_ items: [CompositeItem]) throws -> [StackLayer] {
    var drawn: Set<Int> = []
    var transitions: Set<Int> = []
    for item in items {
      switch item {
      case .layer(let draw): drawn.insert(draw.layer)
      case .transition(let transition):
        transitions.insert(transition.index)
        for draw in [transition.outgoing, transition.incoming].compactMap({ $0 }) {
          drawn.insert(draw.layer)
        }
      }
    }
    for (index, slot) in slots.enumerated() where !drawn.contains(index) {
      slot.release()
    }
    for index in drawn { try bindLUT(slots[index]) }
    transitionTargets = transitionTargets.filter { transitions.contains($0.key) }
    return try items.flatMap { item -> [StackLayer] in
      switch item {
      case .layer(let draw): return try stackLayer(draw).map { [$0] } ?? []
      case .transition(let transition):
        if let layers = try crossfadeAsLayers(transition) { return layers }
        if fusing, let outgoing = transition.outgoing, incomingLiesOver(transition) {
          // The outgoing item as itself (fused where it qualifies), the pass over it with the
          // incoming one alone.
          var alone = transition
          alone.outgoing = nil
          return try [stackLayer(outgoing), stackLayer(alone)].compactMap { $0 }
        }
        return try stackLayer(transition).map { [$0] } ?? []
      }
    }
  }

  /// A crossfade into a picture that is opaque and covers the frame, drawn as two ordinary
  /// layers (fused where they qualify): the outgoing item, and over it the incoming one at
  /// opacity `p`. That is the crossfade exactly: with B opaque over everything A covers,
  /// `(A·(1 − p) + B·p) over U = B·p + (A over U)·(1 − p)` for whatever `U` lies under the
  /// sequence. It spares two preparations and the transition pass on the commonest
  /// transition between full-frame clips, and draws the same picture (a test compares the two
  /// ways). Nil where it does not apply.
  private func crossfadeAsLayers(_ transition: TransitionDraw) throws -> [StackLayer]? {
    guard fusing, case .crossfade = transition.style else { return nil }
    let p = transition.progress
    guard var incoming = transition.incoming else {
      // B shows nothing: A·(1 − p).
      guard var outgoing = transition.outgoing else { return [] }
      outgoing.state.opacity *= 1 - p
      return try stackLayer(outgoing).map { [$0] } ?? []
    }
    guard fillsFrameOpaquely(incoming) else { return nil }
    incoming.state.opacity = p
    return try [transition.outgoing.flatMap(stackLayer), stackLayer(incoming)].compactMap { $0 }
  }

  /// A transition's two items, each prepared (never fused, so the transition reads them the
  /// same whatever path would draw them alone), drawn as one prepared layer over the frame.
  private func stackLayer(_ transition: TransitionDraw) throws -> StackLayer? {
    func input(_ draw: LayerDraw?) throws -> TransitionPass.Input? {
      guard let draw else { return nil }
      let slot = slots[draw.layer]
      guard
        case .prepared(let layer, let opacity)? = try slot.prepare(
          draw, geometry: slot.geometry(draw), width: stackWidth, height: height,
          using: preparation, passes: effectPasses)
      else { return nil }
      return TransitionPass.Input(layer: layer, opacity: opacity)
    }
    let outgoing = try input(transition.outgoing)
    let incoming = try input(transition.incoming)
    guard outgoing != nil || incoming != nil else { return nil }
    // A transition that neither moves the pictures nor adds a colour of its own shows nothing
    // outside the two items, so it is drawn over their bounds alone; the others over the frame.
    let whole = SIMD4(0, 0, stackWidth, height)
    var bounds = whole
    switch transition.style {
    case .crossfade, .wipe, .luma:
      let inputs = [outgoing, incoming].compactMap { $0?.layer.bounds }
      bounds = inputs.dropFirst().reduce(inputs[0]) { union, next in
        SIMD4(
          min(union.x, next.x), min(union.y, next.y), max(union.z, next.z), max(union.w, next.w))
      }
    case .dip, .slide, .push:
      break
    }
    let target: PreparedLayer
    if let existing = transitionTargets[transition.index] {
      target = existing
      target.move(to: bounds)
    } else {
      target = try PreparedLayer(
        context: context, bounds: bounds, capacity: SIMD2(stackWidth, height))
      transitionTargets[transition.index] = target
    }
    let effect = transition.style.effect(
      progress: transition.progress, frame: TransitionFrame(width: width, height: height),
      pattern: try pattern(of: transition.style))
    try transitionPass.run(effect, outgoing: outgoing, incoming: incoming, into: target)
    return .prepared(target, opacity: 1)
  }

  /// Whether the transition's picture is its incoming side alone drawn over the outgoing item,
  /// so the outgoing one need not be prepared and the pass reads one input. A slide is always
  /// B (moved) over A. A wipe or luma transition, `A·(1 − w) + B·w`, is `B·w` over A when B is
  /// opaque over everything A covers (as for `crossfadeAsLayers`): an opaque picture that
  /// fills the frame. A dip adds a colour of its own and a push moves A, so they are not.
  private func incomingLiesOver(_ transition: TransitionDraw) -> Bool {
    switch transition.style {
    case .slide: return true
    case .dip, .push, .crossfade: return false
    case .wipe, .luma:
      guard let incoming = transition.incoming else { return false }
      return fillsFrameOpaquely(incoming)
    }
  }

  /// Whether `draw` is an opaque picture covering the whole frame: fusable (8-bit 4:2:0, no
  /// alpha, pixel for pixel), not keyed or matted, at full opacity, its picture over the frame.
  private func fillsFrameOpaquely(_ draw: LayerDraw) -> Bool {
    let slot = slots[draw.layer]
    let geometry = slot.geometry(draw)
    let place = geometry.picture
    return draw.state.opacity == 1 && draw.matte == nil && slot.style.key == nil
      && slot.mayFuse(draw, geometry: geometry)
      && FusedLayer.canFuse(picture: draw.picture, matte: nil, geometry: geometry)
      && place.x <= 0 && place.y <= 0 && place.x + place.z >= Double(width)
      && place.y + place.w >= Double(height)
  }

  /// A luma transition's pattern texture, uploaded on first use.
  private func pattern(of style: TransitionStyle) throws -> Texture? {
    guard case .luma(let pattern, _) = style else { return nil }
    if let texture = patternTextures[pattern.path] { return texture }
    guard let grey = patternLevels[pattern.path] else {
      throw RenderFailure("the pattern '\(pattern.path)' was not loaded before the render")
    }
    let texture = try Texture(context: context, width: grey.width, height: grey.height, format: .r8)
    try texture.upload(grey.levels, bytesPerRow: grey.width)
    patternTextures[pattern.path] = texture
    patternLevels[pattern.path] = nil
    return texture
  }

  /// A layer alone: fused where it can be, else prepared (only if what it shows changed); nil
  /// when it is wholly off the frame.
  private func stackLayer(_ draw: LayerDraw) throws -> StackLayer? {
    let slot = slots[draw.layer]
    let geometry = slot.geometry(draw)
    if fusing, slot.mayFuse(draw, geometry: geometry),
      FusedLayer.canFuse(picture: draw.picture, matte: draw.matte, geometry: geometry)
    {
      // Wholly off the frame: nothing to upload or key.
      let place = geometry.picture
      guard place.x < Double(stackWidth), place.y < Double(height), place.x + place.z > 0,
        place.y + place.w > 0
      else { return nil }
      return try slot.fuse(draw, geometry: geometry, context: context, keyPass: fusedKeyPass)
    }
    return try slot.prepare(
      draw, geometry: geometry, width: stackWidth, height: height, using: preparation,
      passes: effectPasses)
  }

  /// Gives `slot` its look with the table uploaded, the first time it is drawn.
  private func bindLUT(_ slot: LayerSlot) throws {
    guard let lut = slot.style.lut, slot.lut == nil else { return }
    guard let table = luts[lut.path] else {
      throw RenderFailure("the lut '\(lut.path)' was not loaded before the render")
    }
    slot.lut = LUTEffect(
      table, mix: lut.mix, table: try LUTEffect.texture(of: table, context: context))
  }

  private func fusedKeyPass() throws -> FusedKeyPass {
    if let keyPass { return keyPass }
    let made = try FusedKeyPass(context: context)
    keyPass = made
    return made
  }
}
