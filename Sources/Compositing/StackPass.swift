import GPU
import RenderPlan

/// One layer as the stacking pass reads it.
enum StackLayer {
  /// Prepared by `LayerPreparation`; opacity is applied while stacking.
  case prepared(PreparedLayer, opacity: Double)
  /// Prepared inside the stacking pass.
  case fused(FusedLayer)

  /// The output pixels the layer may touch: x0, y0, x1, y1, on the 8×2 grid (a fused one
  /// starting on the 16×2 grid).
  var span: SIMD4<Int> {
    switch self {
    case .prepared(let layer, _): layer.bounds
    case .fused(let layer): layer.span
    }
  }

  var kind: StackPass.Kind {
    switch self {
    case .prepared: .prepared
    case .fused(let layer): .fused(layer.recipe)
    }
  }
}

/// The stacking pass (`Stack.frag`): blends a frame's layers bottom first into the output's
/// planes, region by region (`CompositeRegions`), each region with a program for exactly the
/// layers that reach it. Layers past what one program's texture units hold are drawn in
/// further passes over the one before.
///
/// One pass writes every plane, a fragment for each 16 × 2 pixels: Y′ of the upper and lower
/// rows (sixteen samples a texel, RGBA32UI), Cb and Cr (eight a texel, RG32UI). Over a
/// transparent background (a composition drawn into a picture for another one) the planes
/// start from premultiplied zero and the pass also stacks alpha with "over": the luma's, laid
/// out as Y′ is, and the alpha its Cb and Cr were premultiplied with, which `ChromaAlphaPass`
/// then exchanges for the luma's. Over a colour the programs are exactly those of an output
/// without alpha.
final class StackPass {
  /// How a layer takes part in a program.
  enum Kind: Hashable {
    case prepared
    case fused(FusedLayer.Recipe)

    /// Texture units the layer's samplers take.
    var textureUnits: Int {
      switch self {
      // Y′ and its alpha; Cb, Cr and their alpha.
      case .prepared: 5
      case .fused(let r): 3 + (r.keyed ? 2 : 0) + (r.matted ? 1 : 0)
      }
    }
  }

  /// What a program is built for.
  struct Batch: Hashable {
    var layers: [Kind]
    /// Whether the colour under the batch comes from an earlier pass rather than the
    /// background.
    var readsPrevious: Bool
    /// Whether the background is transparent: the planes start from premultiplied zero, and
    /// the pass stacks alpha too.
    var transparent: Bool = false
  }

  /// The pass's attachments, by what they hold (`StackMain.frag`'s outputs).
  enum Attachment {
    static let lumaTop = 0
    static let lumaBottom = 1
    static let cb = 2
    static let cr = 3
    static let alphaTop = 4
    static let alphaBottom = 5
    static let chromaAlpha = 6
  }

  /// The samplers of a pass drawn over an earlier one, by attachment.
  private static let previousNames = [
    "previousLumaTop", "previousLumaBottom", "previousCb", "previousCr", "previousAlphaTop",
    "previousAlphaBottom", "previousChromaAlpha",
  ]

  let context: GPUContext
  /// The output's size, its width rounded up to a multiple of 16 (eight chroma samples a texel).
  let width: Int
  let height: Int
  /// The colour under the bottom layer in the output's Y′CbCr, 0…1; nil for a transparent
  /// background.
  let background: SIMD3<Double>?
  private var programs: [Batch: ShaderProgram] = [:]
  private var targets: [Framebuffer] = []

  init(context: GPUContext, width: Int, height: Int, background: SIMD3<Double>?) {
    precondition(width % 16 == 0 && height % 2 == 0, "stacking needs a 16×2 grid")
    self.context = context
    self.width = width
    self.height = height
    self.background = background
  }

  /// Stacks `layers` (bottom first) over the background and returns the framebuffer holding
  /// the planes, by `Attachment`: Y′ (and over a transparent background its alpha) of the
  /// upper and lower rows, Cb and Cr (and their alpha).
  func run(_ layers: [StackLayer]) throws -> Framebuffer {
    let regions = CompositeRegions.split(
      width: width / 16, height: height / 2, scale: SIMD2(16, 2),
      clips: layers.map { SIMD4<Double>($0.span) },
      mayPartlyCover: layers.map { if case .prepared = $0 { true } else { false } })
    // Units stay free for the previous pass's planes (and alpha).
    let capacity = max(context.maxTextureImageUnits - targetCount, 6)
    let evenSized = layers.count > Self.evenSizedAbove
    for region in regions {
      let chunks = Self.chunks(region.layers.map { layers[$0] }, capacity, evenSized: evenSized)
      for (index, chunk) in chunks.enumerated() {
        // Ping-pong between two targets, ending on the first in every region.
        let slot = (chunks.count - 1 - index) % 2
        let previous = index > 0 ? try framebuffer(slot: 1 - slot) : nil
        try draw(chunk, over: previous, into: framebuffer(slot: slot), region: region.rect)
      }
    }
    return try framebuffer(slot: 0)
  }

  /// Past this many layers on a frame, prepared layers are drawn in runs of 4, 2 and 1
  /// (`chunks`): each count of layers is a program of its own, and llvmpipe compiles each
  /// program's code when it first draws with it, so a frame of many moving layers, whose
  /// regions hold every count from 1 to 15, would spend seconds compiling them. Runs of 4
  /// rather than 8: 300 moving fills with no shader cache took 49 s with runs of 8 and 21 s
  /// with runs of 4 (15 s with runs of 2, but slower once the cache is warm).
  static let evenSizedAbove = 8

  /// Splits `layers` into runs whose samplers fit `capacity` units; at least one run, so a
  /// region without layers is drawn with the background. With `evenSized`, a run of prepared
  /// layers is cut further into runs of 4, 2 and 1, largest first.
  private static func chunks(_ layers: [StackLayer], _ capacity: Int, evenSized: Bool)
    -> [[StackLayer]]
  {
    var chunks: [[StackLayer]] = [[]]
    var units = 0
    for layer in layers {
      let needed = layer.kind.textureUnits
      if let last = chunks.last, !last.isEmpty, units + needed > capacity {
        chunks.append([])
        units = 0
      }
      chunks[chunks.count - 1].append(layer)
      units += needed
    }
    guard evenSized else { return chunks }
    return chunks.flatMap { chunk -> [[StackLayer]] in
      guard chunk.allSatisfy({ $0.kind == .prepared }) else { return [chunk] }
      var runs: [[StackLayer]] = []
      var rest = chunk[...]
      while !rest.isEmpty {
        let size = [4, 2, 1].first { $0 <= rest.count } ?? 1
        runs.append(Array(rest.prefix(size)))
        rest = rest.dropFirst(size)
      }
      return runs.isEmpty ? [[]] : runs
    }
  }

  /// Whether the background is transparent.
  var transparent: Bool { background == nil }

  /// The textures a pass draws into, and a pass after it reads (`Attachment`): four, and over
  /// a transparent background seven.
  private var targetCount: Int { transparent ? 7 : 4 }

  private func draw(
    _ layers: [StackLayer], over previous: Framebuffer?, into destination: Framebuffer,
    region: SIMD4<Int32>
  ) throws {
    let batch = Batch(
      layers: layers.map(\.kind), readsPrevious: previous != nil, transparent: transparent)
    let program = try self.program(batch)
    if let background {
      try program.setIfActive(
        "background",
        .vec3(SIMD3(Float(background.x), Float(background.y), Float(background.z))))
    }
    var textures: [String: Texture] = [:]
    for (index, layer) in layers.enumerated() {
      let name = "layer\(index)"
      switch layer {
      case .prepared(let prepared, let opacity):
        let bounds = prepared.bounds
        try program.set(
          PreparedUniforms(
            origin: SIMD2(Float(bounds.x / 8), Float(bounds.y / 2)),
            size: SIMD2(Float(prepared.size.x / 8), Float(prepared.size.y / 2)),
            opacity: Float(opacity)), as: name)
        textures[name + "Luma"] = prepared.luma.textures[0]
        textures[name + "LumaAlpha"] = prepared.luma.textures[1]
        textures[name + "Cb"] = prepared.chroma.textures[0]
        textures[name + "Cr"] = prepared.chroma.textures[1]
        textures[name + "ChromaAlpha"] = prepared.chroma.textures[2]
      case .fused(let fused):
        try program.set(fused.uniforms, as: name)
        if let matte = fused.matteEffect { try program.set(matte, as: name + "Matte") }
        textures[name + "Y"] = fused.planes.textures[0]
        textures[name + "Cb"] = fused.planes.textures[1]
        textures[name + "Cr"] = fused.planes.textures[2]
        if let keying = fused.keying {
          textures[name + "KeyAlpha"] = keying.textures[0]
          textures[name + "Excess"] = keying.textures[1]
        }
        if let matte = fused.matte { textures[name + "MatteY"] = matte.textures[0] }
      }
    }
    if let previous {
      for (index, texture) in previous.textures.enumerated() {
        textures[Self.previousNames[index]] = texture
      }
    }
    // A plane the program never reads has no sampler left in it.
    try program.draw(
      into: destination,
      textures: textures.filter { program.uniformLocation($0.key) != nil }, region: region)
  }

  private func program(_ batch: Batch) throws -> ShaderProgram {
    if let cached = programs[batch] { return cached }
    let program = try AssembledProgram.make(
      context: context,
      parts: ["Stack.frag", "PackedSamples.frag", "Matte.frag", "StackMain.frag"],
      defines: StackCode.defines(for: batch),
      generated: (name: "StackMain.frag's layers (StackCode)", text: StackCode.layers(of: batch)))
    programs[batch] = program
    return program
  }

  private func framebuffer(slot: Int) throws -> Framebuffer {
    guard targetCount <= context.maxDrawBuffers else {
      // GLES 3 promises 4; llvmpipe and desktop GPUs draw into 8.
      throw RenderFailure(
        "this GPU driver draws into \(context.maxDrawBuffers) targets at once; a composition "
          + "over a transparent background needs \(targetCount)")
    }
    while targets.count <= slot {
      // By `Attachment`: sixteen luma samples a texel (RGBA32UI), eight chroma samples
      // (RG32UI).
      let formats: [Texture.Format] =
        [.rgba32ui, .rgba32ui, .rg32ui, .rg32ui]
        + (transparent ? [.rgba32ui, .rgba32ui, .rg32ui] : [])
      targets.append(
        try Framebuffer(
          textures: formats.map {
            try Texture(context: context, width: width / 16, height: height / 2, format: $0)
          }))
    }
    return targets[slot]
  }
}

/// `Stack.frag`'s `Prepared` struct.
struct PreparedUniforms: UniformGroup {
  var origin: SIMD2<Float>
  var size: SIMD2<Float>
  var opacity: Float

  var uniformMembers: [UniformMember] {
    [
      UniformMember("origin", .vec2(origin)), UniformMember("size", .vec2(size)),
      UniformMember("opacity", .float(opacity)),
    ]
  }
}

extension SIMD4 where Scalar == Double {
  init(_ value: SIMD4<Int>) {
    self.init(Double(value.x), Double(value.y), Double(value.z), Double(value.w))
  }
}
