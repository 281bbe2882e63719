import GPU
import Media
import PlanValues
import RenderPlan
import Timeline

/// A layer's settings for the whole render: its fit and key with its picture's display facts.
/// Where it is and how opaque come per frame, in its `LayerState`.
struct LayerStyle {
  var fit: Fit
  var key: KeyPlan?
  var sampleAspectRatio: Rational
  var rotation: Int
}

/// One layer to draw on one frame: which layer (its index in the plan), its pictures, and its
/// state on this frame (where its box is, how opaque it is).
struct LayerDraw {
  var layer: Int
  var picture: DecodedFrame
  var matte: DecodedFrame?
  var state: LayerState
}

/// Composites a frame's layers on the GPU, bottom first, straight into the output's planes:
/// one pass writes Y′ at full size, one writes Cb and Cr at half size. Layers that need more
/// texture units than one pass has are drawn in batches, each over the result of the one
/// before.
///
/// Used from one thread: the one its context is current on.
final class VideoCompositor {
  let context: GPUContext
  let width: Int
  let height: Int
  private let styles: [LayerStyle]
  private let background: SIMD3<Double>
  private var pictures: [PictureTextures?]
  private var mattes: [PictureTextures?]
  private var geometry: [(size: SIMD2<Int>, box: FrameRect, value: LayerGeometry)?]
  private var programs: [Composite.Batch: Composite] = [:]
  private var targets: [CompositeTarget: [Framebuffer]] = [:]
  private var packedPictures: [PictureTextures?]
  private var packedPrograms: [PackedComposite.Batch: PackedComposite] = [:]
  private var packedTargets: [CompositeTarget: [Framebuffer]] = [:]
  private var keyMatteProgram: ShaderProgram?
  private var keyMattes: [Framebuffer?]

  init(context: GPUContext, width: Int, height: Int, background: RGBColor, styles: [LayerStyle]) {
    self.context = context
    self.width = width
    self.height = height
    self.styles = styles
    self.background = ColorConversion.rgb(background)
    pictures = Array(repeating: nil, count: styles.count)
    mattes = Array(repeating: nil, count: styles.count)
    geometry = Array(repeating: nil, count: styles.count)
    packedPictures = Array(repeating: nil, count: styles.count)
    keyMattes = Array(repeating: nil, count: styles.count)
  }

  /// Draws `draws` (bottom first) and reads the result into `frame`'s three planes.
  func composite(_ draws: [LayerDraw], into frame: EncoderFrame) throws {
    let packed = canPack(draws)
    let luma = try packed ? runPacked(draws, target: .luma) : run(draws, target: .luma)
    try frame.withMutablePlane(0) { bytes, bytesPerRow, _, _ in
      guard packed else {
        return try luma.readPixels(attachment: 0, into: bytes, bytesPerRow: bytesPerRow)
      }
      // The packed luma pass writes even rows to its first target and odd rows to its
      // second: each lands on every other row of the plane.
      try luma.readPixels(attachment: 0, into: bytes, bytesPerRow: 2 * bytesPerRow)
      try luma.readPixels(
        attachment: 1, into: UnsafeMutableRawBufferPointer(rebasing: bytes[bytesPerRow...]),
        bytesPerRow: 2 * bytesPerRow)
    }
    let chroma = try packed ? runPacked(draws, target: .chroma) : run(draws, target: .chroma)
    for plane in 1...2 {
      try frame.withMutablePlane(plane) { bytes, bytesPerRow, _, _ in
        try chroma.readPixels(attachment: plane - 1, into: bytes, bytesPerRow: bytesPerRow)
      }
    }
  }

  /// Draws `draws` (bottom first) in R′G′B′ and returns the picture as RGBA rows, top first.
  func compositeRGB(_ draws: [LayerDraw]) throws -> [UInt8] {
    try run(draws, target: .rgb).readPixels()
  }

  // MARK: - Passes

  /// Runs every batch of `draws` for `target` and returns the framebuffer holding the result.
  private func run(_ draws: [LayerDraw], target: CompositeTarget) throws -> Framebuffer {
    for draw in draws {
      try prepare(draw)
    }
    let batches = batched(draws)
    var result: Framebuffer?
    for (index, batch) in batches.enumerated() {
      let destination = try framebuffer(target, slot: index % 2)
      try pass(batch, target: target, over: result, into: destination)
      result = destination
    }
    if let result { return result }
    // No layer on this frame: the background alone.
    let destination = try framebuffer(target, slot: 0)
    try pass([], target: target, over: nil, into: destination)
    return destination
  }

  /// Draws one batch over `previous` (or the background) into `destination`, region by region:
  /// each rectangle with a program for just the layers that reach it (see `CompositeRegions`).
  private func pass(
    _ draws: [LayerDraw], target: CompositeTarget, over previous: Framebuffer?,
    into destination: Framebuffer
  ) throws {
    let regions = CompositeRegions.split(
      width: destination.width, height: destination.height, scale: target == .chroma ? 2 : 1,
      clips: draws.map { placement(of: $0).clip })
    for region in regions {
      try pass(
        region.layers.map { draws[$0] }, target: target, over: previous, into: destination,
        region: region.rect)
    }
  }

  private func pass(
    _ draws: [LayerDraw], target: CompositeTarget, over previous: Framebuffer?,
    into destination: Framebuffer, region: SIMD4<Int32>
  ) throws {
    let batch = Composite.Batch(
      layers: draws.map { sampling($0) }, target: target, readsPrevious: previous != nil)
    let effect = try program(batch)
    let encode = target == .rgb ? AffineColorMap.identity : ColorConversion.toOutput
    try effect.program.setIfUsed("outputScale", Float(target == .chroma ? 2 : 1))
    try effect.program.setIfUsed("background", SIMD3<Float>(encode.apply(background)))
    try effect.program.setIfUsed("encodeMatrix", matrix3: encode.matrix)
    try effect.program.setIfUsed("encodeOffset", encode.offset)
    var textures: [String: Texture] = [:]
    for (index, draw) in draws.enumerated() {
      try setUniforms(of: draw, at: index, in: effect)
      for (plane, texture) in pictures[draw.layer]!.textures.enumerated() {
        textures[Composite.planeSampler(layer: index, plane: plane)] = texture
      }
      if draw.matte != nil, let matte = mattes[draw.layer] {
        textures[Composite.matteSampler(layer: index)] = matte.textures[0]
      }
    }
    if let previous {
      for (name, texture) in zip(Composite.previousSamplers(target), previous.textures) {
        textures[name] = texture
      }
    }
    // A plane the generated code never reads has no sampler left in the program.
    try effect.program.draw(
      into: destination,
      textures: textures.filter { effect.program.uniformLocation($0.key) != nil }, region: region)
  }

  private func setUniforms(of draw: LayerDraw, at index: Int, in effect: Composite) throws {
    let name = { (member: String) in "layers[\(index)].\(member)" }
    let place = placement(of: draw)
    try effect.program.setIfUsed(name("sRow"), SIMD3<Float>(place.sRow))
    try effect.program.setIfUsed(name("tRow"), SIMD3<Float>(place.tRow))
    try effect.program.setIfUsed(name("clip"), SIMD4<Float>(place.clip))
    try effect.program.setIfUsed(
      name("texelOrigin"), SIMD2<Float>(Float(place.picture.x), Float(place.picture.y)))
    try effect.program.setIfUsed(
      name("lastTexel"),
      SIMD2<Float>(Float(draw.picture.width - 1), Float(draw.picture.height - 1)))
    try setColorAndKey(of: draw, name: name, in: effect.program)
  }

  /// The uniforms both paths share: the stream's colour conversion, opacity, key and matte.
  private func setColorAndKey(
    of draw: LayerDraw, name: (String) -> String, in program: ShaderProgram
  ) throws {
    let style = styles[draw.layer]
    let picture = draw.picture
    let toRGB =
      picture.layout.isRGB
      ? AffineColorMap.identity
      : ColorConversion.toRGB(
        matrix: picture.colorMatrix, range: picture.colorRange, bitDepth: picture.layout.bitDepth)
    try program.setIfUsed(name("toRGB"), matrix3: toRGB.matrix)
    try program.setIfUsed(name("rgbOffset"), toRGB.offset)
    try program.setIfUsed(name("opacity"), Float(draw.state.opacity))
    if let key = style.key {
      let color = ColorConversion.rgb(key.color)
      let keyYCC = LumaWeights.bt709.encode(color)
      try program.setIfUsed(name("keyCbCr"), SIMD2<Float>(Float(keyYCC.y), Float(keyYCC.z)))
      try program.setIfUsed(name("similarity"), Float(key.similarity))
      try program.setIfUsed(name("smoothness"), Float(key.smoothness))
      try program.setIfUsed(name("spill"), Float(key.spill))
      try program.setIfUsed(name("spillChannel"), Self.strongestChannel(color))
    }
    if let matte = draw.matte {
      let (scale, offset) = Self.matteRange(matte)
      try program.setIfUsed(name("matteScale"), scale)
      try program.setIfUsed(name("matteOffset"), offset)
    }
  }

  // MARK: - The packed fast path

  /// Whether every layer of the frame can take `PackedComposite.frag`: 8-bit 4:2:0 without a
  /// matte, placed pixel for pixel with its chroma samples on the output's, and rows whose
  /// byte lengths let four samples travel as one RGBA8 texel.
  private func canPack(_ draws: [LayerDraw]) -> Bool {
    guard width % 8 == 0, height % 2 == 0 else { return false }
    return draws.allSatisfy { draw in
      let picture = draw.picture
      let place = placement(of: draw)
      // The packed shader draws the whole picture: it must lie inside its box.
      let whole = SIMD4(
        place.picture.x, place.picture.y, place.picture.x + place.picture.z,
        place.picture.y + place.picture.w)
      guard picture.layout == .yuv420p8, draw.matte == nil, picture.width % 8 == 0,
        picture.height % 2 == 0, place.isPixelAligned, place.clip == whole,
        Int(place.picture.x).isMultiple(of: 8), Int(place.picture.y).isMultiple(of: 2)
      else { return false }
      return (0..<3).allSatisfy { plane in
        picture.withPlane(plane) { _, bytesPerRow, _, _ in bytesPerRow.isMultiple(of: 4) }
      }
    }
  }

  private func runPacked(_ draws: [LayerDraw], target: CompositeTarget) throws -> Framebuffer {
    for draw in draws {
      if packedPictures[draw.layer]?.fits(draw.picture) != true {
        packedPictures[draw.layer] = try PictureTextures(
          context: context, layout: .yuv420p8, width: draw.picture.width,
          height: draw.picture.height, packed: true)
      }
      try packedPictures[draw.layer]!.upload(draw.picture)
    }
    var keyMattes: [Int: Texture] = [:]
    if target == .luma {
      for draw in draws where styles[draw.layer].key != nil {
        keyMattes[draw.layer] = try renderKeyMatte(draw)
      }
    }
    var result: Framebuffer?
    // Batches by texture units as in the general path: three planes and a key matte per layer.
    let perPass = max((context.maxTextureImageUnits - 2) / 4, 1)
    let batches = stride(from: 0, to: max(draws.count, 1), by: perPass).map {
      Array(draws[$0..<min($0 + perPass, draws.count)])
    }
    for (index, batch) in batches.enumerated() {
      let destination = try packedFramebuffer(target, slot: index % 2)
      try packedPass(
        batch, target: target, keyMattes: keyMattes, over: result, into: destination)
      result = destination
    }
    return result!
  }

  /// The matte pass for a keyed layer: its key alpha per chroma sample, which the luma pass
  /// interpolates (ARCHITECTURE.md: a matte at chroma resolution, sampled bilinearly).
  private func renderKeyMatte(_ draw: LayerDraw) throws -> Texture {
    let program: ShaderProgram
    if let cached = keyMatteProgram {
      program = cached
    } else {
      program = try PackedComposite.keyMatteProgram(context: context)
      keyMatteProgram = program
    }
    let chroma = packedPictures[draw.layer]!.textures[1]
    if keyMattes[draw.layer].map({ $0.width != chroma.width || $0.height != chroma.height })
      ?? true
    {
      keyMattes[draw.layer] = try Framebuffer(
        context: context, width: chroma.width, height: chroma.height, format: .rgba8)
    }
    let target = keyMattes[draw.layer]!
    try setFoldedColor(of: draw, name: { "layers[0].\($0)" }, in: program)
    let textures = [
      Composite.planeSampler(layer: 0, plane: 1): chroma,
      Composite.planeSampler(layer: 0, plane: 2): packedPictures[draw.layer]!.textures[2],
    ]
    try program.draw(into: target, textures: textures)
    return target.texture
  }

  private func packedPass(
    _ draws: [LayerDraw], target: CompositeTarget, keyMattes: [Int: Texture],
    over previous: Framebuffer?, into destination: Framebuffer
  ) throws {
    let batch = PackedComposite.Batch(
      layers: draws.map { packedLayer($0) }, target: target, readsPrevious: previous != nil)
    let effect: PackedComposite
    if let cached = packedPrograms[batch] {
      effect = cached
    } else {
      effect = try PackedComposite(context: context, batch: batch)
      packedPrograms[batch] = effect
    }
    let program = effect.program
    let encode = ColorConversion.toOutput
    try program.setIfUsed("background", SIMD3<Float>(encode.apply(background)))
    // Output pixels per fragment of the pass: four luma samples of two rows, or four chroma
    // samples (eight pixels wide, two high).
    let scale = target == .luma ? SIMD2<Double>(4, 2) : SIMD2<Double>(8, 2)
    var textures: [String: Texture] = [:]
    for (index, draw) in draws.enumerated() {
      let place = placement(of: draw)
      let name = { (member: String) in "layers[\(index)].\(member)" }
      let origin = SIMD2(place.picture.x, place.picture.y) / scale
      let size = SIMD2(Double(draw.picture.width), Double(draw.picture.height)) / scale
      try program.setIfUsed(name("origin"), SIMD2<Float>(Float(origin.x), Float(origin.y)))
      try program.setIfUsed(name("size"), SIMD2<Float>(Float(size.x), Float(size.y)))
      try setFoldedColor(of: draw, name: name, in: program)
      for (plane, texture) in packedPictures[draw.layer]!.textures.enumerated() {
        textures[Composite.planeSampler(layer: index, plane: plane)] = texture
      }
      if let matte = keyMattes[draw.layer] {
        textures[Composite.matteSampler(layer: index)] = matte
      }
    }
    if let previous {
      for (name, texture) in zip(PackedComposite.previousSamplers(target), previous.textures) {
        textures[name] = texture
      }
    }
    // A plane the generated code never reads has no sampler left in the program.
    try program.draw(
      into: destination, textures: textures.filter { program.uniformLocation($0.key) != nil })
  }

  private func packedLayer(_ draw: LayerDraw) -> PackedComposite.Layer {
    let folded = foldedColor(of: draw)
    let m = folded.toOutput.matrix  // column-major: m[column * 3 + row]
    let tiny: Float = 1e-6
    let keyed = styles[draw.layer].key != nil
    return PackedComposite.Layer(
      keyed: keyed,
      lumaNeedsChroma: keyed || abs(m[3]) > tiny || abs(m[6]) > tiny,
      chromaNeedsLuma: abs(m[1]) > tiny || abs(m[2]) > tiny)
  }

  private func foldedColor(of draw: LayerDraw) -> FoldedLayerColor {
    let picture = draw.picture
    return FoldedLayerColor(
      toRGB: ColorConversion.toRGB(
        matrix: picture.colorMatrix, range: picture.colorRange, bitDepth: picture.layout.bitDepth),
      encode: ColorConversion.toOutput, key: styles[draw.layer].key)
  }

  private func setFoldedColor(
    of draw: LayerDraw, name: (String) -> String, in program: ShaderProgram
  ) throws {
    let style = styles[draw.layer]
    let folded = foldedColor(of: draw)
    try program.setIfUsed(name("toOutput"), matrix3: folded.toOutput.matrix)
    try program.setIfUsed(name("outputOffset"), folded.toOutput.offset)
    try program.setIfUsed(name("opacity"), Float(draw.state.opacity))
    guard let key = style.key else { return }
    try program.setIfUsed(name("keyCbRow"), SIMD3<Float>(folded.keyCbRow))
    try program.setIfUsed(name("keyCrRow"), SIMD3<Float>(folded.keyCrRow))
    try program.setIfUsed(
      name("keyOffset"), SIMD2<Float>(Float(folded.keyOffset.x), Float(folded.keyOffset.y)))
    try program.setIfUsed(name("similarity"), Float(key.similarity))
    try program.setIfUsed(name("smoothness"), Float(key.smoothness))
    try program.setIfUsed(name("spillRow"), SIMD3<Float>(folded.spillRow))
    try program.setIfUsed(name("spillOffset"), Float(folded.spillOffset))
    try program.setIfUsed(name("spillShift"), SIMD3<Float>(folded.spillShift))
  }

  private func packedFramebuffer(_ target: CompositeTarget, slot: Int) throws -> Framebuffer {
    var list = packedTargets[target] ?? []
    while list.count <= slot {
      // Luma: even and odd rows, four samples a texel; chroma: Cb and Cr, four samples a texel.
      list.append(
        try GeneratedShader.pair(
          context: context, width: width / (target == .luma ? 4 : 8), height: height / 2,
          format: .rgba8))
    }
    packedTargets[target] = list
    return list[slot]
  }

  // MARK: - State

  /// Makes sure the layer's textures fit its pictures and hold them.
  private func prepare(_ draw: LayerDraw) throws {
    let picture = draw.picture
    if pictures[draw.layer]?.fits(picture) != true {
      pictures[draw.layer] = try PictureTextures(
        context: context, layout: picture.layout, width: picture.width, height: picture.height)
    }
    try pictures[draw.layer]!.upload(picture)
    if let matte = draw.matte {
      if mattes[draw.layer]?.fits(matte) != true {
        mattes[draw.layer] = try PictureTextures(
          context: context, layout: matte.layout, width: matte.width, height: matte.height,
          planes: 1)
      }
      try mattes[draw.layer]!.upload(matte)
    }
  }

  private func sampling(_ draw: LayerDraw) -> LayerSampling {
    LayerSampling(
      layout: draw.picture.layout, matteLayout: draw.matte?.layout,
      keyed: styles[draw.layer].key != nil, aligned: placement(of: draw).isPixelAligned)
  }

  private func placement(of draw: LayerDraw) -> LayerGeometry {
    let size = SIMD2(draw.picture.width, draw.picture.height)
    let box = draw.state.box
    if let cached = geometry[draw.layer], cached.size == size, cached.box == box {
      return cached.value
    }
    let style = styles[draw.layer]
    let value = LayerGeometry(
      box: box, fit: style.fit, width: size.x, height: size.y,
      sampleAspectRatio: style.sampleAspectRatio, rotation: style.rotation)
    geometry[draw.layer] = (size, box, value)
    return value
  }

  /// Splits the layers into runs that fit one pass's texture units, keeping two units for the
  /// previous batch's planes.
  private func batched(_ draws: [LayerDraw]) -> [[LayerDraw]] {
    let capacity = max(context.maxTextureImageUnits - 2, 5)
    var batches: [[LayerDraw]] = []
    var current: [LayerDraw] = []
    var units = 0
    for draw in draws {
      let needed = sampling(draw).textureUnits
      if !current.isEmpty && units + needed > capacity {
        batches.append(current)
        current = []
        units = 0
      }
      current.append(draw)
      units += needed
    }
    if !current.isEmpty { batches.append(current) }
    return batches
  }

  private func program(_ batch: Composite.Batch) throws -> Composite {
    if let cached = programs[batch] { return cached }
    let made = try Composite(context: context, batch: batch)
    programs[batch] = made
    return made
  }

  private func framebuffer(_ target: CompositeTarget, slot: Int) throws -> Framebuffer {
    var list = targets[target] ?? []
    while list.count <= slot {
      switch target {
      case .luma:
        list.append(try Framebuffer(context: context, width: width, height: height, format: .r8))
      case .rgb:
        list.append(try Framebuffer(context: context, width: width, height: height, format: .rgba8))
      case .chroma:
        list.append(
          try GeneratedShader.pair(
            context: context, width: (width + 1) / 2, height: (height + 1) / 2, format: .r8))
      }
    }
    targets[target] = list
    return list[slot]
  }

  // MARK: - Constants

  /// 1 in the key colour's strongest channel (green for a green screen, blue for a blue one).
  static func strongestChannel(_ color: SIMD3<Double>) -> SIMD3<Float> {
    if color.y >= color.x && color.y >= color.z { return SIMD3(0, 1, 0) }
    return color.z >= color.x ? SIMD3(0, 0, 1) : SIMD3(1, 0, 0)
  }

  /// A matte's α = sample · scale + offset: limited-range black (16) is 0, white (235) is 1.
  static func matteRange(_ matte: DecodedFrame) -> (Float, Float) {
    guard !matte.layout.isRGB, matte.colorRange == .limited else { return (1, 0) }
    let step = Double(1 << (matte.layout.bitDepth - 8))
    let maxCode = Double((1 << matte.layout.bitDepth) - 1)
    return (Float(maxCode / (219 * step)), Float(-16.0 / 219))
  }
}

extension SIMD3 where Scalar == Float {
  init(_ value: SIMD3<Double>) {
    self.init(Float(value.x), Float(value.y), Float(value.z))
  }
}

extension SIMD4 where Scalar == Float {
  init(_ value: SIMD4<Double>) {
    self.init(Float(value.x), Float(value.y), Float(value.z), Float(value.w))
  }
}
