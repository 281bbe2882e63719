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
    // Unmoved pictures are read a texel at a time (see Transition.frag).
    let moved = shifts.outgoing != .zero || shifts.incoming != .zero
    for plane in [StackTarget.luma, .chroma] {
      let program = try self.program(file: effect.file, target: plane, moved: moved)
      // Plane samples: luma at full size, chroma at half.
      let scale = plane == .luma ? 1.0 : 0.5
      let outputOrigin = SIMD2(Double(target.bounds.x), Double(target.bounds.y)) * scale
      func uniforms(_ input: Input?, shift: SIMD2<Double>) -> UniformMembers {
        func vector(_ value: SIMD2<Double>) -> UniformValue {
          .vec2(SIMD2(Float(value.x), Float(value.y)))
        }
        guard let input else {
          return UniformMembers(uniformMembers: [
            UniformMember("origin", .vec2(.zero)), UniformMember("size", .vec2(.zero)),
            UniformMember("opacity", .float(0)), UniformMember("shift", .vec2(.zero)),
            UniformMember("texelOrigin", .vec2(.zero)), UniformMember("texels", .vec2(.zero)),
          ])
        }
        let bounds = input.layer.bounds
        let origin = SIMD2(Double(bounds.x), Double(bounds.y)) * scale
        let size = SIMD2(Double(input.layer.size.x), Double(input.layer.size.y)) * scale
        // Four samples to a texel across; on the 8×2 grid these are whole numbers.
        let texel = SIMD2<Double>(4, 1)
        return UniformMembers(uniformMembers: [
          UniformMember("origin", vector(origin)), UniformMember("size", vector(size)),
          UniformMember("opacity", .float(Float(input.opacity))),
          UniformMember("shift", vector(shift * scale)),
          UniformMember("texelOrigin", vector((origin - outputOrigin) / texel)),
          UniformMember("texels", vector(size / texel)),
        ])
      }
      try program.set(uniforms(outgoing, shift: shifts.outgoing), as: "outgoing")
      try program.set(uniforms(incoming, shift: shifts.incoming), as: "incoming")
      try program.setIfActive(
        "outputOrigin",
        .vec2(SIMD2(Float(Double(target.bounds.x) * scale), Float(Double(target.bounds.y) * scale)))
      )
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
    let writer = (target == .luma ? "writeLuma" : "writeChroma") + (moved ? "" : "Aligned")
    let key = "\(file) \(writer)"
    if let cached = programs[key] { return cached }
    let program = try AssembledProgram.make(
      context: context, parts: ["Transition.frag", file],
      generated: "void main() { \(writer)(); }\n",
      generatedName: "Transition.frag (generated main)")
    programs[key] = program
    return program
  }
}
