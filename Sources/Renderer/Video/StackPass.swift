import GPU

/// Which of the output's planes a stacking pass writes.
enum StackTarget: Hashable {
  /// Y′ at full size: even rows to the first target, odd rows to the second; over a
  /// transparent background Y′·α, and α to two more targets (even rows, then odd rows).
  case luma
  /// Cb and Cr at half size, to two targets; over a transparent background Cb·α and Cr·α,
  /// and α to a third.
  case chroma
}

/// One layer as the stacking pass reads it.
enum StackLayer {
  /// Prepared by `LayerPreparation`; opacity is applied while stacking.
  case prepared(PreparedLayer, opacity: Double)
  /// Prepared inside the stacking pass.
  case fused(FusedLayer)

  /// The output pixels the layer may touch: x0, y0, x1, y1, on the 8×2 grid.
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
/// Over a transparent background (a composition drawn into a picture for another one) the
/// planes start from premultiplied zero and both passes also stack alpha with "over": the luma
/// pass the picture's alpha, the chroma pass the alpha its Cb and Cr were premultiplied with,
/// which `ChromaAlphaPass` then exchanges for the picture's own. Over a colour the programs
/// are exactly those of an output without alpha.
final class StackPass {
  /// How a layer takes part in a program.
  enum Kind: Hashable {
    case prepared
    case fused(FusedLayer.Recipe)

    /// Texture units the layer's samplers take in a pass writing `target`.
    func textureUnits(_ target: StackTarget) -> Int {
      switch (self, target) {
      case (.prepared, .luma): 2
      case (.prepared, .chroma): 3
      case (.fused(let r), .luma):
        1 + (r.lumaNeedsChroma ? 2 : 0) + (r.keyed ? 2 : 0) + (r.matted ? 1 : 0)
      case (.fused(let r), .chroma):
        2 + (r.chromaNeedsLuma ? 1 : 0) + (r.keyed ? 2 : 0) + (r.matted ? 1 : 0)
      }
    }
  }

  /// What a program is built for.
  struct Batch: Hashable {
    var layers: [Kind]
    var target: StackTarget
    /// Whether the colour under the batch comes from an earlier pass rather than the
    /// background.
    var readsPrevious: Bool
    /// Whether the background is transparent: the planes start from premultiplied zero, and
    /// the pass stacks alpha too.
    var transparent: Bool = false
  }

  let context: GPUContext
  /// The output's size, its width rounded up to a multiple of 8 (four chroma samples a texel).
  let width: Int
  let height: Int
  /// The colour under the bottom layer in the output's Y′CbCr, 0…1; nil for a transparent
  /// background.
  let background: SIMD3<Double>?
  private var programs: [Batch: ShaderProgram] = [:]
  private var targets: [StackTarget: [Framebuffer]] = [:]

  init(context: GPUContext, width: Int, height: Int, background: SIMD3<Double>?) {
    precondition(width % 8 == 0 && height % 2 == 0, "stacking needs an 8×2 grid")
    self.context = context
    self.width = width
    self.height = height
    self.background = background
  }

  /// Stacks `layers` (bottom first) over the background into `target`'s planes and returns
  /// the framebuffer holding them: attachments 0 and 1 the planes (see `StackTarget`), and
  /// over a transparent background their alpha (2 and 3 for luma's rows, 2 for chroma).
  func run(_ layers: [StackLayer], target: StackTarget) throws -> Framebuffer {
    let scale = target == .luma ? SIMD2<Double>(4, 2) : SIMD2<Double>(8, 2)
    let size = SIMD2(width, height) / SIMD2(Int(scale.x), Int(scale.y))
    let regions = CompositeRegions.split(
      width: size.x, height: size.y, scale: scale,
      clips: layers.map { SIMD4<Double>($0.span) },
      mayPartlyCover: layers.map { if case .prepared = $0 { true } else { false } })
    // Units stay free for the previous pass's planes (and alpha).
    let capacity = max(context.maxTextureImageUnits - targetCount(target), 5)
    let evenSized = layers.count > Self.evenSizedAbove
    for region in regions {
      let chunks = Self.chunks(
        region.layers.map { layers[$0] }, target: target, capacity, evenSized: evenSized)
      for (index, chunk) in chunks.enumerated() {
        // Ping-pong between two targets, ending on the first in every region.
        let slot = (chunks.count - 1 - index) % 2
        let previous = index > 0 ? try framebuffer(target, slot: 1 - slot) : nil
        try draw(
          chunk, target: target, over: previous, into: framebuffer(target, slot: slot),
          region: region.rect)
      }
    }
    return try framebuffer(target, slot: 0)
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
  private static func chunks(
    _ layers: [StackLayer], target: StackTarget, _ capacity: Int, evenSized: Bool
  ) -> [[StackLayer]] {
    var chunks: [[StackLayer]] = [[]]
    var units = 0
    for layer in layers {
      let needed = layer.kind.textureUnits(target)
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

  /// The textures a pass writing `target` draws into, and a pass after it reads: two planes
  /// (even and odd rows of Y′, or Cb and Cr), and over a transparent background their alpha
  /// (two for luma's rows, one for chroma).
  private func targetCount(_ target: StackTarget) -> Int {
    guard transparent else { return 2 }
    return target == .luma ? 4 : 3
  }

  private func draw(
    _ layers: [StackLayer], target: StackTarget, over previous: Framebuffer?,
    into destination: Framebuffer, region: SIMD4<Int32>
  ) throws {
    let batch = Batch(
      layers: layers.map(\.kind), target: target, readsPrevious: previous != nil,
      transparent: transparent)
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
        let origin =
          target == .luma
          ? SIMD2(Float(bounds.x / 4), Float(bounds.y))
          : SIMD2(Float(bounds.x / 8), Float(bounds.y / 2))
        let size =
          target == .luma
          ? SIMD2(Float(prepared.size.x / 4), Float(prepared.size.y))
          : SIMD2(Float(prepared.size.x / 8), Float(prepared.size.y / 2))
        try program.set(
          PreparedUniforms(origin: origin, size: size, opacity: Float(opacity)), as: name)
        if target == .luma {
          textures[name + "Luma"] = prepared.luma.textures[0]
          textures[name + "Alpha"] = prepared.luma.textures[1]
        } else {
          textures[name + "Cb"] = prepared.chroma.textures[0]
          textures[name + "Cr"] = prepared.chroma.textures[1]
          textures[name + "Alpha"] = prepared.chroma.textures[2]
        }
      case .fused(let fused):
        try program.set(fused.uniforms(target), as: name)
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
        textures["previous\(index)"] = texture
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
      context: context, parts: ["Stack.frag", "Matte.frag", "StackMain.frag"],
      defines: StackCode.defines(for: batch),
      generated: (name: "StackMain.frag's layers (StackCode)", text: StackCode.layers(of: batch)))
    programs[batch] = program
    return program
  }

  private func framebuffer(_ target: StackTarget, slot: Int) throws -> Framebuffer {
    var list = targets[target] ?? []
    let count = targetCount(target)
    while list.count <= slot {
      // Luma: even and odd rows, four samples a texel (and their alpha); chroma: Cb and Cr,
      // four a texel.
      let texels = SIMD2(width / (target == .luma ? 4 : 8), height / 2)
      list.append(
        try Framebuffer(
          textures: (0..<count).map { _ in
            try Texture(context: context, width: texels.x, height: texels.y, format: .rgba8)
          }))
    }
    targets[target] = list
    return list[slot]
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
