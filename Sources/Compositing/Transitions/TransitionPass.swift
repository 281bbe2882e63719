import GPU

/// The transition pass (`Transition.frag` and the kind's file): draws two items' prepared
/// layers as one prepared layer over the whole frame, which the stacking pass then draws in
/// the sequence's place. One program per kind and plane, made on first use.
final class TransitionPass {
  let context: GPUContext
  private var programs: [String: ShaderProgram] = [:]
  /// How many transition frames it has drawn.
  private(set) var count = 0

  init(context: GPUContext) {
    self.context = context
  }

  /// One input: a prepared item and its opacity on this frame.
  struct Input {
    var layer: PreparedLayer
    var opacity: Double
  }

  /// Draws `effect` from `outgoing` and `incoming` (either may be missing: an item hidden on
  /// this frame is transparent) into `target`.
  func run(
    _ effect: any TransitionEffect, outgoing: Input?, incoming: Input?, into target: PreparedLayer
  ) throws {
    guard let any = outgoing ?? incoming else { return }
    target.content = nil
    let shifts = effect.shifts
    // Unmoved pictures are read a texel at a time, moved ones two (see Transition.frag).
    let moved = shifts.outgoing != .zero || shifts.incoming != .zero
    let across = shifts.outgoing.x != 0 || shifts.incoming.x != 0
    for plane in [PreparedPlane.luma, .chroma] {
      let program = try self.program(file: effect.file, target: plane, moved: moved)
      // Plane samples: luma at full size, chroma at half.
      let scale = plane == .luma ? 1.0 : 0.5
      let outputOrigin = SIMD2(Double(target.bounds.x), Double(target.bounds.y)) * scale
      func uniforms(_ input: Input?, shift: SIMD2<Double>) -> TransitionInputUniforms {
        TransitionInputUniforms(
          input, shift: shift * scale, scale: scale, outputOrigin: outputOrigin, across: across)
      }
      try program.setIfActive("movesAcross", .float(across ? 1 : 0))
      try program.set(uniforms(outgoing, shift: shifts.outgoing), as: "outgoing")
      try program.set(uniforms(incoming, shift: shifts.incoming), as: "incoming")
      try program.setIfActive(
        "outputOrigin", .vec2(SIMD2(Float(outputOrigin.x), Float(outputOrigin.y))))
      try program.set(
        UniformMembers(uniformMembers: effect.uniforms(plane)), as: effect.uniformName)
      var textures = effect.textures
      for (name, input) in [("outgoing", outgoing), ("incoming", incoming)] {
        // A missing input reads nothing (its size is zero); the other's planes stand in for
        // its samplers.
        let source = (input ?? any).layer
        let planes = plane == .luma ? source.luma.textures : source.chroma.textures
        for (index, texture) in planes.enumerated() { textures["\(name)Plane\(index)"] = texture }
      }
      try program.draw(
        into: plane == .luma ? target.luma : target.chroma,
        textures: textures.filter { program.uniformLocation($0.key) != nil },
        region: target.region(plane))
    }
    count += 1
  }

  private func program(file: String, target: PreparedPlane, moved: Bool) throws -> ShaderProgram {
    let defines = (target == .luma ? ["LUMA"] : []) + ["MOVED \(moved)"]
    let key = "\(file) \(defines)"
    if let cached = programs[key] { return cached }
    let program = try AssembledProgram.make(
      context: context, parts: ["Transition.frag", file, "TransitionMain.frag"], defines: defines)
    programs[key] = program
    return program
  }
}

/// `Transition.frag`'s `TransitionInput`: where one input's texels lie relative to the
/// output's, in one plane (`scale` 1 for luma, 1/2 for chroma), and where a moved one is read.
struct TransitionInputUniforms: UniformGroup {
  var opacity: Double = 0
  var texelOrigin = SIMD2<Double>.zero
  var texels = SIMD2<Double>.zero
  var moveTexel = SIMD2<Double>.zero
  var moveLane = 0.0
  var moveFraction = 0.0

  /// The uniforms of `input` (none: no texels, nothing read) moved by `shift` plane samples
  /// along rows (`across`) or columns, for an output whose bounds start at `outputOrigin`.
  init(
    _ input: TransitionPass.Input?, shift: SIMD2<Double>, scale: Double,
    outputOrigin: SIMD2<Double>, across: Bool
  ) {
    guard let input else { return }
    let bounds = input.layer.bounds
    let origin = SIMD2(Double(bounds.x), Double(bounds.y)) * scale
    let size = SIMD2(Double(input.layer.size.x), Double(input.layer.size.y)) * scale
    // Four samples to a texel across; on the 8×2 grid these are whole numbers.
    let texel = SIMD2<Double>(4, 1)
    opacity = input.opacity
    texelOrigin = (origin - outputOrigin) / texel
    texels = size / texel
    // A sample at output position X shows the input's sample X − shift − origin, the shift
    // along the axis the pictures move on.
    let along = across ? 0 : 1
    let reach = (outputOrigin - origin - shift)[along]
    let whole = reach.rounded(.down)
    moveTexel = -texelOrigin
    if along == 0 {
      moveLane = whole - 4 * (whole / 4).rounded(.down)
      moveTexel.x = (whole - moveLane) / 4
    } else {
      moveTexel.y = whole
    }
    moveFraction = reach - whole
  }

  var uniformMembers: [UniformMember] {
    func vector(_ value: SIMD2<Double>) -> UniformValue {
      .vec2(SIMD2(Float(value.x), Float(value.y)))
    }
    return [
      UniformMember("opacity", .float(Float(opacity))),
      UniformMember("texelOrigin", vector(texelOrigin)), UniformMember("texels", vector(texels)),
      UniformMember("moveTexel", vector(moveTexel)),
      UniformMember("moveLane", .float(Float(moveLane))),
      UniformMember("moveFraction", .float(Float(moveFraction))),
    ]
  }
}
