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
    for plane in [StackTarget.luma, .chroma] {
      let program = try self.program(file: effect.file, target: plane, moved: moved)
      // Plane samples: luma at full size, chroma at half.
      let scale = plane == .luma ? 1.0 : 0.5
      let outputOrigin = SIMD2(Double(target.bounds.x), Double(target.bounds.y)) * scale
      func uniforms(_ input: Input?, shift: SIMD2<Double>) -> UniformMembers {
        guard let input else {
          // Nothing to read: no texels.
          return UniformMembers(
            uniformMembers: Self.members(
              opacity: 0, texelOrigin: .zero, texels: .zero, moveTexel: .zero, lane: 0,
              fraction: 0))
        }
        let bounds = input.layer.bounds
        let origin = SIMD2(Double(bounds.x), Double(bounds.y)) * scale
        let size = SIMD2(Double(input.layer.size.x), Double(input.layer.size.y)) * scale
        // Four samples to a texel across; on the 8×2 grid these are whole numbers.
        let texel = SIMD2<Double>(4, 1)
        let texelOrigin = (origin - outputOrigin) / texel
        // A sample at output position X shows the input's sample X − shift − origin, the
        // shift along the axis the pictures move on.
        let along = across ? 0 : 1
        let reach = (outputOrigin - origin - shift)[along]
        let whole = reach.rounded(.down)
        var moveTexel = -texelOrigin
        var lane = 0.0
        if along == 0 {
          lane = whole - 4 * (whole / 4).rounded(.down)
          moveTexel.x = (whole - lane) / 4
        } else {
          moveTexel.y = whole
        }
        return UniformMembers(
          uniformMembers: Self.members(
            opacity: input.opacity, texelOrigin: texelOrigin, texels: size / texel,
            moveTexel: moveTexel, lane: lane, fraction: reach - whole))
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
      let size = target.size
      let region =
        plane == .luma
        ? SIMD4(0, 0, Int32(size.x / 4), Int32(size.y))
        : SIMD4(0, 0, Int32(size.x / 8), Int32(size.y / 2))
      try program.draw(
        into: plane == .luma ? target.luma : target.chroma,
        textures: textures.filter { program.uniformLocation($0.key) != nil }, region: region)
    }
    count += 1
  }

  private func program(file: String, target: StackTarget, moved: Bool) throws -> ShaderProgram {
    let writer = "\(target == .luma ? "writeLuma" : "writeChroma")(\(moved))"
    let key = "\(file) \(writer)"
    if let cached = programs[key] { return cached }
    let program = try AssembledProgram.make(
      context: context, parts: ["Transition.frag", file],
      generated: "void main() { \(writer); }\n",
      generatedName: "Transition.frag (generated main)")
    programs[key] = program
    return program
  }

  /// The members of `Transition.frag`'s `TransitionInput`.
  private static func members(
    opacity: Double, texelOrigin: SIMD2<Double>, texels: SIMD2<Double>,
    moveTexel: SIMD2<Double>, lane: Double, fraction: Double
  ) -> [UniformMember] {
    func vector(_ value: SIMD2<Double>) -> UniformValue {
      .vec2(SIMD2(Float(value.x), Float(value.y)))
    }
    return [
      UniformMember("opacity", .float(Float(opacity))),
      UniformMember("texelOrigin", vector(texelOrigin)), UniformMember("texels", vector(texels)),
      UniformMember("moveTexel", vector(moveTexel)), UniformMember("moveLane", .float(Float(lane))),
      UniformMember("moveFraction", .float(Float(fraction))),
    ]
  }
}
